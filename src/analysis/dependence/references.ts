import { MAX_NEST_DEPTH } from "../nest-depth.js";
import type { Expr } from "../../ir/expr.js";
import type { Procedure, StatementFunction } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import { isArray, type Sym } from "../../ir/symbol.js";
import { childBlocks, stmtExprs } from "../../ir/walk.js";
import { pointedArgument } from "../../ir/pointed-argument.js";
import { substringElements } from "../../ir/substring-elements.js";
import { aliasKind } from "./alias.js";
import { callEffect, isStorageArray, namedArrays, passesPointer, reachableArrays, type CallEffect } from "./call-effects.js";
import { boxText, singleValue, type Box } from "../regions/box.js";
import type { CallRegions, CallSiteRef, Fit } from "../regions/call-regions.js";
import type { ArrayRegions } from "../summaries/summary.js";

/**
 * Every array access of a procedure, in execution order: the nodes of the
 * array dependence problems (seed 004 §1.2: a point for each reference).
 * Within a statement the reads (right-hand side, then subscripts) come
 * before the write, as they execute.
 *
 * A reference whose subscripts cannot be read (a call that receives the
 * array, an implied DO, a whole-array or pointer access) has `subs` null:
 * it may touch any element.
 */
export interface ArrayRef {
  id: number;
  sym: Sym;
  /** The access as written: an elem, section or var node (or the call argument). */
  expr: Expr;
  kind: "def" | "use";
  stmt: Stmt;
  /** Position in execution order within one iteration of every enclosing loop. */
  order: number;
  /** Enclosing loops, outermost first. */
  loops: readonly Loop[];
  /** Subscripts per declared dimension (null: a triplet or unknown); null: any element. */
  subs: (Expr | null)[] | null;
  /** Why `subs` is null or incomplete. */
  why?: string;
  /** Conditions that hold when the reference executes, innermost last. */
  guards: Guard[];
  /**
   * A call's access whose subscripts hold only while these comparisons do
   * (regions/call-regions.ts's `fits`: an element actual's storage stays in
   * its column); the pairs it makes assume them, as a run-time check.
   */
  fits?: readonly Fit[];
  /** The call that makes the access, for a reference with `fits`. */
  call?: string;
}

export interface Guard {
  cond: Expr;
  /** True on the THEN branch, false on the ELSE branch. */
  positive: boolean;
  /** The IF statement (where the condition is evaluated). */
  at: Stmt;
}

/**
 * The target of an access through a pointer whose base doesn't name a
 * variable (`*(*(g.u + i) + j)`): any memory a pointer can reach. As a C
 * pointer it may alias every array (alias.ts), itself included.
 */
export const MEMORY: Sym = {
  id: -1,
  name: "(memory)",
  type: { base: "pointer", pointee: { base: "unknown" } },
  dims: [],
  layout: "row-major",
  storage: "global",
  attrs: {},
  span: { file: "", line: 0, column: 0, endLine: 0, endColumn: 0 },
};

/**
 * What a call may touch that the caller does not name (a COMMON block
 * only the callee has, members the caller declares but never uses;
 * anything, for an unknown callee): disjoint from every array the caller
 * names, so it only conflicts with calls, e.g. the same call in another
 * iteration.
 */
export const HIDDEN: Sym = {
  id: -2,
  name: "(storage out of sight)",
  type: { base: "unknown" },
  dims: [],
  layout: "row-major",
  storage: "global",
  attrs: {},
  span: { file: "", line: 0, column: 0, endLine: 0, endColumn: 0 },
};

/** Whether a symbol is accessed as memory with elements (an array or a C pointer). */
export function isArrayLike(s: Sym): boolean {
  return isArray(s) || s.type.base === "pointer";
}

/**
 * `effectOf` says what a call does (call-effects.ts): its arguments are read
 * and written as its summary says (both without one), and the arrays it
 * reaches out of sight (COMMON, module, global) are accessed at the call,
 * any element (Conservative), so that no access hides in a callee.
 */
export function collectRefs(proc: Procedure, effectOf: (name: string) => CallEffect = (n) => callEffect(n, undefined, proc), regionsOf?: (call: CallSiteRef) => CallRegions): ArrayRef[] {
  const out: ArrayRef[] = [];
  let order = 0;
  // The statement functions whose bodies a statement has read already: a body reads the same
  // references whatever the actuals (they are values), so reading it once per statement is
  // enough, and a chain of statement functions that each call the previous one twice
  // (legal, and 2^n expansions deep) costs n. It also ends a cycle bad input may hold.
  const bodiesRead = new WeakMap<Stmt, Set<StatementFunction>>();
  const loops: Loop[] = [];
  const guards: Guard[] = [];

  const add = (sym: Sym, expr: Expr, kind: "def" | "use", stmt: Stmt, subs: (Expr | null)[] | null, why?: string) => {
    // Only the outer MAX_NEST_DEPTH loops: deeper ones are not analyzed (nest-depth.ts).
    const r: ArrayRef = { id: out.length, sym, expr, kind, stmt, order: order++, loops: loops.slice(0, MAX_NEST_DEPTH), subs, guards: guards.slice() };
    if (why) r.why = why;
    out.push(r);
    return r;
  };

  /** Reads in an expression; `opaque` marks references inside an implied DO. */
  const reads = (e: Expr, stmt: Stmt, opaque: string | null): void => {
    switch (e.kind) {
      case "elem":
        for (const s of e.subs) reads(s, stmt, opaque);
        if (opaque) add(e.sym, e, "use", stmt, null, opaque);
        else add(e.sym, e, "use", stmt, e.subs.slice());
        return;
      case "section":
        for (const s of e.subs) {
          if (s.kind === "triplet") for (const p of [s.lo, s.hi, s.stride]) p && reads(p, stmt, opaque);
          else reads(s, stmt, opaque);
        }
        if (e.substring) {
          // w(i)(1:3): a part of element w(i), as the dependences go (a scalar's substring is no array access).
          if (isArrayLike(e.sym)) {
            const part = substringRef(e);
            add(e.sym, e, "use", stmt, opaque ? null : part.subs, opaque ?? part.why);
          }
          return;
        }
        add(e.sym, e, "use", stmt, opaque ? null : e.subs.map((s) => (s.kind === "triplet" ? null : s)), opaque ?? "array section");
        return;
      case "var":
        if (isArrayLike(e.sym)) add(e.sym, e, "use", stmt, null, opaque ?? "whole array");
        return;
      case "call":
        if (e.intrinsic && e.pure) {
          for (const a of e.args) reads(a, stmt, opaque);
          return;
        }
        if (e.sym?.attrs.statementFunction) {
          // Its arguments are values; its body may read arrays (any element: Conservative).
          for (const a of e.args) reads(a, stmt, opaque);
          const sf = proc.statementFunctions.get(e.name.toLowerCase()) ?? proc.statementFunctions.get(e.name);
          if (sf) {
            let read = bodiesRead.get(stmt);
            if (!read) bodiesRead.set(stmt, (read = new Set()));
            if (!read.has(sf)) {
              read.add(sf);
              reads(sf.body, stmt, `read by the statement function ${e.name}`);
            }
          } else callSite(e.name, e.args, stmt, e);
          return;
        }
        callSite(e.name, e.args, stmt, e);
        return;
      case "implied-do":
        for (const x of [e.lower, e.upper, e.step]) x && reads(x, stmt, opaque);
        for (const it of e.items) reads(it, stmt, "inside an implied DO");
        return;
      case "assign-expr":
        if (e.value) reads(e.value, stmt, opaque);
        writes(e.target, stmt, opaque);
        if (e.op !== "=") reads(e.target, stmt, opaque);
        return;
      case "deref":
        reads(e.operand, stmt, opaque);
        for (const s of pointerBases(e.operand)) add(s, e, "use", stmt, null, "access through a pointer");
        return;
      case "member":
        if (e.arrow) {
          reads(e.base, stmt, opaque);
          for (const s of pointerBases(e.base)) add(s, e, "use", stmt, null, "access through a pointer");
          return;
        }
        reads(e.base, stmt, opaque);
        return;
      default:
        for (const c of children(e)) reads(c, stmt, opaque);
    }
  };

  /**
   * An argument of a call that may read and write what it is given: from
   * that element on (Fortran passes by reference, C an array's address),
   * so any element. A C pointer value (`p`, `p + i`) may point anywhere:
   * the pointers it is made of (alias.ts), or MEMORY.
   */
  const passed = (a: Expr, stmt: Stmt, why: string, use = true, def = true): void => {
    if (a.kind === "elem" || a.kind === "section" || (a.kind === "var" && isArrayLike(a.sym))) {
      if (a.kind === "elem") for (const s of a.subs) reads(s, stmt, null);
      if (a.kind === "section") for (const s of a.subs) if (s.kind !== "triplet") reads(s, stmt, null);
      if (use) add(a.sym, a, "use", stmt, null, why);
      if (def) add(a.sym, a, "def", stmt, null, why);
    } else if (a.kind === "addr" && (a.operand.kind === "elem" || a.operand.kind === "section" || a.operand.kind === "var")) {
      // &a[i] gives the callee a (from element i on): what the callee does to it, a suffers.
      passed(a.operand, stmt, why, use, def);
    } else if (a.kind === "member" && !a.arrow) {
      // Conservative: a component (x%a, s.a) stands for the whole element or variable it is part of.
      passed(a.base, stmt, why, use, def);
    } else {
      reads(a, stmt, null);
      if (passesPointer(a, proc.language)) for (const s of pointerBases(a)) {
        if (use) add(s, a, "use", stmt, null, why);
        if (def) add(s, a, "def", stmt, null, why);
      }
    }
  };

  const reachable = reachableArrays(proc);
  const named = namedArrays(proc);
  /**
   * Whether a call's access to `sym` is a reference of its own: only when
   * the procedure names an array that may share storage with it. Other
   * storage can only conflict with other calls' accesses, and is folded
   * into HIDDEN (one use, one def per call) so that a call touching a
   * large COMMON block does not make pairs for every member.
   */
  const ownRef = new Map<Sym, boolean>();
  const seen = (sym: Sym) => {
    let b = ownRef.get(sym);
    if (b === undefined) ownRef.set(sym, (b = named.some((n) => aliasKind(n, sym) !== "disjoint")));
    return b;
  };
  /**
   * The elements a call touches in an array, from its callee's regions
   * (regions/call-regions.ts): a reference per box, with the dimensions
   * where the box is one value as subscripts and the others unknown.
   */
  const regionRefs = (sym: Sym, r: ArrayRegions, name: string, at: Expr, stmt: Stmt, fits: readonly Fit[] | undefined): void => {
    const text = (b: Box) => boxText(sym, b, proc.language);
    const fitted = (ref: ArrayRef) => {
      if (!fits?.length) return;
      ref.fits = fits;
      ref.call = name;
    };
    for (const b of r.use) fitted(add(sym, at, "use", stmt, b.map((x) => singleValue(x)), `${name} reads ${text(b)}`));
    for (const b of r.mod) fitted(add(sym, at, "def", stmt, b.map((x) => singleValue(x)), `${name} writes ${text(b)}`));
  };
  /** A call: its arguments, then what it may touch out of sight (call-effects.ts). */
  const callSite = (name: string, written: readonly Expr[], stmt: Stmt, node: Expr | null): void => {
    // `&a[j][0] + 1` passes what `&a[j][1]` does (the regions are translated the same way: call-regions.ts).
    const args = proc.language === "c" ? written.map(pointedArgument) : written;
    const eff = effectOf(name);
    const why = `passed to ${name}`;
    // Regions only from a summary (an unknown callee touches everything it may reach, as below).
    const regions = eff.summarized ? regionsOf?.({ name, args: written, span: node?.span ?? stmt.span }) : undefined;
    const bounded = (r: ArrayRegions | undefined): r is ArrayRegions => !!r && [...r.mod, ...r.use].some((b) => b.some((x) => x !== null));
    const byRegion = new Set<Sym>();
    args.forEach((a, k) => {
      const base = a.kind === "elem" || a.kind === "section" || a.kind === "var" ? a.sym : a.kind === "addr" && (a.operand.kind === "elem" || a.operand.kind === "var") ? a.operand.sym : MEMORY;
      const r = regions?.arrays.get(base);
      if (bounded(r) && base !== MEMORY && isStorageArray(base) && base.type.base !== "pointer") {
        // Its subscripts are read at the call; what the callee does is in its regions (once per array).
        passed(a, stmt, why, false, false);
        // The argument as written names the references (`b[j] + 1`, not the `&b[j][1]` it is).
        if (!byRegion.has(base)) regionRefs(base, r, name, written[k]!, stmt, regions?.fits?.get(base));
        byRegion.add(base);
        return;
      }
      passed(a, stmt, why, eff.readsArg(k), eff.writes(base, k));
    });
    const at = (sym: Sym): Expr => node ?? { kind: "var", sym, span: stmt.span };
    const covered = (sym: Sym) => isStorageArray(sym) && seen(sym);
    let hiddenUse = eff.hidden("use", covered);
    let hiddenDef = eff.hidden("mod", covered);
    for (const sym of new Set([...reachable, ...eff.foreign])) {
      if (byRegion.has(sym)) continue;
      const r = eff.reads(sym);
      const w = eff.writes(sym, null);
      if (!seen(sym)) {
        hiddenUse ||= r;
        hiddenDef ||= w;
        continue;
      }
      const known = regions?.arrays.get(sym);
      // With a summary, an array its regions leave out is not touched (its COMMON extents, its shared variables).
      if (regions && !regions.opaque && (!known || known.mod.length + known.use.length === 0)) continue;
      if (bounded(known) && (w || r)) regionRefs(sym, known, name, at(sym), stmt, regions?.fits?.get(sym));
      else if (w) add(sym, at(sym), "def", stmt, null, `written by ${name}`);
      // A write at the call already conflicts with whatever a read there would (flow, anti, output).
      else if (r) add(sym, at(sym), "use", stmt, null, `read by ${name}`);
    }
    if (hiddenDef) add(HIDDEN, at(HIDDEN), "def", stmt, null, `written by ${name} (storage not named here)`);
    else if (hiddenUse) add(HIDDEN, at(HIDDEN), "use", stmt, null, `read by ${name} (storage not named here)`);
    if (eff.throughPointers) add(MEMORY, at(MEMORY), "def", stmt, null, `written through a pointer by ${name}`);
  };

  /** The target of an assignment or READ: its subscripts are read, then it is written. */
  const writes = (t: Expr, stmt: Stmt, opaque: string | null): void => {
    switch (t.kind) {
      case "elem":
        for (const s of t.subs) reads(s, stmt, opaque);
        add(t.sym, t, "def", stmt, opaque ? null : t.subs.slice(), opaque ?? undefined);
        return;
      case "section":
        for (const s of t.subs) if (s.kind !== "triplet") reads(s, stmt, opaque);
        else for (const p of [s.lo, s.hi, s.stride]) p && reads(p, stmt, opaque);
        if (!t.substring) add(t.sym, t, "def", stmt, opaque ? null : t.subs.map((s) => (s.kind === "triplet" ? null : s)), opaque ?? "array section");
        // w(i)(1:1) = ...: a write of part of w(i) (found by fuzzing: it was no reference at all, and a loop
        // copying w(i + 1)(1:1) into w(i)(1:1) got a directive).
        else if (isArrayLike(t.sym)) {
          const part = substringRef(t);
          add(t.sym, t, "def", stmt, opaque ? null : part.subs, opaque ?? part.why);
        }
        return;
      case "var":
        if (isArrayLike(t.sym)) add(t.sym, t, "def", stmt, null, opaque ?? "whole array");
        return;
      case "member":
        if (t.arrow) {
          reads(t.base, stmt, opaque);
          for (const s of pointerBases(t.base)) add(s, t, "def", stmt, null, "write through a pointer");
          return;
        }
        // A component of an element: the element is written (conservatively, all of it).
        writes(t.base, stmt, opaque);
        return;
      case "implied-do":
        for (const x of [t.lower, t.upper, t.step]) x && reads(x, stmt, opaque);
        for (const it of t.items) writes(it, stmt, "inside an implied DO");
        return;
      case "deref":
        reads(t.operand, stmt, opaque);
        for (const s of pointerBases(t.operand)) add(s, t, "def", stmt, null, "write through a pointer");
        return;
      default:
        reads(t, stmt, opaque);
    }
  };

  const visit = (list: readonly Stmt[]): void => {
    for (const s of list) {
      switch (s.kind) {
        case "assign":
          reads(s.rhs, s, null);
          writes(s.lhs, s, null);
          break;
        case "call":
          if (s.pure) for (const a of s.args) reads(a, s, null);
          else callSite(s.name, s.args, s, null);
          break;
        case "io":
          for (const c of s.controls) reads(c, s, null);
          for (const u of s.uses) reads(u, s, null);
          for (const d of s.defs) writes(d, s, null);
          break;
        case "allocate":
        case "deallocate":
          for (const o of s.objects) if (o.kind === "var" || o.kind === "elem") add(o.sym, o, "def", s, null, s.kind);
          break;
        default:
          for (const e of stmtExprs(s)) reads(e, s, null);
      }
      if (s.kind === "loop") {
        loops.push(s);
        for (const b of childBlocks(s)) visit(b);
        loops.pop();
      } else if (s.kind === "if") {
        guards.push({ cond: s.cond, positive: true, at: s });
        visit(s.then);
        guards.pop();
        guards.push({ cond: s.cond, positive: false, at: s });
        visit(s.else);
        guards.pop();
      } else for (const b of childBlocks(s)) visit(b);
    }
  };
  visit(proc.body);
  return out;
}

function children(e: Expr): Expr[] {
  switch (e.kind) {
    case "unary":
    case "cast":
    case "addr":
      return [e.operand];
    case "binary":
      return [e.left, e.right];
    case "cond":
      return [e.cond, e.then, e.else];
    case "member":
      return [e.base];
    case "array-ctor":
      return e.items;
    default:
      return [];
  }
}

/**
 * The variables an address expression may point into (`p`, `p + i`,
 * `&a[i]`), or MEMORY when it is built from something else (a load of a
 * pointer, a member): Conservative.
 */
function pointerBases(e: Expr): Sym[] {
  const out: Sym[] = [];
  let unknown = false;
  const go = (x: Expr) => {
    if (x.kind === "var") {
      if (isArrayLike(x.sym)) out.push(x.sym);
      else if (x.sym.type.base !== "integer") unknown = true;
    } else if (x.kind === "binary") {
      go(x.left);
      go(x.right);
    } else if (x.kind === "addr" && (x.operand.kind === "elem" || x.operand.kind === "var")) out.push(x.operand.sym);
    else if (x.kind === "cast") go(x.operand);
    else if (x.kind !== "int") unknown = true;
  };
  go(e);
  if (unknown || out.length === 0) out.push(MEMORY);
  return out;
}

/** A substring of array elements as an array reference: its elements' subscripts (a section's dimension: null), and why it stands for several elements. */
function substringRef(e: Extract<Expr, { kind: "section" }>): { subs: (Expr | null)[]; why: string | undefined } {
  const el = substringElements(e);
  return el.kind === "elem" ? { subs: el.subs.slice(), why: undefined } : { subs: el.subs.map((s) => (s.kind === "triplet" ? null : s)), why: "array section" };
}
