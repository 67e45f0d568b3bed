import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { calculate, type CalculatorResult } from "./calculator.js";
import { emi, emiToString } from "./emi.js";
import { linear } from "./linear.js";
import { arbRaw, arbRawSym, enumerateRaw, isSubset, sumSet } from "./test-support/oracle.js";

function lines(text: string, opts = {}): string[] {
  const r = calculate(text, opts);
  assert.ok(r.ok, r.ok ? "" : `${r.kind} at ${r.column}: ${r.message}`);
  return r.lines;
}

function failure(text: string): CalculatorResult & { ok: false } {
  const r = calculate(text);
  assert.ok(!r.ok, `expected an error for ${text}`);
  return r;
}

/** Reads a printed constant EMI back, independently of the library's parser. */
function readEmi(s: string): number[] {
  const m = /^\[(-?\d+),(-?\d+)\](?:<(.*)>)?$/.exec(s);
  assert.ok(m, s);
  const pairs = m[3] ? m[3].split(",").map((p) => p.split(":").map(Number) as [number, number]) : [];
  return enumerateRaw(Number(m[1]), pairs);
}

test("calculator: the paper's examples", () => {
  assert.deepEqual(lines("[14,24]<5:2> + [6,14]<4:2>"), [
    "normal form: [20,38]<4:2,5:2>  (exact)",
    "reduced:     [20,38]<4:2,5:2>  (exact)",
  ]);
  assert.deepEqual(lines("258*100*[0,X]<1:X> + 129*[0,99]<1:99> + [0,128]<1:128> + 1"), [
    "normal form: [1,12900+25800X]<1:128,129:99,25800:X>  (exact)",
    "reduced:     [1,12900+25800X]<1:12899,25800:X>  (exact)",
  ]);
  const ftrvmt = lines("[1,12900+25800X]<1:12899,25800:X> & [12901,25800+25800X]<1:12899,25800:X>");
  assert.equal(ftrvmt[0]!.split(" ")[0], "empty");
  assert.equal(
    ftrvmt[0],
    "empty by condition 3 (§3.1): same steps and counts, α1·β1 = 12899 < d = 12900; 12899 + 12900 = 25799 < α2 = 25800",
  );
  assert.equal(
    lines("[12,3000]<12:249> & [7,1999]<8:249>")[0],
    "empty by condition 2 (§3.1): the gcd 4 of all steps does not divide l2 - l1 = -5",
  );
  const olda = lines("[112,6160]<1:108,110:54> & [222,6160]<1:108,110:53>");
  assert.match(olda[0]!, /^intersects at \d+ = 112\+.* is in A, and = 222.* is in B$/);
  const h = lines("2*[1,10] - 2*[1,10] + [1,10]*([1,10]-1) - [1,10]*([1,10]-1) + 110*[1,54]");
  assert.deepEqual(h, [
    "normal form: [2,6048]<1:180,2:18,110:53>  (superset: product (Def. 3))",
    "reduced:     [2,6048]<1:6046>  (superset: product (Def. 3))",
  ]);
});

test("calculator: intersections of supersets never claim 'intersects'", () => {
  const r = lines("[1,10]*[1,10] & 11");
  assert.match(r[0]!, /^may-intersect because the computed sets share 11, but they are supersets/);
  assert.match(lines("[0,2]*[0,2] & -1")[0]!, /^empty by condition 1/); // emptiness of supersets is still proof
});

test("calculator: literals in every form", () => {
  assert.equal(lines("[1,5]_3(2)")[0], "normal form: [2,5]<3:1>  (exact)");
  assert.equal(lines("[10,7]<-1:3>")[0], "normal form: [7,10]<1:3>  (exact)"); // §2.1 property 3
  assert.equal(lines("[3,3]<0:5,2:0>")[0], "normal form: [3,3]  (exact)"); // properties 4 and 5
  assert.equal(lines("[N,N+4]")[0], "normal form: [N,4+N]<1:4>  (exact)");
  assert.equal(lines("-(2X+1)")[0], "normal form: [-1-2X,-1-2X]  (exact)");
  assert.equal(lines("[0,4]<1:2,2:1> * 3 - 1")[0], "normal form: [-1,11]<3:2,6:1>  (exact)");
});

test("calculator: the degree bound reduces with §2.4.2 and says so, once", () => {
  const r = lines("[0,19]<1:1,7:1,11:1> * [0,13]<2:1,5:1,6:1>", { maxDegree: 2 });
  assert.match(r[0]!, /reduction to degree 2 \(§2\.4\.2\)/);
  assert.ok(/reduced: +\[\S+\]<[^,]*,?[^,]*>  /.test(r[1]!), r[1]);
  const many = lines(Array.from({ length: 5 }, () => "[0,19]<1:1,7:1,11:1> * [0,13]<2:1,5:1,6:1>").join(" - "), { maxDegree: 2 });
  assert.match(many[1]!, /\(superset: product \(Def\. 3\); reduction to degree 2 \(§2\.4\.2\)\)$/);
});

test("calculator: errors point at the column", () => {
  const cases: [string, "syntax" | "value", number, RegExp][] = [
    ["[14,24]<5:2 + 3", "syntax", 16, /expected '>'/],
    ["[14,25]<5:2>", "value", 5, /upper bound must be l \+ Σ step·count = 24, not 25/],
    ["[0,3]<1:X-1>", "value", 10, /count -1\+X is not ≥ 0/],
    ["X*Y", "value", 2, /not linear/],
    ["[N,N+1]*[0,1]", "value", 8, /symbolic/],
    ["1 + $", "syntax", 5, /unexpected character '\$'/],
    ["(1 + 2", "syntax", 7, /expected '\)' to close the '\(' at column 1/],
    ["1 & 2 & 3", "syntax", 7, /only one '&'/],
    ["[1,2]<X:1>", "value", 7, /steps must be integers/],
    ["[5,1]", "value", 4, /not ≥ the lower bound/],
    ["[1,2]_0(1)", "value", 7, /modulus must be positive/],
    ["[1,2]_5(4)", "value", 1, /is empty/],
    ["", "syntax", 1, /empty expression/],
    ["99999999999999999", "syntax", 1, /too large/],
    ["[1,10]<1:9>*[1,10]<1:9>*9007199254740991", "value", 24, /overflow/],
    ["(".repeat(300) + "1" + ")".repeat(300), "syntax", 201, /nested too deeply/],
  ];
  for (const [text, kind, column, message] of cases) {
    const r = failure(text);
    assert.equal(r.kind, kind, text);
    assert.equal(r.column, column, `${text}: ${r.message}`);
    assert.match(r.message, message);
  }
});

test("calculator: printing and parsing back give the same EMI", () => {
  fc.assert(
    fc.property(arbRawSym({ maxDegree: 4 }), (r) => {
      const e = emi(linear(r.lo.c, r.lo.coefs), r.terms.map(([s, c]) => [s, linear(c.c, c.coefs)] as const));
      const text = emiToString(e);
      assert.equal(lines(text)[0], `normal form: ${text}  (exact)`);
    }),
    { numRuns: 300 },
  );
});

type Expr = { text: string; values: number[] };
const literal: fc.Arbitrary<Expr> = arbRaw({ maxDegree: 2, maxStep: 5, maxCount: 2, maxLo: 6 }).map((r) => {
  const e = emi(r.lo, r.terms);
  return { text: emiToString(e), values: enumerateRaw(r.lo, r.terms) };
});
const { expr } = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    literal,
    fc.integer({ min: -4, max: 4 }).map((n) => ({ text: `(${n})`, values: [n] })),
    fc.tuple(tie("expr"), fc.constantFrom("+", "-", "*"), tie("expr")).map(([a, op, b]) => ({
      text: `(${a.text} ${op} ${b.text})`,
      values: sumSet(a.values, b.values, (x, y) => (op === "+" ? x + y : op === "-" ? x - y : x * y + 0)),
    })),
  ),
}));

test("calculator: results contain every value of the expression, and equal them when marked exact", () => {
  fc.assert(
    fc.property(expr, (e) => {
      const [normal, reduced] = lines(e.text);
      for (const line of [normal!, reduced!]) {
        const [, emiText, mark] = /^[a-z ]+: +(\S+)  \((.*)\)$/.exec(line)!;
        const got = readEmi(emiText!);
        assert.ok(isSubset(e.values, got), `${e.text}: ${line}`);
        if (mark === "exact") assert.deepEqual(got, e.values, `${e.text}: ${line}`);
      }
    }),
    { numRuns: 300 },
  );
});

test("calculator: '&' answers agree with enumeration", () => {
  fc.assert(
    fc.property(expr, expr, (a, b) => {
      const first = lines(`${a.text} & ${b.text}`)[0]!.split(" ")[0];
      const meet = a.values.some((x) => b.values.includes(x));
      if (first === "empty") assert.ok(!meet);
      else if (first === "intersects") assert.ok(meet);
      else assert.equal(first, "may-intersect");
    }),
    { numRuns: 300 },
  );
});

test("calculator: time grows linearly with the length of the expression", () => {
  const term = "[0,6]<1:2,4:1>*[1,9]<2:2,4:1>";
  const timeOf = (n: number) => {
    const text = Array.from({ length: n }, () => term).join(" + ");
    let best = Infinity;
    for (let k = 0; k < 2; k++) {
      const t0 = performance.now();
      const out = lines(text);
      best = Math.min(best, performance.now() - t0);
      assert.ok(/<[^>]*>/.exec(out[1]!)![0].split(",").length <= 8);
    }
    return best;
  };
  timeOf(50); // warm up
  const small = timeOf(100);
  const large = timeOf(1600);
  // 16 times the terms: linear is ~16x; quadratic would be ~256x. Slack for a loaded machine.
  assert.ok(large < 16 * small * 3 + 100, `100 terms: ${small.toFixed(1)} ms, 1600 terms: ${large.toFixed(1)} ms`);
});
