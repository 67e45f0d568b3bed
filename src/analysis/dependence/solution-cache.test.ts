import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyzeProcedure, type DependenceOptions, type PairResult } from "./analyze.js";
import { carriedVectors } from "./lazy-solution.js";
import { problemKey, SolutionCache } from "./solution-cache.js";
import { buildNest, nestArb } from "./test-support/random-nest.js";
import { analyzeFortran } from "./test-support/fortran.js";

/**
 * Problems with one key (solution-cache.ts) share one solution across
 * nests, procedures and files: every answer must be the one the pair gets
 * alone. The same nest built twice (other loops, other symbols: other
 * variable names) is the case the cache is for; different nests must not
 * share.
 */

function answer(pr: PairResult) {
  const s = pr.solution;
  return {
    status: pr.status,
    test: pr.test,
    carried: pr.problem.levels.map((_, k) => carriedVectors(s, k).map((v) => ({ dirs: v.dirs.join(""), exact: v.exact, distance: v.distance }))),
    vectors: s.vectors.map((v) => ({ dirs: v.dirs.join(""), exact: v.exact, distance: v.distance })),
    distance: s.distance,
    tried: [...s.tried].sort(),
    // The notes are the first problem's (its labels and lines): only which tests pruned is compared.
    pruned: [...s.pruned.keys()].sort(),
    truncated: s.truncated,
  };
}

const answers = (proc: Parameters<typeof analyzeProcedure>[0], options: DependenceOptions) => analyzeProcedure(proc, options).nests.flatMap((n) => n.pairs.map(answer));

test("answers through a shared cache are the answers alone: random nests, each built several times (property)", () => {
  let found = 0;
  fc.assert(
    fc.property(fc.array(fc.oneof(nestArb("fortran"), nestArb("c")), { minLength: 1, maxLength: 3 }), (specs) => {
      const solutions = new SolutionCache();
      // Each nest twice, the copies interleaved with the others: isomorphic problems under other names.
      const procs = [...specs, ...specs].map((s) => buildNest(s).proc);
      for (const p of procs) assert.deepEqual(answers(p, { solutions }), answers(p, {}));
      found += solutions.found;
    }),
    { numRuns: 300 },
  );
  assert.ok(found > 0, "the cache was never used");
});

test("one key for a nest renamed (other indices, other symbols); another for a different offset", () => {
  const nest = (i: string, n: string, c: number) =>
    [`subroutine s(${n})`, `  integer ${n}, ${i}`, "  double precision a(100)", `  do ${i} = 1, ${n}`, `    a(${i} + ${c}) = a(${i}) + 1`, "  end do", "end"].join("\n");
  const key = (text: string) => {
    const pr = analyzeFortran(text).deps.nests[0]!.pairs.find((p) => p.src !== p.snk)!;
    return problemKey(pr.problem, {});
  };
  assert.equal(key(nest("i", "n", 1)), key(nest("k", "m", 1)));
  assert.notEqual(key(nest("i", "n", 1)), key(nest("i", "n", 2)));
});
