import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { evalAffine, regionOffsets } from "./pattern-enumerate.js";
import { patternText } from "./pattern.js";
import { accessOf } from "./test-support/run.js";

/**
 * Property: for random affine loop nests, the offsets a reference touches,
 * enumerated in loop order, are the set its pattern describes at every
 * level (MUST) or a subset of it (MAY), iteration by iteration of that
 * level's loop; the trip count is ub; and the first element touched in each
 * iteration moves by Velocity from Start.
 */
interface Bound {
  c: number;
  /** Coefficient of the enclosing loop's index (0 for the outermost). */
  outer: number;
  /** Coefficient of the symbolic n. */
  n: number;
}
interface LoopGen {
  lo: Bound;
  hi: Bound;
  step: number;
}
interface Nest {
  loops: LoopGen[];
  /** subs[d][k]: coefficient of loop k's index in subscript d; subs[d][depth] is the constant. */
  subs: number[][];
  conditional: boolean;
  n: number;
  slack: number[];
}

const boundArb = (outer: boolean) => fc.record({ c: fc.integer({ min: -3, max: 4 }), outer: outer ? fc.integer({ min: -1, max: 1 }) : fc.constant(0), n: fc.constantFrom(0, 0, 1) });

const nestArb: fc.Arbitrary<Nest> = fc.integer({ min: 1, max: 3 }).chain((depth) =>
  fc.integer({ min: 1, max: 3 }).chain((rank) =>
    fc.record({
      loops: fc.tuple(...Array.from({ length: depth }, (_, k) => fc.record({ lo: boundArb(k > 0), hi: boundArb(k > 0), step: fc.constantFrom(1, 1, 1, -1, 2, -2) }))),
      subs: fc.tuple(...Array.from({ length: rank }, () => fc.tuple(...Array.from({ length: depth + 1 }, () => fc.integer({ min: -2, max: 3 }))))),
      conditional: fc.boolean(),
      n: fc.integer({ min: 0, max: 3 }),
      slack: fc.tuple(...Array.from({ length: rank }, () => fc.integer({ min: 0, max: 2 }))),
    }),
  ),
);

const idx = (k: number) => `i${k + 1}`;

function boundText(b: Bound, k: number): string {
  let s = String(b.c);
  if (b.outer) s += ` ${b.outer < 0 ? "-" : "+"} ${idx(k - 1)}`;
  if (b.n) s += " + n";
  return s;
}

function boundValue(b: Bound, outer: number, n: number): number {
  return b.c + b.outer * outer + b.n * n;
}

/** Runs the nest: enter(k, outer indices, trip) when loop k starts, visit(indices, subscripts) for each execution of the reference. */
function run(nest: Nest, visit: (iv: number[], subs: number[]) => void, enter: (k: number, outer: number[], trip: number) => void = () => {}): void {
  const depth = nest.loops.length;
  const iv: number[] = [];
  const go = (k: number) => {
    if (k === depth) {
      if (nest.conditional && (iv.reduce((a, b) => a + b, 0) & 1) !== 0) return;
      visit([...iv], nest.subs.map((s) => s.slice(0, depth).reduce((a, c, j) => a + c * iv[j]!, s[depth]!)));
      return;
    }
    const l = nest.loops[k]!;
    const lo = boundValue(l.lo, iv[k - 1] ?? 0, nest.n);
    const hi = boundValue(l.hi, iv[k - 1] ?? 0, nest.n);
    const trip = Math.max(0, Math.trunc((hi - lo + l.step) / l.step));
    enter(k, iv.slice(0, k), trip);
    for (let t = 0; t < trip; t++) {
      iv[k] = lo + l.step * t;
      go(k + 1);
    }
    iv.length = k;
  };
  go(0);
}

function source(nest: Nest, lows: number[], highs: number[]): string {
  const depth = nest.loops.length;
  const out = ["subroutine t(n)", "  integer n", `  integer ${Array.from({ length: depth }, (_, k) => idx(k)).join(", ")}`];
  out.push(`  integer a(${lows.map((l, d) => `${l}:${highs[d]}`).join(", ")})`);
  nest.loops.forEach((l, k) => out.push(`${"  ".repeat(k + 1)}do ${idx(k)} = ${boundText(l.lo, k)}, ${boundText(l.hi, k)}, ${l.step}`));
  const sub = (s: number[]) => s.slice(0, depth).reduce((acc, c, j) => (c ? `${acc} + (${c})*${idx(j)}` : acc), String(s[depth]));
  const ref = `a(${nest.subs.map(sub).join(", ")}) = 0`;
  const ind = "  ".repeat(depth + 1);
  out.push(nest.conditional ? `${ind}if (mod(${Array.from({ length: depth }, (_, k) => idx(k)).join(" + ")}, 2) == 0) ${ref}` : `${ind}${ref}`);
  for (let k = depth - 1; k >= 0; k--) out.push(`${"  ".repeat(k + 1)}end do`);
  out.push("end");
  return out.join("\n") + "\n";
}

test("property: random affine nests touch exactly (MUST) or within (MAY) what each level's pattern describes", () => {
  const seen = { levels: 0, must: 0, may: 0, convolved: 0, convolvedMust: 0, firstChecked: 0 };
  fc.assert(
    fc.property(nestArb, fc.boolean(), (nest, widen) => {
      const depth = nest.loops.length;
      const rank = nest.subs.length;
      // Declare the array just large enough (plus slack) for the accesses at this n: the in-bounds assumption holds.
      const lows = Array<number>(rank).fill(Infinity);
      const highs = Array<number>(rank).fill(-Infinity);
      run({ ...nest, conditional: false }, (_iv, s) => s.forEach((v, d) => ((lows[d] = Math.min(lows[d]!, v)), (highs[d] = Math.max(highs[d]!, v)))));
      if (lows[0] === Infinity) lows.fill(1), highs.fill(1);
      highs.forEach((h, d) => (highs[d] = h + nest.slack[d]!));
      const src = source(nest, lows, highs);
      const refs = accessOf(src, { widen });
      assert.equal(refs.length, 1, src);
      const r = refs[0]!;
      const coeff = lows.map((_, d) => lows.slice(0, d).reduce((p, l, j) => p * (highs[j]! - l + 1), 1));
      const offsetOf = (s: number[]) => s.reduce((a, v, d) => a + coeff[d]! * (v - lows[d]!), 0);
      for (const level of r.levels) {
        seen.levels++;
        seen.convolved += level.rule === "single" ? 0 : 1;
        if (level.rule !== "single" && level.pattern.accuracy === "MUST") seen.convolvedMust++;
        const m = level.loop;
        const p = level.pattern;
        p.accuracy === "MUST" ? seen.must++ : seen.may++;
        // Touched offsets per execution of loop m (keyed by the outer indices) and per iteration t of it.
        const runs = new Map<string, { outer: number[]; trip: number; iters: Map<number, number[]> }>();
        run(
          nest,
          (iv, s) => {
            const e = runs.get(iv.slice(0, m).join(","))!;
            const t = Math.round((iv[m]! - boundValue(nest.loops[m]!.lo, iv[m - 1] ?? 0, nest.n)) / nest.loops[m]!.step) + 1;
            e.iters.get(t)!.push(offsetOf(s));
          },
          (k, outer, trip) => {
            if (k === m) runs.set(outer.join(","), { outer, trip, iters: new Map(Array.from({ length: trip }, (_, t) => [t + 1, []])) });
          },
        );
        for (const [key, e] of runs) {
          const env = new Map<number, number>();
          r.indices.slice(0, m).forEach((sym, k) => env.set(sym.id, e.outer[k]!));
          for (const t of [...p.ub.terms, ...p.start.terms, ...p.num.terms, ...p.first.terms]) if (t.sym.name === "n") env.set(t.sym.id, nest.n);
          const what = `${patternText(p, r.indices)} at ${key || "-"}\n${src}`;
          assert.equal(Math.max(0, evalAffine(p.ub, env)), e.trip, `ub of ${what}`);
          for (const [t, got] of e.iters) {
            const want = new Set(regionOffsets(p, env, t));
            for (const x of got) assert.ok(want.has(x), `iteration ${t} touches ${x} outside ${[...want]}: ${what}`);
            if (p.accuracy === "MUST") assert.deepEqual([...new Set(got)].sort((a, b) => a - b), [...want].sort((a, b) => a - b), `iteration ${t}: ${what}`);
          }
          // The first element touched in iteration t moves by Velocity, when the loops inside do not change shape with t.
          const inner = nest.loops.slice(m + 1);
          const ts = [...e.iters.keys()].filter((t) => e.iters.get(t)!.length > 0).sort((a, b) => a - b);
          if (!nest.conditional && inner.every((l) => l.lo.outer === 0 && l.hi.outer === 0) && ts.length > 0) {
            for (const t of ts) assert.equal(e.iters.get(t)![0]! - e.iters.get(ts[0]!)![0]!, p.velocity * (t - ts[0]!) + 0, `first element moves by Vel: ${what}`);
            // And it is Start itself when no loop inside runs backwards through the array.
            const forward = inner.every((l, j) => (r.offset ? r.offset.terms.find((x) => x.sym.id === r.indices[m + 1 + j]!.id)?.coeff ?? 0 : 0) * l.step >= 0);
            if (forward && ts[0] === 1) {
              assert.equal(e.iters.get(1)![0], evalAffine(p.start, env), `first element is Start: ${what}`);
              seen.firstChecked++;
            }
          }
        }
      }
    }),
    { numRuns: 1500 },
  );
  assert.ok(seen.must > 300 && seen.may > 100 && seen.convolved > 150 && seen.firstChecked > 100, JSON.stringify(seen));
});
