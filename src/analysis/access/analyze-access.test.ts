import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../../source/host.js";
import { constant } from "../symbolic/affine.js";
import { analyzeProgramAccess, singleLoopPattern } from "./analyze-access.js";
import { buildCallEffects } from "./call-effects.js";
import { patternText } from "./pattern.js";
import { accessOf, describe } from "./test-support/run.js";

/** The lines `describe` gives for every reference of a source, flattened. */
const lines = (src: string, opts = {}) => accessOf(src, opts).flatMap(describe);

const nest2 = (sub: string, inner = "1,10") => `subroutine f
  integer a(10,10), i, j
  do i=1,10
    do j=${inner}
      a(${sub}) = 0
    enddo
  enddo
end
`;

test("Fig. 6(a): a(j,i) gives A_j(j, 10i-10, 1, 1, 1, MUST)10 and A(i, 0, 1, 10, 10, MUST)10", () => {
  assert.deepEqual(lines(nest2("j,i")), ["a(j, i) [write]", "  level j: A(j, 10*i - 10, 1, 1, 1, MUST)_10", "  level i: A(i, 0, 1, 10, 10, MUST)_10", "  full"]);
});

test("Fig. 6(b): a(i,j) gives A_j(j, i-1, 1, 1, 10, MUST)10 and A(i, 0, 10, 10, 1, MUST)10", () => {
  assert.deepEqual(lines(nest2("i,j")).slice(1, 3), ["  level j: A(j, i - 1, 1, 1, 10, MUST)_10", "  level i: A(i, 0, 10, 10, 1, MUST)_10"]);
});

test("Fig. 6(c): the wavefront a(i-j+1,j), j = 1..i, gives A_j(j, i-1, 1, 1, 9, MUST)i and A(i, 0, 9, i, 1, MUST)10", () => {
  assert.deepEqual(lines(nest2("i-j+1,j", "1,i")).slice(1, 3), ["  level j: A(j, i - 1, 1, 1, 9, MUST)_i", "  level i: A(i, 0, 9, i, 1, MUST)_10"]);
});

const nest3 = (dims: string, sub: string, ub: [number, number, number]) => `subroutine f
  integer a(${dims}), i, j, k
  do i=1,${ub[0]}
    do j=1,${ub[1]}
      do k=1,${ub[2]}
        a(${sub}) = 0
      enddo
    enddo
  enddo
end
`;

test("Fig. 6(d): a(2*k,j,i) gives A_k, A_kj(j, 100i-99, 2, 5, 10, MUST)10 and A(i, 1, 2, 50, 100, MUST)10", () => {
  assert.deepEqual(lines(nest3("10,10,10", "2*k,j,i", [10, 10, 5])).slice(1, 4), [
    "  level k: A(k, 100*i + 10*j - 109, 1, 1, 2, MUST)_5",
    "  level j: A(j, 100*i - 99, 2, 5, 10, MUST)_10",
    "  level i: A(i, 1, 2, 50, 100, MUST)_10",
  ]);
});

test("Fig. 6(a)-(c): the outer loop's own single-loop pattern A_i is as printed", () => {
  const outer = (sub: string, inner?: string) => {
    const r = accessOf(nest2(sub, inner))[0]!;
    return patternText(singleLoopPattern(r.offset!, { index: r.indices[0]!, first: constant(1), step: 1, ub: constant(10) }, "MUST"), r.indices);
  };
  assert.equal(outer("j,i"), "A(i, j - 1, 1, 1, 10, MUST)_10");
  assert.equal(outer("i,j"), "A(i, 10*j - 10, 1, 1, 1, MUST)_10");
  assert.equal(outer("i-j+1,j", "1,i"), "A(i, 9*j - 9, 1, 1, 1, MUST)_10");
});

test("Fig. 6(d): the outer loops' own single-loop patterns (the paper's A_j, A_i) are printed as in the figure", () => {
  const r = accessOf(nest3("10,10,10", "2*k,j,i", [10, 10, 5]))[0]!;
  const [i, j] = r.indices;
  const one = constant(1);
  const ten = constant(10);
  assert.equal(patternText(singleLoopPattern(r.offset!, { index: j!, first: one, step: 1, ub: ten }, "MUST"), r.indices), "A(j, 100*i + 2*k - 101, 1, 1, 10, MUST)_10");
  assert.equal(patternText(singleLoopPattern(r.offset!, { index: i!, first: one, step: 1, ub: ten }, "MUST"), r.indices), "A(i, 10*j + 2*k - 11, 1, 1, 100, MUST)_10");
});

test("Fig. 8: a(10,10,10) swept by i, j, k = 1..9 gives A(i, 0, 1, 90, 100, MAY)9 through the widening, partial without", () => {
  const src = nest3("10,10,10", "k,j,i", [9, 9, 9]);
  assert.deepEqual(lines(src).slice(2, 5), ["  level j: A(j, 100*i - 100, 1, 9, 10, MUST)_9", "  level i: A(i, 0, 1, 90, 100, MAY)_9 (Num 9 → 10)", "  full"]);
  assert.equal(accessOf(src)[0]!.levels[2]!.widenings[0]!.text, "Num 9 → 10");
  const strict = accessOf(src, { widen: false })[0]!;
  assert.equal(strict.status, "partial");
  assert.equal(strict.stop?.category, "not convolvable");
  assert.match(strict.stop!.message, /Str×Num = 1×9 < Vel = 10/);
});

test("lower bounds, steps and negative velocities are normalized (iteration t = 1..ub)", () => {
  const src = `subroutine f
  integer a(0:9, 10), i, j
  do i = 10, 1, -1
    do j = 9, 0, -3
      a(j, i) = 0
    enddo
  enddo
end
`;
  assert.deepEqual(lines(src).slice(1, 3), ["  level j: A(j, 10*i - 1, 1, 1, -3, MUST)_4", "  level i: A(i, 90, 3, 4, -10, MUST)_10"]);
});

const FAILS = `subroutine cats(b, v, n, m, idx, x)
  integer n, m, i, f
  integer a(10), b(n, 10), idx(10), c(10, 10), v(n), x(*)
  external f
  do while (n > 0)
    a(n) = 0
    n = n - 1
  end do
10 continue
  a(m) = 1
  m = m + 1
  if (m < 10) goto 10
  do i = 1, 10
    a(idx(i)) = 0
    b(1, i) = 0
    c(i*i/10 + 1, 1) = 0
  end do
  do i = 1, f(n)
    a(i) = 0
  end do
  do i = 1, 10, m
    x(i) = v(i)
  end do
end
`;

test("failures fall in the categories of Table 1", () => {
  const got = accessOf(FAILS).map((r) => `${r.ref.span.line} ${r.array.name} ${r.status}${r.stop ? ` ${r.stop.category}` : ""}`);
  assert.deepEqual(got, [
    "6 a failed while loop", // DO WHILE
    "10 a failed while loop", // a loop made by GOTO
    "14 a failed subscript form", // a(idx(i))
    "14 idx full",
    "15 b failed variable size", // b(n, 10): the extent n is needed for the offset
    "16 c failed subscript form", // i*i/10
    "19 a failed unknown bounds", // f(n) may have side effects
    "22 x failed unknown bounds", // step m
    "22 v failed unknown bounds",
  ]);
});

test("a one-dimensional array of unknown size needs no extent: x(*) and v(n) are analyzed", () => {
  const src = `subroutine f(x, v, n)
  integer n, i, x(*), v(n)
  do i = 1, n
    x(i) = v(i)
  end do
end
`;
  assert.deepEqual(lines(src), ["x(i) [write]", "  level i: A(i, 0, 1, 1, 1, MUST)_n", "  full", "v(i) [read]", "  level i: A(i, 0, 1, 1, 1, MUST)_n", "  full"]);
});

test("a value that changes in an outer loop or an outer while loop makes the result partial", () => {
  const src = `subroutine partial(n)
  integer a(100, 100), i, j, k, n
  do i = 1, 10
    k = i * i
    do j = 1, n
      a(j, k) = 0
    end do
  end do
  do while (n > 0)
    do j = 1, 10
      a(j, n) = 0
    end do
    n = n - 1
  end do
end
`;
  const [a, b] = accessOf(src);
  assert.equal(a!.status, "partial");
  assert.deepEqual([a!.stop!.category, a!.stop!.message], ["subscript form", "i * i changes in the i loop"]);
  assert.equal(patternText(a!.levels[0]!.pattern, a!.indices), "A(j, 100*(i * i) - 100, 1, 1, 1, MUST)_n");
  assert.equal(b!.status, "partial");
  assert.equal(b!.stop!.category, "while loop");
});

test("conditionals, EXIT and other jumps make the levels they cut MAY", () => {
  const src = `subroutine conds
  integer a(100), b(10, 10), i, j
  do i = 1, 10
    if (i > 3) a(i) = 0
    do j = 1, 10
      if (j == 5) then
        exit
      end if
      b(j, i) = 1
    end do
    do j = 1, 10
      b(j, i) = 2
    end do
  end do
end
`;
  assert.deepEqual(
    accessOf(src).map((r) => r.levels.map((l) => `${l.pattern.var.name}:${l.pattern.accuracy}`).join(" ")),
    ["i:MAY", "j:MAY i:MAY", "j:MUST i:MUST"],
  );
});

test("a scalar assigned once before the reference is replaced by its value; one assigned after it is not", () => {
  const src = `subroutine fw
  integer a(100), i, ip, iq
  iq = 0
  do i = 1, 10
    ip = i + 1
    a(ip) = 2
    a(iq) = 3
    iq = i
  end do
end
`;
  const [p, q] = accessOf(src);
  assert.equal(patternText(p!.levels[0]!.pattern), "A(i, 1, 1, 1, 1, MUST)_10");
  assert.equal(q!.status, "failed");
  assert.deepEqual([q!.stop!.category, q!.stop!.message], ["subscript form", "iq changes in the i loop"]);
});

test("implied DOs are loops: a READ list writes, a WRITE list reads", () => {
  const src = `subroutine io
  integer a(10), b(10, 10), i, j
  write (*, *) ((b(i, j), i = 1, 10), j = 1, 10)
  read (*, *) (a(i), i = 1, 10)
end
`;
  assert.deepEqual(lines(src), [
    "b(i, j) [read]",
    "  level i: A(i, 10*j - 10, 1, 1, 1, MUST)_10",
    "  level j: A(j, 0, 1, 10, 10, MUST)_10",
    "  full",
    "a(i) [write]",
    "  level i: A(i, 0, 1, 1, 1, MUST)_10",
    "  full",
  ]);
});

test("a bound in COMMON stays fixed across a call only when no callee may assign the block", () => {
  const main = `subroutine outer
  integer a(100, 100), i, j, n
  common /c/ n
  do i = 1, 10
    call work
    do j = 1, n
      a(j, i) = 0
    end do
  end do
end
`;
  const touches = `subroutine work
  integer n
  common /c/ n
  n = 5
end
`;
  const quiet = `subroutine work
  integer m
  common /d/ m
  m = 5
end
`;
  const run = (callee: string | null) => {
    const progs = [main, ...(callee ? [callee] : [])].map((t, k) => parseFortran(`f${k}.f90`, t, memoryHost({}), { form: "free" }));
    return analyzeProgramAccess(progs[0]!, { callEffects: buildCallEffects(progs) }).procedures[0]!.refs[0]!;
  };
  assert.equal(run(null).status, "partial"); // work is unknown: it may change n
  assert.equal(run(touches).status, "partial");
  assert.equal(run(quiet).status, "full");
  assert.equal(run(quiet).stop, undefined);
});

test("a non-constant extent stops the analysis at the first loop that moves a later dimension (variable size)", () => {
  const src = `subroutine blts(ldmx, ldmy, v, k)
  integer ldmx, ldmy, k, i, j, m
  double precision v(5, ldmx, ldmy, *)
  do j = 1, 10
    do i = 1, 10
      do m = 1, 5
        v(m, i, j, k) = 0
      end do
    end do
  end do
  do i = 1, 10
    v(1, i, 1, k) = 0
  end do
  do j = 1, 10
    v(1, 1, j, k) = 0
  end do
end
`;
  const [a, b, c] = accessOf(src);
  assert.deepEqual(describe(a!).slice(1), [
    "  level m: A(m, 5*i + 5*(ldmx * (j - 1)) + 5*(ldmx * ldmy * (k - 1)) - 5, 1, 1, 1, MUST)_5",
    "  level i: A(i, 5*(ldmx * (j - 1)) + 5*(ldmx * ldmy * (k - 1)), 1, 5, 5, MUST)_10",
    "  partial (variable size): the extent of dimension 2 of v (ldmx) is not a constant, and the j loop moves along a later dimension",
  ]);
  assert.equal(b!.status, "full");
  assert.deepEqual([c!.status, c!.stop!.category], ["failed", "variable size"]);
});
