import type { Loop } from "../ir/stmt.js";
import { withoutRanges, type PairResult, type ProcedureDeps } from "./dependence/analyze.js";
import { arrayVerdict } from "./dependence/verdict.js";
import type { RangeFact } from "./ranges/nest-ranges.js";
import type { RangedDeps } from "./ranged-dependences.js";

/**
 * Which range facts made a loop parallel (issue 7 §5: "`doall analyze
 * --json` shows, for a loop that became parallel thanks to a range, which
 * fact was used").
 *
 * A loop became parallel thanks to the ranges when its array verdict is
 * parallel with them and not without them (same in-bounds assumption).
 * The facts cited are the ranges, where the loop's nest starts, of the
 * symbols of the reference pairs that block the loop without the ranges:
 * the pairs some test decided differently because it had a range. That is
 * every range those pairs' tests were given, not a minimal subset (a pair
 * over v and n whose proof needed only v's range cites n's too, if n has
 * one). Loops parallel without the ranges cite nothing.
 *
 * Finding the blocking pairs takes a second dependence analysis of the
 * loop's nest without ranges, run once per nest, and only when some pair
 * at a parallel loop involves a symbol that has a range (measured on NPB
 * 3.3-SER: 12.6 s when run for every parallel loop of a nest given a
 * range, against ~50 s for the dependence tests themselves; then once
 * for the whole procedure, issue 16: now the nest alone).
 */
export class RangeFactsUsed {
  /** The analysis without ranges, per nest (by root): only nests with a loop asked about are analyzed again. */
  private readonly without = new Map<Loop, ProcedureDeps>();

  constructor(private readonly ranged: RangedDeps) {}

  forLoop(loop: Loop): RangeFact[] {
    const { deps, ranges } = this.ranged;
    if (!ranges) return [];
    const root = deps.refs.find((r) => r.loops.includes(loop))?.loops[0];
    if (!root || !ranges.answered.has(root)) return [];
    // Only pairs at this loop over a symbol that has a range can have been decided by a range.
    const ranged = (p: PairResult) => [...p.problem.shared].some((name) => {
      const a = deps.atoms.get(name);
      return a.kind === "sym" && ranges.has(a.sym, root);
    });
    if (!deps.nests.some((n) => n.root === root && n.pairs.some((p) => p.loops.includes(loop) && ranged(p)))) return [];
    if (!arrayVerdict(deps, loop).parallel) return [];
    const without = this.withoutRanges(root);
    const w = arrayVerdict(without, loop);
    if (w.parallel) return [];
    // Blocked only by unproved in-bounds atoms: every pair of the loop relied on them.
    const pairs: PairResult[] = w.carried.length > 0 ? w.carried.map((c) => c.pair) : without.nests.flatMap((n) => n.pairs.filter((p) => p.loops.includes(loop)));
    const facts = new Map<string, RangeFact>();
    for (const p of pairs) {
      for (const name of p.problem.shared) {
        const a = without.atoms.get(name);
        if (a.kind !== "sym" || facts.has(a.sym.name)) continue;
        const f = ranges.fact(a.sym, root);
        if (f) facts.set(a.sym.name, f);
      }
    }
    return [...facts.values()].sort((x, y) => (x.var < y.var ? -1 : x.var > y.var ? 1 : 0));
  }

  private withoutRanges(root: Loop): ProcedureDeps {
    let w = this.without.get(root);
    if (!w) this.without.set(root, (w = withoutRanges(this.ranged.deps, this.ranged.options, root)));
    return w;
  }
}
