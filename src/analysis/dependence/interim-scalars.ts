import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { childBlocks, stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import { isArrayLike } from "./references.js";

/**
 * The scalar side of the interim `parallel` verdict (issue 6 §6), until
 * the dataflow issue's regions land: a conservative, structured walk of
 * one iteration of the loop body (seed 004 §1.3, the MOD / EUSE / DDEF
 * rule for variables).
 *
 * A scalar written in the body blocks the loop unless it is the loop's own
 * index or it is defined before any use on every path through one
 * iteration (then it is private): a read of a modified scalar that no
 * definition on every path before it covers is an exposed use, and MOD ∩
 * EUSE is a carried flow dependence. (Calls, I/O and jumps are the
 * exclusions of src/parallelize/exclusions.ts; they are not repeated
 * here. A body with a jump is walked as if structured: the exclusion
 * already blocks it.)
 */
export interface ScalarBlocker {
  var: string;
  /**
   * "exposed": read before it is written in an iteration (a carried flow
   * dependence); "last-value": not written in every iteration and possibly
   * read after the loop, so which iteration wrote last matters (a carried
   * output dependence).
   */
  why: "exposed" | "last-value";
  /** Line of the exposed read, or of a write for "last-value". */
  line: number;
  /** Line of a write in the loop. */
  writeLine: number;
}

/**
 * Without the dataflow issue's liveness, "possibly read after the loop" is
 * taken broadly: visible outside the procedure, or read anywhere in the
 * procedure outside the loop (an enclosing loop may come back to a read
 * before it). A statement function reads the variables of its body.
 */
export function scalarBlockers(loop: Loop, proc: Procedure): ScalarBlocker[] {
  const out: ScalarBlocker[] = [];
  const mod = new Map<Sym, Stmt>();
  collectMods(loop.body, mod);
  if (loop.index) mod.delete(loop.index);
  const exposed = new Map<Sym, Stmt>();
  const readAll = (e: Expr, s: Stmt, ddef: Set<Sym>) => {
    for (const v of readsOf(e, proc)) if (mod.has(v) && !ddef.has(v) && !exposed.has(v)) exposed.set(v, s);
  };
  /** Reads of a definition target: the subscripts, not the variable itself. */
  const readTarget = (t: Expr, s: Stmt, ddef: Set<Sym>) => {
    if (t.kind === "elem") for (const x of t.subs) readAll(x, s, ddef);
    else if (t.kind === "section") for (const x of t.subs) x.kind === "triplet" ? [x.lo, x.hi, x.stride].forEach((p) => p && readAll(p, s, ddef)) : readAll(x, s, ddef);
    else if (t.kind === "member") readTarget(t.base, s, ddef);
    else if (t.kind !== "var") readAll(t, s, ddef);
  };
  const walk = (list: readonly Stmt[], ddef: Set<Sym>): Set<Sym> => {
    for (const s of list) {
      switch (s.kind) {
        case "assign":
          readAll(s.rhs, s, ddef);
          readTarget(s.lhs, s, ddef);
          if (s.lhs.kind === "var" && !isArrayLike(s.lhs.sym)) ddef.add(s.lhs.sym);
          break;
        case "if": {
          readAll(s.cond, s, ddef);
          const a = walk(s.then, new Set(ddef));
          const b = walk(s.else, new Set(ddef));
          ddef = new Set([...a].filter((x) => b.has(x)));
          break;
        }
        case "loop": {
          for (const e of stmtExprs(s)) readAll(e, s, ddef);
          const inner = new Set(ddef);
          if (s.index) inner.add(s.index);
          for (const st of [s.init ?? [], s.update ?? []]) walk(st, new Set(inner));
          walk(s.body, inner);
          if (s.index && s.form === "do") ddef.add(s.index);
          break;
        }
        case "switch": {
          readAll(s.selector, s, ddef);
          let acc: Set<Sym> | null = s.cases.some((c) => c.values === null) ? null : new Set(ddef);
          for (const c of s.cases) {
            const d = walk(c.body, new Set(ddef));
            acc = acc === null ? d : new Set([...acc].filter((x) => d.has(x)));
          }
          ddef = acc ?? ddef;
          break;
        }
        case "block":
          ddef = walk(s.body, ddef);
          break;
        case "io":
          for (const e of [...s.controls, ...s.uses]) readAll(e, s, ddef);
          for (const d of s.defs) readTarget(d, s, ddef);
          break;
        default:
          for (const e of stmtExprs(s)) readAll(e, s, ddef);
      }
    }
    return ddef;
  };
  const atEnd = walk(loop.body, new Set(loop.index ? [loop.index] : []));
  // Conservative: a CYCLE may end an iteration before its definitions.
  const cycles = hasCycle(loop);
  for (const [sym, at] of exposed) out.push({ var: sym.name, why: "exposed", line: at.span.line, writeLine: mod.get(sym)!.span.line });
  for (const [sym, at] of mod) {
    if (exposed.has(sym) || (atEnd.has(sym) && !cycles)) continue;
    if (possiblyLiveAfter(sym, loop, proc)) out.push({ var: sym.name, why: "last-value", line: at.span.line, writeLine: at.span.line });
  }
  return out;
}

/** Scalars an expression reads, with the bodies of the statement functions it calls. */
function readsOf(e: Expr, proc: Procedure, depth = 0): Sym[] {
  const out: Sym[] = [];
  walkExpr(e, (x) => {
    if (x.kind === "var") out.push(x.sym);
    if (x.kind === "call" && x.sym?.attrs.statementFunction && depth < 8) {
      const sf = proc.statementFunctions.get(x.name.toLowerCase()) ?? proc.statementFunctions.get(x.name);
      if (sf) for (const v of readsOf(sf.body, proc, depth + 1)) if (!sf.params.includes(v)) out.push(v);
    }
  });
  return out;
}

function hasCycle(loop: Loop): boolean {
  let found = false;
  walkStmts(loop.body, (s) => {
    if (s.kind === "cycle" && (s.loopId === loop.id || s.loopId === null)) found = true;
  });
  return found;
}

function possiblyLiveAfter(sym: Sym, loop: Loop, proc: Procedure): boolean {
  if (sym.storage !== "local" || sym.attrs.save || sym.attrs.initialized) return true;
  let read = false;
  const visit = (list: readonly Stmt[]) => {
    for (const s of list) {
      if (s === loop) continue;
      for (const e of stmtExprs(s)) {
        // The target of an assignment is written, not read (its subscripts are read).
        const target = s.kind === "assign" && e === s.lhs && e.kind === "var";
        if (!target && readsOf(e, proc).includes(sym)) read = true;
      }
      for (const b of childBlocks(s)) visit(b);
    }
  };
  visit(proc.body);
  return read;
}

/** Scalars the body may write (a call's by-reference arguments are the call exclusion's business). */
function collectMods(list: readonly Stmt[], mod: Map<Sym, Stmt>): void {
  const note = (sym: Sym, s: Stmt) => {
    if (!isArrayLike(sym) && !mod.has(sym)) mod.set(sym, s);
  };
  const visit = (l: readonly Stmt[]) => {
    for (const s of l) {
      for (const e of stmtExprs(s)) {
        walkExpr(e, (x) => {
          if (x.kind === "assign-expr" && x.target.kind === "var") note(x.target.sym, s);
        });
      }
      if (s.kind === "assign" && s.lhs.kind === "var") note(s.lhs.sym, s);
      else if (s.kind === "assign" && s.lhs.kind === "member") {
        // A component of a scalar structure: a partial write of the structure.
        let b: Expr = s.lhs;
        while (b.kind === "member") b = b.base;
        if (b.kind === "var") note(b.sym, s);
      }
      else if (s.kind === "io") for (const d of s.defs) d.kind === "var" && note(d.sym, s);
      else if (s.kind === "loop" && s.index) note(s.index, s);
      else if (s.kind === "call") for (const a of s.args) a.kind === "var" && !s.pure && note(a.sym, s);
      for (const b of s.kind === "loop" ? [s.body, s.init ?? [], s.update ?? []] : s.kind === "if" ? [s.then, s.else] : s.kind === "switch" ? s.cases.map((c) => c.body) : s.kind === "block" ? [s.body] : []) visit(b);
    }
  };
  visit(list);
}
