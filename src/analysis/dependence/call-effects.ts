import { valueType } from "../../ir/value-type.js";
import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import type { ProcedureFlow } from "../flow-analysis.js";
import type { ProcedureSummary, SummaryLookup } from "../summaries/summary.js";
import { visibleToCallees } from "./proc-index.js";

/**
 * What a call may do to the caller's variables, for the subscript values
 * (is grid_points(1) still the same after `call matvec_sub(...)`?) and for
 * the array references a call makes out of sight. With the callee's
 * summary (the dataflow issue's, seed 004 §1.1 Case 4) only what it may
 * write changes: the actual arguments of formals it may modify, the
 * members of the COMMON blocks it writes (a whole block when any part of
 * it: Conservative), the module, global and host variables it writes.
 * Without a summary, or when the callee calls something unseen: every
 * argument and every variable a callee can reach (Conservative).
 *
 * Three things a summary does not name are kept apart:
 * - storage the caller gets no array reference for (a COMMON block only
 *   the callee has, COMMON scalars, arrays it never names; anything, for
 *   an unknown callee): `hidden`, one pseudo-array (HIDDEN in
 *   references.ts), so that two iterations of the call still conflict
 *   with each other;
 * - writes through pointers (a C pointer, a Fortran POINTER, a derived
 *   type or struct that may hold one): the summary marks the pointer
 *   written, not what it points to, so `throughPointers` makes the call
 *   write any memory (MEMORY in references.ts, wild in proc-index.ts);
 * - C arguments that pass a pointer value (not an array name or `&x`)
 *   to a formal the callee writes: the same (see `passesPointer`).
 */
export interface CallEffect {
  /** Whether the call may write `sym`: as the actual of argument `argIndex`, or (null) out of sight. */
  writes(sym: Sym, argIndex: number | null): boolean;
  /** Whether the call may read `sym` out of sight (COMMON, module, global, host), not counting its arguments. */
  reads(sym: Sym): boolean;
  /** Whether the callee may read its argument number k. */
  readsArg(k: number): boolean;
  /** Summary known: only what it lists is touched. */
  summarized: boolean;
  /**
   * May read (use) or write (def) storage out of sight other than the
   * symbols `covered` accepts (those the caller gets references of its
   * own for): COMMON blocks it does not declare or whose members it does
   * not all cover (scalars included: the caller may never reference them,
   * and then no other analysis sees them), module, global and host
   * variables it does not cover; anything, for an unknown callee.
   */
  hidden(what: "use" | "mod", covered: (sym: Sym) => boolean): boolean;
  /** May write through a pointer it reaches out of sight: any memory a pointer reaches. */
  throughPointers: boolean;
  /** Arrays it touches out of sight that the caller does not declare itself (module, global and host variables it names). */
  foreign: readonly Sym[];
}

/** A lookup of summaries by called name, from the dataflow results of one file. */
export function summaryLookup(flows: readonly ProcedureFlow[], language: "fortran" | "c"): SummaryLookup {
  const key = (n: string) => (language === "fortran" ? n.toLowerCase() : n);
  const byName = new Map<string, ProcedureSummary | null>();
  for (const f of flows) {
    const k = key(f.proc.name);
    // Conservative: two procedures of the same name (module procedures, internal ones) are ambiguous: no summary.
    byName.set(k, byName.has(k) ? null : f.summary);
  }
  return (name) => byName.get(key(name)) ?? undefined;
}

/** What the caller `proc` declares: its own symbols, its COMMON blocks, its EQUIVALENCE groups. */
class CallerView {
  readonly own: Set<Sym>;
  private readonly blocks = new Map<string, Sym[]>();
  private readonly groups = new Map<number, Sym[]>();
  constructor(readonly proc: Procedure) {
    this.own = new Set([...proc.symbols.values(), ...proc.params]);
    for (const s of this.own) {
      if (s.storage === "common") this.blocks.set(s.common ?? "", [...(this.blocks.get(s.common ?? "") ?? []), s]);
      if (s.equivalence !== undefined) {
        const g = this.groups.get(s.equivalence) ?? [];
        g.push(s);
        this.groups.set(s.equivalence, g);
      }
    }
  }
  /** The members of a COMMON block the caller declares (none: it does not declare it). */
  members(block: string): readonly Sym[] {
    return this.blocks.get(block) ?? [];
  }
  /** A callee may reach it without an argument: COMMON, module, global, SAVE, TARGET, or a host's variable seen by an internal procedure. */
  visible(s: Sym): boolean {
    return visibleToCallees(s) || ((s.storage === "local" || s.storage === "dummy" || s.storage === "result") && !this.own.has(s));
  }
  /** The symbol and its EQUIVALENCE partners (a local equivalenced to a COMMON member changes with it). */
  storageOf(s: Sym): readonly Sym[] {
    return s.equivalence === undefined ? [s] : [s, ...(this.groups.get(s.equivalence) ?? [])];
  }
}

const views = new WeakMap<Procedure, CallerView>();
function viewOf(proc: Procedure): CallerView {
  let v = views.get(proc);
  if (!v) views.set(proc, (v = new CallerView(proc)));
  return v;
}

/** The effect of a call to `name` made in `caller`. */
export function callEffect(name: string, summaries: SummaryLookup | undefined, caller: Procedure): CallEffect {
  const s = summaries?.(name);
  const view = viewOf(caller);
  return s && !s.unknown ? summarized(s, view) : worst(view);
}

/** Conservative: an unknown callee may read and write every argument, everything it can reach, and storage the caller does not see. */
function worst(view: CallerView): CallEffect {
  const reach = (sym: Sym) => view.storageOf(sym).some((x) => view.visible(x));
  return {
    summarized: false,
    writes: (sym, arg) => arg !== null || reach(sym),
    reads: reach,
    readsArg: () => true,
    hidden: () => true,
    throughPointers: view.proc.language === "c" || [...view.own].some((x) => x.attrs.pointer === true || x.attrs.target === true),
    foreign: [],
  };
}

function summarized(s: ProcedureSummary, view: CallerView): CallEffect {
  const touched = (e: { use: unknown[] | "all"; mod: unknown[] | "all" } | undefined, what: "use" | "mod") => !!e && (e[what] === "all" || (e[what] as unknown[]).length > 0);
  const direct = (sym: Sym, what: "use" | "mod") => {
    // Conservative: any part of a COMMON block touched stands for every member of it.
    if (sym.storage === "common") return touched(s.commons.get(sym.common ?? ""), what);
    const e = s.shared.get(sym.id);
    return !!e && e[what];
  };
  const shared = (sym: Sym, what: "use" | "mod") => view.storageOf(sym).some((x) => direct(x, what));
  const foreign: Sym[] = [];
  let throughPointers = false;
  for (const e of s.shared.values()) {
    if (e.mod && !plainData(e.sym)) throughPointers = true;
    // Also the caller's own arrays an internal procedure of it reaches by host association (found by
    // fuzzing: a loop calling `s(i)`, which did a(k) = a(k - 1) + 1 on the host's array, got a directive).
    if ((e.use || e.mod) && (e.sym.dims.length > 0 || e.sym.type.base === "pointer") && (!view.own.has(e.sym) || !view.visible(e.sym))) foreign.push(e.sym);
  }
  return {
    summarized: true,
    // Conservative: an argument past the formals the summary lists may be written.
    writes: (sym, arg) => (arg !== null ? (s.formals[arg]?.mod ?? true) : shared(sym, "mod")),
    reads: (sym) => shared(sym, "use"),
    readsArg: (k) => s.formals[k]?.use ?? true,
    hidden: (what, covered) => {
      for (const [block, e] of s.commons) {
        if (!touched(e, what)) continue;
        const members = view.members(block);
        if (members.length === 0 || !members.every(covered)) return true;
      }
      for (const e of s.shared.values()) if (e[what] && !covered(e.sym)) return true;
      return false;
    },
    throughPointers,
    foreign,
  };
}

/** Numbers, logicals and characters that are not Fortran POINTERs: writing them writes nothing else. */
function plainData(sym: Sym): boolean {
  const b = sym.type.base;
  return (b === "integer" || b === "real" || b === "complex" || b === "logical" || b === "character" || (b === "derived" && sym.type.members !== undefined)) && !sym.attrs.pointer;
}

/**
 * A C argument that gives the callee a pointer to memory other than one
 * named object: a pointer variable, pointer arithmetic, a struct that may
 * hold pointers. (`&x`, `&a[i]` and an array name give it `x` or `a`,
 * which the caller then sees written; a number is passed by value.) In
 * Fortran, an actual that is a POINTER.
 */
export function passesPointer(a: Expr, language: "fortran" | "c"): boolean {
  if (language !== "c") return (a.kind === "var" || a.kind === "elem" || a.kind === "section") && a.sym.attrs.pointer === true;
  if (a.kind === "addr") return !(a.operand.kind === "var" || a.operand.kind === "elem" || a.operand.kind === "section");
  // A string literal points to storage of its own, which no variable shares (writing it is undefined behaviour).
  if (a.kind === "string") return false;
  if (a.kind === "var" && a.sym.dims.length > 0 && !a.sym.attrs.pointer) return false;
  const t = valueType(a);
  if (!t) return true;
  const b = t.base;
  return !(b === "integer" || b === "real" || b === "complex" || b === "logical" || b === "character");
}

/**
 * Arrays (C pointers among them) of the procedure a callee may reach
 * without being passed them: COMMON, module, global and SAVE ones it
 * declares, and the host's arrays an internal procedure names.
 */
export function reachableArrays(proc: Procedure): Sym[] {
  const view = viewOf(proc);
  return [...new Set([...view.own, ...namedArrays(proc)])].filter((s) => isStorageArray(s) && view.visible(s));
}

/** Arrays (and C pointers) the procedure's statements name. */
export function namedArrays(proc: Procedure): Sym[] {
  const all = new Set<Sym>();
  walkStmts(proc.body, (s) => {
    for (const e of stmtExprs(s)) walkExpr(e, (x) => {
      if ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && isStorageArray(x.sym)) all.add(x.sym);
    });
  });
  return [...all];
}

/** An array or a C pointer that is a variable (not a procedure or a named constant). */
export function isStorageArray(s: Sym): boolean {
  return (s.dims.length > 0 || s.type.base === "pointer") && s.storage !== "procedure" && s.storage !== "parameter";
}
