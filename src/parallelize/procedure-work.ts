import type { Procedure } from "../ir/program.js";
import type { CallGraph } from "./call-graph.js";
import { blockWork, type CalleeWork } from "./profitability.js";
import { subscriptExtent, tighter, type TripBound } from "./trip-bounds.js";
import type { Loop } from "../ir/stmt.js";

/**
 * What a call costs, for the profitability of the loop around it: the
 * statements the callee executes (its own loops and calls counted as in
 * blockWork, symbolic trip counts capped by the extents their indices
 * subscript, trip-bounds.ts, or at the constants every call passes,
 * `callCaps`). A call of a procedure not among the programs, or of one in
 * a recursive cycle, counts for nothing beyond the call statement.
 */
export function procedureWork(graph: CallGraph, callCaps?: (p: Procedure) => TripBound): (caller: Procedure) => CalleeWork {
  const memo = new Map<Procedure, number>();
  const busy = new Set<Procedure>();
  const work = (p: Procedure): number => {
    const known = memo.get(p);
    if (known !== undefined) return known;
    if (busy.has(p)) return 0;
    busy.add(p);
    // Symbolic trip counts at the extents their indices subscript when known (UA's facev over a
    // 5x5x5 element: guessed at 100 per loop, each of its calls weighed a million statements).
    // And at what every call of it passes, when that is known (call-site-trips.ts: LU's blts over ist..iend).
    const caps = callCaps?.(p);
    const limit = caps ? (l: Loop) => tighter(subscriptExtent(l), caps(l)) : subscriptExtent;
    const w = blockWork(p.body, calleeOf(p), limit);
    busy.delete(p);
    memo.set(p, w);
    return w;
  };
  const calleeOf = (caller: Procedure): CalleeWork => (name) => {
    const t = graph.resolve(name, caller);
    return t ? work(t) : 0;
  };
  return calleeOf;
}
