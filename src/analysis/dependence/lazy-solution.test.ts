import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyzeProcedure, type PairResult } from "./analyze.js";
import { carriedVectors, LazySolution, noVector, truncated } from "./lazy-solution.js";
import { solvePair, type DirVector, type PairSolution } from "./solve-pair.js";
import { buildNest, nestArb } from "./test-support/random-nest.js";
import { analyzeFortran } from "./test-support/fortran.js";

/**
 * The lazy search of the direction-vector hierarchy (lazy-solution.ts)
 * must answer the verdict's questions exactly as the complete search
 * (solve-pair.ts) does: whether the pair has a vector, whether the search
 * was cut short, and the vectors a loop at each level carries, the first
 * of each direction in the complete list (the verdict's own loop over the
 * list, written out again here), distances and exactness included.
 */

const vec = (v: DirVector) => ({ dirs: v.dirs.join(""), exact: v.exact, distance: v.distance });

/** What the verdict took from the complete list at level k before the lazy search: the first vector carried each way. */
function carriedByList(s: PairSolution, k: number): DirVector[] {
  const vs = s.vectors.filter((v) => v.dirs.slice(0, k).every((d) => d === "=" || d === "*") && v.dirs[k] !== "=");
  const seen = new Set<string>();
  const out: DirVector[] = [];
  for (const v of vs) {
    const forward = String(v.dirs[k] !== ">");
    if (seen.has(forward)) continue;
    seen.add(forward);
    out.push(v);
  }
  return out;
}

function sameAsComplete(pr: PairResult, maxNodes?: number): void {
  const options = { self: pr.src === pr.snk, ...(maxNodes !== undefined ? { maxNodes } : {}) };
  const complete = solvePair(pr.problem, options);
  // A fresh lazy solution (the pair's own may have been searched already), asked in an order of its own.
  const lazy = new LazySolution(pr.problem, options);
  const levels = pr.problem.levels.length;
  for (let k = levels - 1; k >= 0; k--) assert.deepEqual(carriedVectors(lazy, k).map(vec), carriedByList(complete, k).map(vec), `level ${k}`);
  assert.equal(noVector(lazy), complete.vectors.length === 0);
  assert.equal(truncated(lazy), complete.truncated);
  // The pair's solution, as the analysis left it, answers the same.
  for (let k = 0; k < levels; k++) assert.deepEqual(carriedVectors(pr.solution, k).map(vec), carriedByList(complete, k).map(vec));
  // And the complete solution it gives on request is the complete search's.
  assert.deepEqual(lazy.vectors.map(vec), complete.vectors.map(vec));
  assert.deepEqual([...lazy.pruned.keys()].sort(), [...complete.pruned.keys()].sort());
  assert.deepEqual(lazy.distance, complete.distance);
}

test("the lazy search answers as the complete one: random nests, Fortran and C layouts", () => {
  fc.assert(
    fc.property(fc.oneof(nestArb("fortran"), nestArb("c")), (spec) => {
      const deps = analyzeProcedure(buildNest(spec).proc);
      for (const n of deps.nests) for (const pr of n.pairs) sameAsComplete(pr);
    }),
    { numRuns: 400 },
  );
});

/** A nest `depth` deep writing and reading one array with random affine subscripts of its indices. */
const deepNest = fc.integer({ min: 1, max: 7 }).chain((depth) => {
  const sub = fc.record({ level: fc.integer({ min: 0, max: depth - 1 }), c: fc.integer({ min: -1, max: 1 }), coef: fc.constantFrom(0, 1, 1, 2) });
  const ref = fc.array(sub, { minLength: 1, maxLength: 2 });
  return fc.record({ depth: fc.constant(depth), w: ref, r: ref, trips: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: depth, maxLength: depth }), symbolic: fc.boolean() });
});

function deepText(n: { depth: number; w: { level: number; c: number; coef: number }[]; r: { level: number; c: number; coef: number }[]; trips: number[]; symbolic: boolean }): string {
  const idx = (k: number) => `i${k + 1}`;
  const s = (x: { level: number; c: number; coef: number }) => `${x.coef}*${idx(x.level)} + ${x.c + 2}`;
  const ref = (subs: { level: number; c: number; coef: number }[]) => `a(${[0, 1].map((d) => (subs[d] ? s(subs[d]!) : "1")).join(", ")})`;
  const lines = ["subroutine s(n)", "  integer n, " + Array.from({ length: n.depth }, (_, k) => idx(k)).join(", "), "  double precision a(40, 40)"];
  for (let k = 0; k < n.depth; k++) lines.push(`${"  ".repeat(k + 1)}do ${idx(k)} = 1, ${n.symbolic && k === 0 ? "n" : n.trips[k]}`);
  lines.push(`${"  ".repeat(n.depth + 1)}${ref(n.w)} = ${ref(n.r)} + 1`);
  for (let k = n.depth - 1; k >= 0; k--) lines.push(`${"  ".repeat(k + 1)}end do`);
  lines.push("end");
  return lines.join("\n");
}

test("the lazy search answers as the complete one on nests up to 7 deep, and where the complete search is cut short", () => {
  let deep = 0;
  let cut = 0;
  fc.assert(
    fc.property(deepNest, fc.constantFrom(undefined, 5, 40), (n, maxNodes) => {
      const a = analyzeFortran(deepText(n), undefined, maxNodes !== undefined ? { maxNodes } : {});
      for (const nest of a.deps.nests)
        for (const pr of nest.pairs) {
          sameAsComplete(pr, maxNodes);
          if (pr.problem.levels.length >= 6) deep++;
          if (truncated(pr.solution)) cut++;
        }
    }),
    { numRuns: 150 },
  );
  // The generator must reach hierarchies too big for the lazy search, and searches cut short.
  assert.ok(deep > 0 && cut > 0, `${deep} deep, ${cut} cut short`);
});

test("a five-deep nest no test separates: every one of its 242 vectors in the complete list, and a dozen nodes for the verdict", () => {
  const text = deepText({ depth: 5, w: [{ level: 0, c: 0, coef: 0 }], r: [{ level: 0, c: 0, coef: 0 }], trips: [3, 3, 3, 3, 3], symbolic: false });
  const a = analyzeFortran(text);
  const self = a.deps.nests[0]!.pairs.find((p) => p.src === p.snk && p.src.kind === "def")!;
  const lazy = new LazySolution(self.problem, { self: true });
  for (let k = 0; k < 5; k++) assert.equal(carriedVectors(lazy, k).length, 2);
  assert.equal(solvePair(self.problem, { self: true }).vectors.length, 242);
  sameAsComplete(self);
});
