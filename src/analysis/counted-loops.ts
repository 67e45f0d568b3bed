import type { Expr } from "../ir/expr.js";
import type { Procedure } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { collectLoops, stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import { libcFunction } from "../frontend/c/libc.js";
import { WORST_FORMAL, type SummaryLookup } from "./summaries/summary.js";

/**
 * C for loops the front end left uncounted only because their bound reads
 * globals that the calls in the body might change (`for (k = 0; k <=
 * grid_points[2]-1; k++) { ... exact_solution(xi, eta, zeta, dtemp); }`,
 * Loop.countedIf), made counted once the callees' summaries (seed 004
 * §1.1 Case 4) show that no call in the body writes any of those globals:
 * neither the callee itself (its MOD of globals, through its own callees)
 * nor through a pointer the call hands it. Run before a procedure's
 * control-flow graph is built, when its callees' summaries are known
 * (flow-analysis.ts): a deferred decision of the front end, not a
 * rewrite of the program.
 *
 * Conservative: a call without a summary (not in the files given, through
 * a function pointer, recursive), a callee that calls something unknown,
 * or a pointer argument that may point to a kept global (any pointer
 * value; an array or `&x` of that global) keeps the loop uncounted.
 */
export function confirmCountedLoops(proc: Procedure, lookup: SummaryLookup, reach?: Reach): void {
  for (const { loop } of collectLoops(proc.body)) count(loop, lookup, reach);
}

/**
 * What no pointer handed to a call can reach: `unreached`, globals no
 * pointer reaches at all (never an address taken in the program:
 * ProgramLink.untakenGlobal); `apart(arg, v)`, the argument's pointer never
 * into v (a parameter bound to other objects at every call of its
 * function: param-bindings.ts; NPB-C FT's `(double *)&u0[k][j][0]` is
 * never into the global dims that bounds the loop).
 */
export interface Reach {
  unreached?: (s: Sym) => boolean;
  apart?: (arg: Expr, v: Sym) => boolean;
}

/**
 * `run` with the loops of `nest` (it included) that other summaries of the
 * callees make counted (a loop planned with the quiet summaries of callees
 * that only time themselves under a flag: NPB-C FT's `for (bls = 0; bls <
 * n1; bls += fftblock)` around `Swarztrauber`, whose timers reach the clock
 * and so leave its general summary unknown): counted while `run` runs, as
 * they were before after it. The loops' text is the same either way: only
 * the analyses that `run` makes see them counted.
 */
export function withCountedLoops<T>(nest: Loop, lookup: SummaryLookup, reach: Reach, run: () => T): T {
  const saved: [Loop, Loop][] = [];
  for (const { loop } of [{ loop: nest }, ...collectLoops(nest.body)]) {
    const before = { ...loop };
    if (count(loop, lookup, reach)) saved.push([loop, before]);
  }
  try {
    return run();
  } finally {
    for (const [loop, before] of saved) {
      for (const k of Object.keys(loop)) delete (loop as unknown as Record<string, unknown>)[k];
      Object.assign(loop, before);
    }
  }
}

/** Makes `loop` counted when it waits for it (Loop.countedIf) and no call in it writes what its bounds read; whether it did. */
function count(loop: Loop, lookup: SummaryLookup, reach?: Reach): boolean {
  const c = loop.countedIf;
  if (!c || !callsKeep(loop.body, c.keep, lookup, reach)) return false;
  loop.form = "do";
  loop.index = c.index;
  loop.lower = c.lower;
  loop.upper = c.upper;
  loop.step = c.step;
  loop.cond = null;
  delete loop.init;
  delete loop.update;
  loop.candidate = true;
  delete loop.notCandidate;
  delete loop.countedIf;
  return true;
}

/** Whether no call in `body` may write any of `keep` (itself, or through a pointer it is handed that may reach it: Reach). */
function callsKeep(body: readonly Stmt[], keep: readonly Sym[], lookup: SummaryLookup, reach?: Reach): boolean {
  let ok = true;
  const unreached = reach?.unreached;
  const pointed = unreached ? keep.filter((v) => !unreached(v)) : keep;
  const apart = reach?.apart;
  const mayPoint = (a: Expr) => mayPointTo(a, apart ? pointed.filter((v) => !apart(a, v)) : pointed);
  const call = (name: string, sym: Sym | undefined, intrinsic: boolean | undefined, args: readonly Expr[]) => {
    if (!ok) return;
    const lib = intrinsic && !sym ? libcFunction(name) : undefined;
    if (lib || (intrinsic && name.startsWith("__builtin_"))) {
      // The C library writes only through the pointers it is handed (memcpy, sprintf, scanf's).
      if (lib?.effect === "writes-args" || lib?.effect === "io") ok = args.every((a) => !mayPoint(a));
      return;
    }
    if (intrinsic) return;
    const s = lookup(name);
    if (!s || s.unknown) return void (ok = false);
    if (keep.some((v) => s.shared.get(v.id)?.mod)) return void (ok = false);
    args.forEach((a, k) => {
      const f = k < s.formals.length ? s.formals[k]! : WORST_FORMAL;
      if (f.mod && mayPoint(a)) ok = false;
    });
  };
  walkStmts(body, (s) => {
    if (s.kind === "call") call(s.name, s.sym, s.intrinsic, s.args);
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && call(x.name, x.sym, x.intrinsic, x.args)));
  });
  return ok;
}

/**
 * Whether the value of argument `a` may be an address inside one of
 * `keep`: an array or `&x` of one of them, or any pointer value (it may
 * point anywhere). A value of another type passes nothing a callee can
 * write.
 */
function mayPointTo(a: Expr, keep: readonly Sym[]): boolean {
  if (keep.length === 0) return false;
  let may = false;
  walkExpr(a, (x) => {
    if (x.kind === "var" && (x.sym.attrs.pointer || x.sym.type.base === "pointer" || x.sym.type.base === "unknown")) may = true;
    else if (x.kind === "var" && x.sym.dims.length > 0 && keep.includes(x.sym)) may = true;
    else if (x.kind === "addr") {
      let o = x.operand;
      while (o.kind === "member" || o.kind === "cast") o = o.kind === "member" ? o.base : o.operand;
      if (!((o.kind === "var" || o.kind === "elem") && !o.sym.attrs.pointer && o.sym.type.base !== "pointer" && !keep.includes(o.sym))) may = true;
    } else if (x.kind === "deref" || (x.kind === "member" && x.arrow) || x.kind === "unknown" || x.kind === "call") may = true;
  });
  return may;
}

