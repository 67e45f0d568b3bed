import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import type { Interval } from "./box.js";
import { projectExpr } from "./project.js";

/**
 * projectExpr against brute force: an outer loop l and an inner loop i
 * whose bounds name l, fixed values p and q, and min/max of them (NPB LU's
 * blts_vec: i from max(l - jend, ist) to min(l - jst, iend), j = l - i),
 * and an expression over them. For random values of p and q, every value
 * the expression takes over the iterations lies in the projected interval
 * (when there is one).
 */
const span = { file: "t", line: 1, column: 1, endLine: 1, endColumn: 1 };
const int = (v: number): Expr => ({ kind: "int", value: v, span });
const sym = (id: number, name: string, storage: Sym["storage"]): Sym => ({ id, name, type: { base: "integer", bytes: 4 }, dims: [], layout: "column-major", storage, attrs: {}, span });
const L = sym(1, "l", "local");
const I = sym(2, "i", "local");
const P = sym(3, "p", "dummy");
const Q = sym(4, "q", "dummy");
const v = (s: Sym): Expr => ({ kind: "var", sym: s, span });
const bin = (op: "+" | "-" | "*", a: Expr, b: Expr): Expr => ({ kind: "binary", op, left: a, right: b, span });
const call = (name: "min" | "max", a: Expr, b: Expr): Expr => ({ kind: "call", name, args: [a, b], intrinsic: true, pure: true, span });

/** A term: c·x + k for x among the names given (or a constant). */
const linear = (names: Sym[]): fc.Arbitrary<Expr> =>
  fc.tuple(fc.constantFrom(...names, null), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -3, max: 3 })).map(([x, c, k]) => (x === null ? int(k) : bin("+", c === 1 ? v(x) : bin("*", int(c), v(x)), int(k))));
/** A bound: a term, or the min or max of two. */
const bound = (names: Sym[]): fc.Arbitrary<Expr> => fc.oneof(linear(names), fc.tuple(fc.constantFrom("min" as const, "max" as const), linear(names), linear(names)).map(([f, a, b]) => call(f, a, b)));

test("projected intervals hold every value over the iterations, min/max and triangular bounds included", () => {
  let bounded = 0;
  let checked = 0;
  fc.assert(
    fc.property(
      fc.record({ l0: linear([P, Q]), l1: linear([P, Q]), i0: bound([L, P, Q]), i1: bound([L, P, Q]), e: bound([L, I, P]), p: fc.integer({ min: -4, max: 8 }), q: fc.integer({ min: -4, max: 8 }) }),
      ({ l0, l1, i0, i1, e, p, q }) => {
        const loops = new Map<Sym, Interval>([
          [L, { lo: l0, hi: l1 }],
          [I, { lo: i0, hi: i1 }],
        ]);
        const r = projectExpr(e, loops, (s) => s === P || s === Q);
        if (!r) return;
        bounded++;
        const at = (x: Expr, env: Map<Sym, number>) => evalInt(x, 0, (s) => env.get(s));
        const fixedEnv = new Map([
          [P, p],
          [Q, q],
        ]);
        const lo = at(r.lo, fixedEnv);
        const hi = at(r.hi, fixedEnv);
        assert.ok(lo !== undefined && hi !== undefined, "the interval names only fixed values");
        const env = new Map(fixedEnv);
        for (let l = at(l0, env)!; l <= at(l1, env)!; l++) {
          env.set(L, l);
          for (let i = at(i0, env)!; i <= at(i1, env)!; i++) {
            env.set(I, i);
            const x = at(e, env)!;
            checked++;
            assert.ok(lo! <= x && x <= hi!, `${x} outside [${lo}, ${hi}] at l = ${l}, i = ${i}`);
          }
          env.delete(I);
        }
      },
    ),
    { numRuns: 2000 },
  );
  // The property says something: most cases project, and many values are checked.
  assert.ok(bounded > 500 && checked > 5000, `${bounded} projected, ${checked} values`);
});
