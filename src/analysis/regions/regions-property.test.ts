import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Loop, Stmt } from "../../ir/stmt.js";
import { walkStmts } from "../../ir/walk.js";
import { buildCfg } from "../cfg/build-cfg.js";
import type { Cfg } from "../cfg/cfg.js";
import type { BitSet } from "../dataflow/bitset.js";
import { programArb } from "../test-support/random-program.js";
import { iterationByPaths, type PathSets } from "../test-support/region-paths.js";
import { blockRegions } from "./block-regions.js";
import { loopRegionsByDataflow } from "./cfg-regions.js";
import type { RegionSets } from "./region-sets.js";
import { minTrips, StructuredRegions } from "./structured-regions.js";

const names = (cfg: Cfg, s: BitSet) =>
  s
    .toArray()
    .map((v) => cfg.vars.vars[v]!.name)
    .sort()
    .join(",");
const symNames = (s: Set<{ name: string }>) => [...s].map((x) => x.name).sort().join(",");

function same(cfg: Cfg, got: RegionSets, want: PathSets, what: string): void {
  for (const k of ["mod", "use", "euse", "ddef"] as const) assert.equal(names(cfg, got[k]), symNames(want[k]), `${what}: ${k.toUpperCase()}`);
}

const hasGoto = (body: readonly Stmt[]) => {
  let g = false;
  walkStmts(body, (s) => (g ||= s.kind === "goto"));
  return g;
};

/**
 * Seed 004 §1.1's merge rules (sequence, IF-THEN-ELSE, loop one iteration
 * then all) give, on every loop of random structured programs, exactly
 * the sets of one iteration that brute force over its paths gives (inner
 * DO loops with constant bounds run their trip count; others 0 to 2
 * times). Dataflow over the CFG, which knows no trip counts, gives
 * exactly what brute force gives with every inner loop run 0 to 2 times,
 * also for bodies with EXIT and CYCLE.
 */
test("region sets of one iteration: merge rules and dataflow agree with brute force over paths", () => {
  let structuredChecked = 0;
  let dataflowChecked = 0;
  fc.assert(
    fc.property(programArb(7), (prog) => {
      const cfg = buildCfg(prog.proc);
      const blocks = blockRegions(cfg);
      const structured = new StructuredRegions(cfg);
      for (const l of cfg.loops) {
        if (hasGoto(l.loop.body)) continue;
        const s = structured.loop(l.loop);
        if (s) {
          const want = iterationByPaths(l.loop, true);
          if (want) {
            same(cfg, s.one, want, `merge rules, loop at line ${l.loop.span.line}`);
            structuredChecked++;
          }
        }
        const want = iterationByPaths(l.loop, false);
        if (!want) continue;
        same(cfg, loopRegionsByDataflow(cfg, blocks, l, minTrips(l.loop)).one, want, `dataflow, loop at line ${l.loop.span.line}`);
        dataflowChecked++;
      }
    }),
    { numRuns: 1500 },
  );
  // The test must exercise both methods, not skip everything.
  assert.ok(structuredChecked > 300 && dataflowChecked > 300, `${structuredChecked} / ${dataflowChecked}`);
});

/**
 * With self-contained inner loops that jump (EXIT, CYCLE) merged as
 * dataflow leaves, the result lies between the exact sets (trip counts
 * known) and what dataflow alone gives: never less safe than either.
 */
test("merge rules with dataflow leaves are sound and at least as precise as dataflow", () => {
  let checked = 0;
  fc.assert(
    fc.property(programArb(7), (prog) => {
      const cfg = buildCfg(prog.proc);
      const blocks = blockRegions(cfg);
      const byDataflow = (l: Loop) => loopRegionsByDataflow(cfg, blocks, cfg.loops[cfg.loopIndex.get(l.id)!]!, minTrips(l));
      const structured = new StructuredRegions(cfg, byDataflow);
      for (const l of cfg.loops) {
        if (hasGoto(l.loop.body)) continue;
        const s = structured.loop(l.loop);
        const exact = iterationByPaths(l.loop, true);
        const loose = iterationByPaths(l.loop, false);
        if (!s || !exact || !loose) continue;
        const has = (set: BitSet, x: { name: string }) => set.has(cfg.vars.lookup(x as never)!);
        for (const x of exact.euse) assert.ok(has(s.one.euse, x), `EUSE misses ${x.name}`);
        if (exact.complete) for (const v of s.one.ddef.toArray()) assert.ok([...exact.ddef].some((x) => cfg.vars.lookup(x) === v), `DDEF has ${cfg.vars.vars[v]!.name}, which some path does not write`);
        for (const x of loose.ddef) assert.ok(has(s.one.ddef, x), `DDEF less precise than dataflow: ${x.name}`);
        for (const v of s.one.euse.toArray()) assert.ok([...loose.euse].some((x) => cfg.vars.lookup(x) === v), `EUSE less precise than dataflow: ${cfg.vars.vars[v]!.name}`);
        assert.equal(names(cfg, s.one.mod), symNames(exact.mod));
        checked++;
      }
    }),
    { numRuns: 800 },
  );
  assert.ok(checked > 300, String(checked));
});
