import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { polyToString } from "../symbolic/polynomial.js";
import { analyzeProcedure, withoutRanges, type PairResult, type ProcedureDeps } from "./analyze.js";
import { analyzeRangedDependences } from "../ranged-dependences.js";
import { FIG1 } from "../ranges/test-support/fig1.js";
import { fortran } from "../test-support/parse.js";
import { analyzeFortran } from "./test-support/fortran.js";
import { LazySolution } from "./lazy-solution.js";

/**
 * Pairs of references with the same key (ref-classes.ts) share one
 * analysis: the answers must be exactly those of analyzing every pair on
 * its own (`shareAnswers: false`), with and without the bounds
 * assumption, for the same array (constant offsets that give the same
 * differences), COMMON members, EQUIVALENCE partners, guards, and
 * subscripts with a denominator.
 */

function describe(p: PairResult): unknown {
  const s = p.solution;
  const q = p.problem;
  return {
    refs: [p.src.id, p.snk.id],
    status: p.status,
    test: p.test,
    why: p.why ?? null,
    assumes: p.assumes.map((x) => polyToString(x)),
    loops: p.loops.map((l) => l.id),
    vectors: s.vectors.map((v) => ({ dirs: v.dirs.join(""), exact: v.exact, distance: v.distance })),
    distance: s.distance,
    tried: [...s.tried].sort(),
    pruned: [...s.pruned].sort(),
    truncated: s.truncated,
    eqs: q.eqs.map((e) => `${e.label}: ${polyToString(e.poly)}`),
    bounds: q.bounds.map((x) => polyToString(x)),
    facts: q.facts.list.map((x) => polyToString(x)),
    relaxed: q.relaxed,
    shared: [...q.shared].sort(),
    ties: q.ties,
    levels: q.levels.map((l) => ({ loop: l.loop.id, src: l.src, snk: l.snk, step: l.step, opaque: l.opaque })),
  };
}

const pairsOf = (deps: ProcedureDeps) => deps.nests.flatMap((n) => n.pairs.map(describe));

function same(text: string, assumeInBounds: boolean): void {
  const shared = analyzeFortran(text, undefined, { assumeInBounds });
  const alone = analyzeFortran(text, undefined, { assumeInBounds, shareAnswers: false });
  const a = shared.deps.nests.flatMap((n) => n.pairs.map(describe));
  const b = alone.deps.nests.flatMap((n) => n.pairs.map(describe));
  assert.deepEqual(a, b);
}

const SUB = fc.oneof(
  fc.integer({ min: -2, max: 2 }).map((c) => ({ text: `i${c === 0 ? "" : c > 0 ? ` + ${c}` : ` - ${-c}`}` })),
  fc.integer({ min: -2, max: 2 }).map((c) => ({ text: `j${c === 0 ? "" : c > 0 ? ` + ${c}` : ` - ${-c}`}` })),
  fc.integer({ min: 1, max: 3 }).map((c) => ({ text: `${c}` })),
  fc.constantFrom({ text: "2*i - j" }, { text: "m + i" }, { text: "(i*i - i)/2 + 1" }, { text: "k" }),
);
const ARRAYS = ["a", "b", "c", "d"] as const;
const REF = fc.record({ arr: fc.constantFrom(...ARRAYS), s1: SUB, s2: SUB });
const STMT = fc.record({ lhs: REF, rhs: fc.array(REF, { maxLength: 3 }), guard: fc.option(fc.constantFrom("i > 2", "j <= m", "i < j"), { freq: 3 }) });

function program(stmts: { lhs: { arr: string; s1: { text: string }; s2: { text: string } }; rhs: { arr: string; s1: { text: string }; s2: { text: string } }[]; guard: string | null }[]): string {
  // d is one-dimensional (and shares c's storage).
  const ref = (r: { arr: string; s1: { text: string }; s2: { text: string } }) => (r.arr === "d" ? `d(${r.s1.text})` : `${r.arr}(${r.s1.text}, ${r.s2.text})`);
  const body = stmts.map((s) => {
    const st = `${ref(s.lhs)} = ${["1.0", ...s.rhs.map(ref)].join(" + ")}`;
    return s.guard ? `      if (${s.guard}) ${st}` : `      ${st}`;
  });
  return [
    "subroutine s(n, m, k)",
    "  integer n, m, k, i, j",
    "  double precision a(20, 20), b(20, 20), c(20, 20), d(400)",
    "  common /blk/ a, b",
    "  equivalence (c, d)",
    "  do j = 1, n",
    "    do i = 1, 10",
    ...body,
    "    end do",
    "  end do",
    "end",
  ].join("\n");
}

test("pairs that share an answer get exactly the answer of their own analysis (property, with and without the bounds assumption)", () => {
  fc.assert(
    fc.property(fc.array(STMT, { minLength: 1, maxLength: 5 }), fc.boolean(), (stmts, inBounds) => {
      same(program(stmts), inBounds);
    }),
    { numRuns: 150 },
  );
});

test("pairs two different constant subscripts separate, answered before their problem is built, get what building and searching gives (property)", () => {
  const CONST = fc.integer({ min: 1, max: 3 }).map((c) => ({ text: `${c}` }));
  const CREF = fc.record({ arr: fc.constantFrom(...ARRAYS), s1: fc.oneof(CONST, SUB), s2: fc.oneof(CONST, SUB) });
  const CSTMT = fc.record({ lhs: CREF, rhs: fc.array(CREF, { maxLength: 3 }), guard: fc.option(fc.constantFrom("i > 2", "j <= m", "i < j"), { freq: 3 }) });
  let shortcuts = 0;
  fc.assert(
    fc.property(fc.array(CSTMT, { minLength: 1, maxLength: 5 }), fc.boolean(), (stmts, assumeInBounds) => {
      const text = program(stmts);
      const fast = analyzeFortran(text, undefined, { assumeInBounds });
      const slow = analyzeFortran(text, undefined, { assumeInBounds, constantZiv: false });
      shortcuts += fast.deps.nests.flatMap((n) => n.pairs).filter((p) => p.test === "ziv" && !(p.solution instanceof LazySolution)).length;
      assert.deepEqual(pairsOf(fast.deps), pairsOf(slow.deps));
    }),
    { numRuns: 150 },
  );
  // The property is about the shortcut: it must have been taken.
  assert.ok(shortcuts > 50, `only ${shortcuts} pairs took the shortcut`);
});

test("u(1,i) against u(2,i) shares u(2,i) against u(3,i)'s answer; members of one COMMON block share theirs", () => {
  const text = [
    "subroutine s(n)",
    "  integer n, i",
    "  double precision u(5, 100), v(5, 100), w(5, 100)",
    "  common /f/ u, v",
    "  do i = 2, n",
    "    u(1, i) = u(2, i) + v(1, i - 1)",
    "    u(2, i) = u(3, i) + v(2, i - 1)",
    "    u(3, i) = u(4, i - 1) + w(1, i)",
    "    v(1, i) = u(1, i) * w(2, i + 1)",
    "  end do",
    "end",
  ].join("\n");
  same(text, true);
  same(text, false);
});

/** The range-facts report's second analysis keeps the answers that took nothing from a range: as if analyzed afresh. */
function sameWithoutRanges(text: string, boundsAssumption: boolean): void {
  const proc = fortran(text).procedures[0]!;
  const ranged = analyzeRangedDependences(proc, {}, { boundsAssumption });
  const { symbolRanges: _, ...options } = ranged.options;
  assert.deepEqual(pairsOf(withoutRanges(ranged.deps, ranged.options)), pairsOf(analyzeProcedure(proc, options)));
}

test("the analysis again without the ranges equals a fresh one (Fig. 1, and property over programs whose subscripts use a ranged v)", () => {
  sameWithoutRanges(FIG1, true);
  sameWithoutRanges(FIG1, false);
  const V = fc.constantFrom({ text: "v" }, { text: "v + i" }, { text: "100 - v" }, { text: "i + 1" }, { text: "j" });
  const VREF = fc.record({ arr: fc.constantFrom("a", "b"), s1: fc.oneof(SUB, V), s2: fc.oneof(SUB, V) });
  const VSTMT = fc.record({ lhs: VREF, rhs: fc.array(VREF, { maxLength: 2 }), guard: fc.constant(null) });
  fc.assert(
    fc.property(fc.array(VSTMT, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.constantFrom("v >= 1 .and. v <= 9", "v > 0", "v == 3"), (stmts, inBounds, cond) => {
      const text = program(stmts)
        .replace("subroutine s(n, m, k)", "subroutine s(n, m, k, v)")
        .replace("integer n, m, k, i, j", "integer n, m, k, i, j, v")
        .replace("  do j = 1, n", `  if (${cond}) then\n  do j = 1, n`)
        .replace(/  end do\nend$/, "  end do\n  end if\nend");
      sameWithoutRanges(text, inBounds);
    }),
    { numRuns: 100 },
  );
});
