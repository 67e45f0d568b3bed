// Subscripts as polynomials: loop normalization, induction variables,
// temporaries, exact division, per-instance atoms (values.ts, induction.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { polyToString } from "../symbolic/polynomial.js";
import { analyzeFortran } from "./test-support/fortran.js";

/** Subscripts of the references to `name`, as "kind: p1, p2" (iteration counters t<loop id>). */
function subs(text: string, name = "a"): string[] {
  const a = analyzeFortran(text);
  return a.deps.nests.flatMap((n) => [...n.forms.values()]).filter((f) => f.ref.sym.name === name).map((f) => `${f.ref.kind}: ${f.dims ? f.dims.map((d) => (d ? polyToString(d) : "?")).join(", ") : "any"}`);
}

const wrap = (decl: string, body: string) => `
subroutine s(a, b, n, x)
  integer n, i, j, k, m, x
  real a(*), b(*)
${decl}
${body}
end
`;

test("loops are normalized to iteration counters: index = lower + step·t, negative steps included", () => {
  assert.deepEqual(subs(wrap("", "  do i = 10, 1, -3\n    a(i) = 0\n  end do")), ["def: -3*t0 + 10"]);
  assert.match(subs(wrap("", "  do i = n, 1, -1\n    a(2*i+1) = 0\n  end do"))[0]!, /^def: 2\*s\d+ - 2\*t0 \+ 1$/);
});

test("a basic induction variable gets its closed form (seed 004 §2.1)", () => {
  assert.deepEqual(subs(wrap("", "  k = 0\n  do i = 1, n\n    k = k + 2\n    a(k) = 0\n  end do")), ["def: 2*t0 + 2"]);
  // Read before the increment in the iteration: the value of the previous one.
  assert.deepEqual(subs(wrap("", "  k = 5\n  do i = 1, n\n    a(k) = 0\n    k = k - 1\n  end do")), ["def: -t0 + 5"]);
  // An unknown start value is an atom of the nest.
  assert.match(subs(wrap("", "  do i = 1, n\n    k = k + 1\n    a(k) = 0\n  end do"))[0]!, /^def: s\d+ \+ t0 \+ 1$/);
});

test("an induction variable incremented under a condition has no closed form (Conservative)", () => {
  assert.deepEqual(subs(wrap("", "  k = 0\n  do i = 1, n\n    if (b(i) > 0) k = k + 1\n    a(k) = 0\n  end do")), ["def: ?"]);
  // Nor one whose loop can end an iteration early.
  assert.deepEqual(subs(wrap("", "  k = 0\n  do i = 1, n\n    if (b(i) > 0) cycle\n    k = k + 1\n    a(k) = 0\n  end do")), ["def: ?"]);
});

test("an increment of the loop index makes a second-order closed form: k = k + i", () => {
  // k = Σ_{τ≤t} (1 + τ) = (t+1)(t+2)/2
  assert.deepEqual(subs(wrap("", "  k = 0\n  do i = 1, n\n    k = k + i\n    a(k) = 0\n  end do")), ["def: (t0*t0 + 3*t0 + 2)/2"]);
});

test("temporaries assigned earlier in the iteration are substituted (FTRVMT's js)", () => {
  assert.deepEqual(subs(wrap("", "  do i = 1, n\n    j = 2*i + 1\n    a(j) = a(j - 1)\n  end do")), ["use: 2*t0 + 2", "def: 2*t0 + 3"]);
  // A temporary assigned after the use holds the previous iteration's value: unknown.
  assert.deepEqual(subs(wrap("", "  do i = 1, n\n    a(j) = 0\n    j = 2*i\n  end do")), ["def: ?"]);
});

test("integer division is kept only when exact for every value", () => {
  assert.deepEqual(subs(wrap("", "  do i = 2, n, 2\n    a(i/2) = 0\n  end do")), ["def: t0 + 1"]);
  assert.deepEqual(subs(wrap("", "  do i = 1, n\n    a(i/2) = 0\n  end do")), ["def: ?"]);
  assert.deepEqual(subs(wrap("", "  do i = 1, n\n    a((i*i + i)/2) = 0\n  end do")), ["def: (t0*t0 + 3*t0 + 2)/2"]);
});

test("values fixed during an inner loop's instance are atoms of that instance, tied only when outer iterations agree", () => {
  const a = analyzeFortran(wrap("", "  do i = 1, n\n    m = x * i\n    k = int(b(i))\n    do j = 1, n\n      a(j + k) = a(j + k + 1)\n    end do\n  end do"));
  const f = a.deps.nests[0]!.forms;
  const texts = [...f.values()].filter((x) => x.ref.sym.name === "a").map((x) => polyToString(x.dims![0]!));
  // k is the atom s<k>_<inner loop>: the value when the j loop starts.
  assert.ok(texts.every((t) => /s\d+_\d+/.test(t)), texts.join(" | "));
  // The inner loop carries a(j+k+1) -> a(j+k) at distance 1; the outer loop's answer depends on k: possible.
  assert.equal(a.verdict(9).carried[0]?.distance, 1);
  assert.equal(a.verdict(6).parallel, false);
});

test("a step held in a variable whose value is known where the loop starts counts the loop with it", () => {
  assert.deepEqual(subs(wrap("", "  m = 3\n  do i = 1, n, m\n    a(i) = 0\n  end do")), ["def: 3*t0 + 1"]);
  // A step of zero is no loop to count.
  assert.deepEqual(subs(wrap("", "  m = 0\n  do i = 1, n, m\n    a(i) = 0\n  end do")), ["def: ?"]);
});

test("a step fixed for the whole nest but unknown counts the loop by offsets from its lower bound (LoopModel.stride)", () => {
  assert.deepEqual(subs(wrap("", "  do i = 1, n, m\n    a(i) = 0\n  end do")), ["def: t0 + 1"]);
  // A step the nest changes is no such value: no model.
  assert.deepEqual(subs(wrap("", "  do j = 1, n\n    do i = 1, n, m\n      a(i) = 0\n      m = m + 1\n    end do\n  end do")), ["def: ?"]);
});
