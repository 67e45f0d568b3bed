import type { ProcedureDeps } from "../analysis/dependence/analyze.js";
import type { CarriedDependence } from "../analysis/dependence/verdict.js";
import type { Sym } from "../ir/symbol.js";
import type { OverlapPair } from "./loop-plan.js";

/**
 * The pairs of C arrays a loop's run-time check keeps apart (issue 15 §6:
 * the report says which pair needed a check), each with the parameters to
 * declare `restrict` when that alone would have made the loop parallel
 * without the check: every dependence left is one of these overlaps, and
 * both arrays are reached through parameters (their bases,
 * pointer-bases.ts), so that one restrict parameter makes every pair
 * disjoint (pointer-alias.ts).
 */
export function overlapPairs(remaining: readonly CarriedDependence[], deps: ProcedureDeps | null): OverlapPair[] {
  const pairs: { a: Sym; b: Sym }[] = [];
  for (const c of remaining) {
    if (!c.overlap) continue;
    const [a, b] = [c.source.sym, c.sink.sym];
    if (!pairs.some((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))) pairs.push({ a, b });
  }
  const onlyOverlaps = remaining.every((c) => c.overlap !== undefined);
  const param = (s: Sym): Sym | null => {
    const b = deps?.bases?.base(s) ?? null;
    return b && b.storage === "dummy" ? b : null;
  };
  return pairs.map(({ a, b }) => {
    const pa = param(a);
    const pb = param(b);
    const restrict = onlyOverlaps && pa && pb && pa !== pb ? [pa.name, pb.name] : null;
    return { a: a.name, b: b.name, restrict };
  });
}
