import { hasGotoCycle } from "../cfg/cfg.js";
import type { Direction } from "../deps/dependence.js";
import type { ProcedureFlow } from "../flow-analysis.js";
import type { Ref } from "../refs/ref.js";
import type { PairResult, ProcedureDeps } from "./analyze.js";
import type { Dir } from "./problem.js";
import type { ArrayRef } from "./references.js";
import { decidingTest } from "./solve-pair.js";

/**
 * One graph (issue 6 §4): the dataflow issue's dependence graph treats an
 * array as one variable, so each of its array edges means "these two
 * references may touch the same element" (docs/dataflow.md). This refines
 * every such edge with the array analysis of the pair:
 *
 *   - the edge's orientation (its source runs first) and its carrier (the
 *     loop whose back edge it crosses, or none) select the direction
 *     vectors that can realize it: "=" on the common loops outside the
 *     carrier and "<" at it (all "=" for a loop-independent edge);
 *   - none left: the edge does not exist; it is removed, with the test
 *     that proved it;
 *   - otherwise it gets the direction (per common loop, "*" where the
 *     vectors differ), the distances that are constant, and "exact" or
 *     "siv" when one of those decided it.
 *
 * Edges whose ends are not references of this analysis (implicit accesses
 * of calls, statement functions), pairs it did not analyze, and pairs whose
 * answer assumes subscripts within bounds are left as they are
 * (Conservative).
 */
export interface RefineCounts {
  arrayEdges: number;
  removed: number;
  refined: number;
  untouched: number;
}

const flip = (d: Dir): Dir => (d === "<" ? ">" : d === ">" ? "<" : d);

export function refineGraph(flow: ProcedureFlow, deps: ProcedureDeps): RefineCounts {
  const counts: RefineCounts = { arrayEdges: 0, removed: 0, refined: 0, untouched: 0 };
  const byExpr = new Map<unknown, ArrayRef[]>();
  for (const r of deps.refs) {
    let l = byExpr.get(r.expr);
    if (!l) byExpr.set(r.expr, (l = []));
    l.push(r);
  }
  const pairOf = new Map<ArrayRef, Map<ArrayRef, PairResult>>();
  for (const n of deps.nests) {
    for (const p of n.pairs) {
      for (const [x, y] of [
        [p.src, p.snk],
        [p.snk, p.src],
      ] as const) {
        let m = pairOf.get(x);
        if (!m) pairOf.set(x, (m = new Map()));
        m.set(y, p);
      }
    }
  }
  const mine = (r: Ref): ArrayRef | undefined => (r.expr ? byExpr.get(r.expr)?.find((a) => a.kind === r.kind) : undefined);
  const refs = flow.cfg.refs.refs;
  // A GOTO cycle around or inside a nest runs references again outside the nest's iterations;
  // the graph calls those dependences loop-independent. Leave loop-independent edges alone then.
  const gotoCycle = hasGotoCycle(flow.cfg);
  const loopIds = new Map(flow.cfg.loops.map((l) => [l.loop.id, l.loop]));
  for (const i of [...flow.deps.indices()]) {
    const s = refs[flow.deps.source(i)]!;
    const t = refs[flow.deps.sink(i)]!;
    const v = flow.cfg.vars.vars[t.var]!;
    if (v.scalar || v.pseudo) continue;
    counts.arrayEdges++;
    const a = mine(s);
    const b = mine(t);
    const pr = a && b ? pairOf.get(a)?.get(b) : undefined;
    if (!a || !b || !pr || pr.assumes.length > 0) {
      counts.untouched++;
      continue;
    }
    const forward = pr.src === a;
    const oriented = pr.solution.vectors.map((vec) => ({
      dirs: forward ? vec.dirs : vec.dirs.map(flip),
      distance: vec.distance.map((d) => (d === null ? null : forward ? d : -d)),
      exact: vec.exact,
    }));
    const carrierId = flow.deps.carrier(i);
    if (carrierId === null && gotoCycle) {
      counts.untouched++;
      continue;
    }
    const carrier = carrierId === null ? null : loopIds.get(carrierId) ?? null;
    const k = carrier ? pr.loops.indexOf(carrier) : pr.loops.length;
    if (carrier && k < 0) {
      counts.untouched++;
      continue;
    }
    // A loop-independent edge from a later reference to an earlier one would need a carrier: leave those.
    const fits = (d: readonly Dir[]) => d.slice(0, k).every((x) => x === "=" || x === "*") && (k === pr.loops.length || d[k] === "<" || d[k] === "*");
    const matching = oriented.filter((o) => fits(o.dirs));
    if (matching.length === 0) {
      flow.deps.refine(i, { removed: true, test: pr.test ?? decidingTest(pr.solution) ?? "siv" });
      counts.removed++;
      continue;
    }
    const direction = pr.loops.map((_, j) => {
      const ds = new Set(matching.map((o) => o.dirs[j]!));
      return (ds.size === 1 ? [...ds][0]! : "*") as Direction;
    });
    const distance = pr.loops.map((_, j) => {
      const ds = new Set(matching.map((o) => o.distance[j]));
      const d = ds.size === 1 ? [...ds][0] : null;
      return d === undefined ? null : d;
    });
    const exact = matching.some((o) => o.exact);
    const refinement: Parameters<typeof flow.deps.refine>[1] = { direction, distance };
    if (exact) refinement.test = "exact";
    else if (distance.some((d) => d !== null && d !== 0)) refinement.test = "siv";
    flow.deps.refine(i, refinement);
    counts.refined++;
  }
  return counts;
}
