// Seed 000's worked examples, computed with the library and checked against
// enumeration of the loops they come from.
import { test } from "node:test";
import assert from "node:assert/strict";
import { add, mul, scale, shift, sub } from "./arithmetic.js";
import { emi, emiToString, range, type Emi } from "./emi.js";
import { condition4 } from "./conditions.js";
import { intersect } from "./intersect.js";
import { linear } from "./linear.js";
import { containsZero } from "./membership.js";
import { evalPolynomial } from "./polynomial.js";
import { reduceExact } from "./reduce.js";
import { elements, evalLin } from "./test-support/oracle.js";

const X = linear(0, { X: 1 });
const show = emiToString;

test("§2.3 Def. 2: [14,24]<5:2> + [6,14]<4:2> = [20,38]<4:2,5:2>", () => {
  assert.equal(show(add(emi(14, [[5, 2]]), emi(6, [[4, 2]]))), "[20,38]<4:2,5:2>");
});

test("§3.1: A(3i) and A(2i-1), i = 4..1000 step 4, are disjoint by condition 2", () => {
  const i = emi(4, [[4, 249]]);
  const as = scale(i, 3);
  const at = shift(scale(i, 2), -1);
  assert.equal(show(as), "[12,3000]<12:249>");
  assert.equal(show(at), "[7,1999]<8:249>");
  const r = intersect(as, at);
  assert.equal(r.answer, "empty");
  assert.equal(r.by, "condition 2");
  assert.equal(r.reason, "the gcd 4 of all steps does not divide l2 - l1 = -5");
  const written = new Set<number>();
  for (let k = 4; k <= 1000; k += 4) written.add(3 * k);
  for (let k = 4; k <= 1000; k += 4) assert.ok(!written.has(2 * k - 1));
});

/** js of FTRVMT (§3.2) with i2k = 100: 258·i2k·jj + 129·j1 + mm + 1. */
function js(): Emi {
  const jj = range(0, X); // do jj = 0, x(j1): the unknown bound is X
  const j1 = range(0, 99);
  const mm = range(0, 128);
  return shift(add(add(scale(jj, 258 * 100), scale(j1, 129)), mm), 1);
}

test("§3.2 FTRVMT: js reduces to [1,12900+25800X]<1:12899,25800:X>", () => {
  const s = js();
  assert.equal(show(s), "[1,12900+25800X]<1:128,129:99,25800:X>");
  assert.equal(show(reduceExact(s)), "[1,12900+25800X]<1:12899,25800:X>");
  const s2 = shift(s, 129 * 100);
  assert.equal(show(reduceExact(s2)), "[12901,25800+25800X]<1:12899,25800:X>");
});

test("§3.2 FTRVMT: js and js2 are disjoint for every X (condition 4, and 0 ∉ js - js2)", () => {
  const a = reduceExact(js());
  const b = reduceExact(shift(js(), 12900));
  const r = intersect(a, b);
  assert.equal(r.answer, "empty");
  // The paper cites condition 4; (the sound form of) condition 3 holds too and comes first.
  assert.equal(r.by, "condition 3");
  assert.match(condition4(a, b)!.reason, /12899 \+ 12900 = 25799 < 25800/);
  // Without the fast paths, the residue argument modulo 25800 decides it too.
  const general = intersect(a, b, { conditions: false });
  assert.equal(general.answer, "empty");
  assert.match(general.reason, /modulo 25800/);
  for (let x = 0; x <= 3; x++) {
    const A = new Set(elements(a, { X: x }));
    assert.ok(elements(b, { X: x }).every((v) => !A.has(v)));
  }
});

test("§3.2 FTRVMT, the sound loop-carried form: js(ij') - js(ij) with ij' - ij ≥ 1 never contains 0", () => {
  // With j1 the L1 index (0..99): h = 129·(ij'-ij) + (mm'-mm) + 25800·(jj'-jj).
  const h = add(add(scale(range(1, 99), 129), sub(range(0, 128), range(0, 128))), scale(sub(range(0, X), range(0, X)), 25800));
  const r = containsZero(h);
  assert.equal(r.answer, "no", r.reason);
  for (let x = 0; x <= 2; x++) {
    const seen = new Map<number, number>();
    for (let ij = 0; ij <= 99; ij++)
      for (let jj = 0; jj <= x; jj++)
        for (let mm = 0; mm <= 128; mm++) {
          const v = 25800 * jj + 129 * ij + mm + 1;
          assert.ok(seen.get(v) === undefined || seen.get(v) === ij);
          seen.set(v, ij);
        }
  }
});

// OLDA (§3.3) with num = 10: the subscript doubled is 2mj + mi(mi-1) + 110i.
const mj = emi(1, [[1, 9]]);
const mi = emi(1, [[1, 9]]);

test("§3.3 OLDA: X_i and X_i' come out as printed", () => {
  const xi = add(add(scale(mj, 2), mul(mi, shift(mi, -1))), scale(range(1, 55), 110));
  assert.equal(show(xi), "[112,6160]<1:90,2:9,110:54>");
  assert.equal(show(reduceExact(xi)), "[112,6160]<1:108,110:54>");
  const xi2 = add(add(scale(mj, 2), mul(mi, shift(mi, -1))), scale(shift(range(1, 54), 1), 110));
  assert.equal(show(xi2), "[222,6160]<1:90,2:9,110:53>");
  assert.equal(show(reduceExact(xi2)), "[222,6160]<1:108,110:53>");
  // The same with the polynomial rewriting of §2.4.3.
  const poly = evalPolynomial(
    [
      { coef: 2, powers: { mj: 1 } },
      { coef: 1, powers: { mi: 2 } },
      { coef: -1, powers: { mi: 1 } },
      { coef: 110, powers: { i: 1 } },
    ],
    { mj, mi, i: range(1, 55) },
  );
  assert.equal(show(poly.value), "[112,6160]<1:108,110:54>");
});

test("§3.3 OLDA: condition 4 does not apply and the printed sets intersect (the paper is wrong here)", () => {
  const a = emi(112, [[1, 108], [110, 54]]);
  const b = emi(222, [[1, 108], [110, 53]]);
  assert.equal(condition4(a, b), undefined); // (3): 108 + 110 = 218 < 110 is false
  const A = new Set(elements(a));
  const both = elements(b).filter((v) => A.has(v));
  // Not only do they meet: every one of the 5886 elements of X_i' is in X_i.
  assert.equal(both.length, elements(b).length);
  assert.equal(both.length, 5886);
  assert.equal(both[0], 222); // 222 = 112 + 110·1 in X_i, and the lower bound of X_i'
  const r = intersect(a, b);
  assert.equal(r.answer, "intersects");
  assert.ok(both.includes(evalLin(r.witness!)));
});

test("§3.3 OLDA, the sound way: 0 ∉ f(I') - f(I) with i' - i ≥ 1, h = [2,6048]", () => {
  const f = (m: Emi, n: Emi) => add(scale(m, 2), mul(n, shift(n, -1)));
  const h = add(sub(f(mj, mi), f(mj, mi)), scale(range(1, 54), 110));
  assert.equal(show(h), "[2,6048]<1:180,2:18,110:53>");
  assert.equal(show(reduceExact(h)), "[2,6048]<1:6046>");
  const r = containsZero(h);
  assert.equal(r.answer, "no");
  assert.equal(r.reason, "the least element 2 is above 0");
  // The loop itself (Fig. 6, num = 10): no element is written by two mrs iterations.
  const owner = new Map<number, number>();
  for (let mrs = 1; mrs <= 55; mrs++)
    for (let m = 1; m <= 10; m++)
      for (let j = 1; j <= m; j++) {
        const idx = j + (-m + m * m + mrs * 110) / 2;
        assert.ok(owner.get(idx) === undefined || owner.get(idx) === mrs);
        owner.set(idx, mrs);
      }
});
