// The worked examples of the papers and of the issue, as golden tests.
import { test } from "node:test";
import assert from "node:assert/strict";
import { polyToString } from "../symbolic/polynomial.js";
import { analyzeProcedure } from "./analyze.js";
import { emiTest } from "./emi-test.js";
import { gcdTest } from "./gcd-test.js";
import { analyzeFortran } from "./test-support/fortran.js";
import { HirBuilder } from "./test-support/hir.js";
import { arrayVerdict } from "./verdict.js";

test("seed 000 §3.1 Fig. 3: A(3i) vs A(2i-1), i = 4..1000 step 4, is independent (gcd 4 does not divide 5)", () => {
  const a = analyzeFortran(`
subroutine fig3(a)
  real a(4000)
  integer i
  do i = 4, 1000, 4
    a(3*i) = a(2*i - 1)
  end do
end
`);
  const [pr] = a.pairs(6, 6).filter((p) => p.src.kind !== p.snk.kind);
  assert.equal(pr!.status, "independent");
  assert.ok(pr!.test === "siv" || pr!.test === "gcd");
  // Condition 2 of §3.1 is the GCD test on the normalized subscripts 12 + 12t and 7 + 8t'.
  assert.equal(gcdTest(pr!.problem, ["*"]).independent, true);
  assert.equal(emiTest(pr!.problem, ["*"], { affine: true }).independent, true);
  assert.equal(a.verdict(5).parallel, true);
});

const FTRVMT = `
      subroutine ftrvmt(data, x, k)
      integer i2k
      parameter (i2k = 100)
      real data(*), k, h, exj
      integer x(0:*), j1, jj, mm, js, js2
      do 109 j1 = 0, i2k - 1
        exj = real(j1)
        do 108 jj = 0, x(j1)
          do 108 mm = 0, 128
            js = 258 * i2k * jj + 129 * j1 + mm + 1
            js2 = js + 129 * i2k
            h = data(js) - data(js2)
            data(js) = data(js) + data(js2)
            data(js2) = k * exj
 108    continue
 109  continue
      end
`;

test("seed 000 §3.2 Fig. 4 (FTRVMT): with the unknown bound x(j1), L1 carries no dependence between data(js) and data(js2)", () => {
  // The paper's 129 x [0,99] for j1 only makes sense with j1 the index of L1; the text names L1's index ij.
  const a = analyzeFortran(FTRVMT);
  const v = a.verdict(7);
  assert.deepEqual(v.carried, []);
  // js and js2 are forward-substituted temporaries.
  const f = [...a.deps.nests[0]!.forms.values()].filter((x) => x.ref.sym.name === "data").map((x) => polyToString(x.dims![0]!));
  assert.ok(f.includes("129*t0 + 25800*t1 + t2 + 1") && f.includes("129*t0 + 25800*t1 + t2 + 12901"), f.join(" | "));
  // The EMI test alone proves it too, with x(j1) a name X per iteration (§3.2), coupled through i' > i.
  const pairs = a.pairs(13, 15);
  assert.ok(pairs.length > 0);
  for (const pr of pairs) {
    const r = emiTest(pr.problem, ["<", "*", "*"], { affine: true, budget: 2_000_000 });
    assert.equal(r.independent, true, r.note);
  }
});

const OLDA = `
      subroutine olda6(xrsij, xij)
      integer num
      parameter (num = 10)
      real xrsij(*), xij(*)
      integer mrs, mi, mj
      do 100 mrs = 1, (num + num * num) / 2
        do 90 mi = 1, num
          do 80 mj = 1, mi
            xrsij(mj + (-mi + mi*mi + mrs*(num + num*num))/2) = xij(mj)
 80       continue
 90     continue
 100  continue
      end
      subroutine olda5(xrsij, xij)
      integer num
      parameter (num = 10)
      real xrsij(*), xij(*)
      integer mrs, mi, mj, nrs, mrsij0, mrsij
      nrs = (num*(num+1))/2
      mrsij0 = 0
      do 100 mrs = 1, nrs
        mrsij = mrsij0
        do 90 mi = 1, num
          do 80 mj = 1, mi
            mrsij = mrsij + 1
            xrsij(mrsij) = xij(mj)
 80       continue
 90     continue
        mrsij0 = mrsij0 + nrs
 100  continue
      end
`;

test("seed 000 §3.3 Fig. 6 (OLDA after IV elimination): L1 carries no output dependence on xrsij; the EMI test proves it", () => {
  const a = analyzeFortran(OLDA, "olda6");
  assert.deepEqual(a.verdict(7).carried, []);
  const [self] = a.pairs(10, 10).filter((p) => p.src === p.snk);
  assert.ok(self);
  // The subscript is quadratic with an exact division by 2: only the EMI test handles it.
  assert.equal(self.problem.eqs[0]!.affine, false);
  assert.equal(emiTest(self.problem, ["<", "*", "*"]).independent, true);
  // The paper only claims L1: with mj ≤ mi relaxed to a rectangle, L2 stays possibly dependent.
  assert.equal(a.verdict(8).parallel, false);
  assert.equal(a.verdict(9).parallel, true);
});

test("seed 000 §3.3 Fig. 5 (OLDA with induction variables): the closed form of mrsij gives the same answer", () => {
  const a = analyzeFortran(OLDA, "olda5");
  const f = [...a.deps.nests[0]!.forms.values()].find((x) => x.ref.sym.name === "xrsij")!;
  // mrsij = 55·(mrs-1) + mi(mi-1)/2 + mj, in iteration counters t_mrs, t_mi, t_mj.
  assert.match(polyToString(f.dims![0]!), /^\(t\d+\*t\d+ \+ 110\*t\d+ \+ t\d+ \+ 2\*t\d+ \+ 2\)\/2$/);
  assert.deepEqual(a.verdict(22).carried, []);
});

test("a(i+1) = a(i): carried by the loop, distance 1, a flow dependence found by the SIV test", () => {
  const a = analyzeFortran(`
subroutine s(a, n)
  integer n, i
  real a(*)
  do i = 1, n
    a(i+1) = a(i)
  end do
end
`);
  const v = a.verdict(5);
  assert.equal(v.parallel, false);
  assert.equal(v.runtimeCheck, null);
  assert.equal(v.carried.length, 1);
  const [c] = v.carried;
  assert.deepEqual([c!.kind, c!.distance, c!.direction, c!.test], ["flow", 1, ["<"], "siv"]);
});

test("a(2i) vs a(2i+1): independent", () => {
  const a = analyzeFortran(`
subroutine s(a, n)
  integer n, i
  real a(*)
  do i = 1, n
    a(2*i) = a(2*i+1)
  end do
end
`);
  assert.equal(a.verdict(5).parallel, true);
  const pairs = a.pairs(6, 6);
  assert.ok(pairs.every((p) => p.status === "independent"));
});

test("a(i+m) = a(i): independent under the run-time condition m >= n .or. m <= -n (Fortran and C)", () => {
  const a = analyzeFortran(`
subroutine s(a, n, m)
  integer n, m, i
  real a(*)
  do i = 1, n
    a(i+m) = a(i)
  end do
end
`);
  const v = a.verdict(5);
  assert.equal(v.parallel, false);
  assert.equal(v.runtimeCheck?.fortran, "m >= n .or. m <= -n");
  // The same loop in C: for (i = 0; i < n; i++) a[i+m] = a[i];
  const b = new HirBuilder("c");
  const n = b.int("n", "dummy");
  const m = b.int("m", "dummy");
  const i = b.int("i");
  const arr = b.array("a", [[0, null]], { storage: "dummy" });
  const loop = b.loop(i, b.c(0), b.bin("-", b.v(n), b.c(1)), null, [b.assign(b.elem(arr, [b.bin("+", b.v(i), b.v(m))]), b.elem(arr, [b.v(i)]))]);
  const deps = analyzeProcedure(b.proc([loop], [arr, n, m]));
  assert.equal(arrayVerdict(deps, loop).runtimeCheck?.c, "m >= n || m <= -n");
});

test("facts about symbols settle a(i+m) = a(i): an IF guard around the loop, or a range from elsewhere", () => {
  const guarded = analyzeFortran(`
subroutine s(a, n, m)
  integer n, m, i
  real a(*)
  if (m >= n) then
    do i = 1, n
      a(i+m) = a(i)
    end do
  end if
end
`);
  assert.equal(guarded.verdict(6).parallel, true);
  const text = `
subroutine s(a, n, m)
  integer n, m, i
  real a(*)
  do i = 1, 100
    a(i+m) = a(i)
  end do
end
`;
  const ranged = analyzeFortran(text, undefined, { symbolRanges: (s) => (s.name === "m" ? { min: 100 } : undefined) });
  assert.equal(ranged.verdict(5).parallel, true);
  assert.equal(analyzeFortran(text).verdict(5).runtimeCheck?.fortran, "m >= 100 .or. m <= -100");
});
