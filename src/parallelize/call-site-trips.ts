import { evalInt } from "../ir/const-eval.js";
import type { Expr } from "../ir/expr.js";
import type { Procedure } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import type { SummaryLookup } from "../analysis/summaries/summary.js";
import type { CommonFacts } from "../analysis/regions/common-facts.js";
import { assignedInStmts } from "../analysis/assigned-in.js";
import { escapedNames } from "../analysis/escaped-names.js";
import { callersOf, type CallGraph } from "./call-graph.js";
import { tripForm } from "./trip-count.js";
import { subscriptExtent, tighter, type TripBound } from "./trip-bounds.js";

/**
 * Trip-count caps from what the calls of a procedure pass (issue 17): a
 * loop `do i = 1, n` over a dummy (or C parameter) `n` that the procedure
 * never changes runs at most as often as the largest `n` its calls give,
 * when every call gives a constant: a literal, a named constant, or a
 * COMMON scalar set once for the run to one (NPB LU's `ist`, `iend`, which
 * ssor passes to blts: common-facts.ts). The e2e program f49 calls
 * `addto(a, b, n)` 600 times with n = 400: planned alone, its loop got
 * `if(n >= 20000)`, a region entered 600 times for nothing (an `if()` that
 * is false still enters the runtime, profit-guard.ts). Only when every
 * call is known (`whole`: the run is the whole program, or a C static
 * function): a library routine's callers out of sight may pass anything.
 * A heuristic's input, as the value ranges' caps (trip-bounds.ts):
 * nothing correct depends on it.
 */
export function callSiteTrips(proc: Procedure, graph: CallGraph, whole: boolean, summaries: SummaryLookup, facts?: CommonFacts): TripBound {
  // A function whose address is taken (C's qsort(..., cmp)) may be called from anywhere, with anything.
  const sites = whole && !escapedNamesOf(graph).has(proc.name) ? callersOf(graph, proc) : [];
  if (sites.length === 0) return () => null;
  let changed: Set<Sym> | undefined;
  // The value each dummy has at every call, per call; null when some call gives no constant.
  const valuesAt = new Map<Sym, number[] | null>();
  const values = (sym: Sym): number[] | null => {
    if (valuesAt.has(sym)) return valuesAt.get(sym)!;
    const k = proc.params.indexOf(sym);
    changed ??= assignedInStmts(proc.body, summaries);
    let out: number[] | null = null;
    if (k >= 0 && sym.dims.length === 0 && !changed.has(sym)) {
      out = [];
      for (const site of sites) {
        const args = actuals(site.stmt, proc, graph, site.caller);
        const v = args?.[k] ? valueOf(args[k]!, site.caller, facts) : undefined;
        if (v === undefined) {
          out = null;
          break;
        }
        out.push(v);
      }
    }
    valuesAt.set(sym, out);
    return out;
  };
  /** The value `e` has at call i, with the dummies every call gives a constant replaced by it. */
  const at = (e: Expr, i: number): number | undefined => evalInt(e, 0, (sym) => values(sym)?.[i]);
  return (loop: Loop) => {
    // The extents its index subscripts, in dummies' declared shapes (`v(5, ldmx/2*2+1, *)`), at each call's values.
    let extent: number | null = null;
    for (let i = 0; i < sites.length; i++) {
      const n = subscriptExtent(loop, (e) => at(e, i));
      if (n === null) {
        extent = null;
        break;
      }
      extent = Math.max(extent ?? 0, n);
    }
    const f = tripForm(loop);
    if (!f || f.span.terms.length === 0) return extent;
    const per: number[][] = [];
    for (const t of f.span.terms) {
      if (t.e.kind !== "var") return extent;
      const v = values(t.e.sym);
      if (!v) return extent;
      per.push(v);
    }
    let most = 0;
    for (let i = 0; i < sites.length; i++) {
      const span = f.span.constant + f.span.terms.reduce((acc, t, j) => acc + t.coef * per[j]![i]!, 0);
      most = Math.max(most, Math.floor((span - 1 + f.step) / f.step));
    }
    return tighter(most, extent);
  };
}

/** The arguments of the call of `proc` that a site's statement makes (a CALL; a function reference in an expression gives none). */
function actuals(stmt: Stmt, proc: Procedure, graph: CallGraph, caller: Procedure): readonly Expr[] | null {
  const reaches = (name: string) => graph.resolve(name, caller) === proc || (graph.alternatives(name, caller) ?? []).includes(proc);
  if (stmt.kind === "call" && reaches(stmt.name)) return stmt.args;
  return null;
}

const escapes = new WeakMap<CallGraph, Set<string>>();

/** The names of the procedures of the graph's programs used as values (a C function's address, a procedure passed on), once per graph. */
function escapedNamesOf(graph: CallGraph): Set<string> {
  let out = escapes.get(graph);
  if (!out) escapes.set(graph, (out = escapedNames(graph.topDown)));
  return out;
}

/** The integer an actual argument has at its call: constant, or built from COMMON scalars set once to constants (common-facts.ts); undefined otherwise. */
function valueOf(e: Expr, proc: Procedure, facts: CommonFacts | undefined, depth = 0): number | undefined {
  return evalInt(e, 0, (sym) => {
    const v = depth < 4 ? facts?.valueIn(proc, sym) : undefined;
    return v ? valueOf(v, proc, facts, depth + 1) : undefined;
  });
}
