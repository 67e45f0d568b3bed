import { test } from "node:test";
import assert from "node:assert/strict";
import { fortran } from "../test-support/parse.js";
import { planProgram } from "../../parallelize/plan-program.js";

/**
 * A radix-2 Stockham FFT of NPB FT's shape: each pass of `do l = 1, m, 2`
 * halves li and doubles lj, writes the scratch y(1:li*lj) from x, then
 * (but for the last odd pass) x from y. Whether a call reads y before
 * writing it depends on n = 2**m: only a summary made for the call's m and
 * n (the loop unrolled, each pass's li and lj known) can tell.
 */
const fft = (m: string, n: string) => `program main
  integer nn, nv, k, j, i
  parameter (nn = 64, nv = 6)
  double precision a(nn, 40), y(nn), e(nn)
  do i = 1, nn
    e(i) = 1.0d0 / i
  end do
  do k = 1, 40
    do j = 1, nn
      a(j, k) = j + k
    end do
  end do
  do k = 1, 40
    call sw(${m}, ${n}, a(1, k), y, e)
  end do
  print *, a(3, 7)
end program

subroutine sw(m, n, x, y, ex)
  integer m, n, l, li, lj, lk, i, k, i11, i12, i21, i22, n1
  double precision x(n), y(n), ex(n), x11, x21
  n1 = n / 2
  lj = 1
  li = 2 ** m
  do l = 1, m, 2
    lk = lj
    lj = 2 * lk
    li = li / 2
    do i = 0, li - 1
      i11 = i * lk + 1
      i12 = i11 + n1
      i21 = i * lj + 1
      i22 = i21 + lk
      do k = 0, lk - 1
        x11 = x(i11 + k)
        x21 = x(i12 + k)
        y(i21 + k) = x11 + x21
        y(i22 + k) = ex(i + 1) * (x11 - x21)
      end do
    end do
    if (l .eq. m) then
      do k = 1, n
        x(k) = y(k)
      end do
    else
      lk = lj
      lj = 2 * lk
      li = li / 2
      do i = 0, li - 1
        i11 = i * lk + 1
        i12 = i11 + n1
        i21 = i * lj + 1
        i22 = i21 + lk
        do k = 0, lk - 1
          x11 = y(i11 + k)
          x21 = y(i12 + k)
          x(i21 + k) = x11 + x21
          x(i22 + k) = ex(i + 1) * (x11 - x21)
        end do
      end do
    endif
  end do
end subroutine
`;

const outer = (src: string) => planProgram(fortran(src, "fft.f90")).loops.find((l) => l.loop.span.line === 13)!;

test("a call's constants unroll the callee's passes: the scratch is written before it is read, so it is private", () => {
  // m = 6, n = 64 (named constants) and m = 5, n = 32: 2**m = n, every pass writes y(1:n).
  for (const [m, n] of [
    ["nv", "nn"],
    ["5", "32"],
  ]) {
    const plan = outer(fft(m!, n!));
    assert.ok(plan.parallel, `m = ${m}, n = ${n}: ${plan.reasons.map((r) => r.message).join("; ")}`);
    assert.ok(plan.privateArrays.includes("y"), `m = ${m}, n = ${n}: y not private`);
  }
});

test("too few passes for n (2**m < n): the last pass reads y(k) no pass wrote, and the loop stays serial", () => {
  // m = 5, n = 64: the passes write y(1:32) and y(33:64) only partly; the copy reads y(1:64).
  const plan = outer(fft("5", "nn"));
  assert.ok(!plan.privateArrays.includes("y"));
  assert.ok(!plan.parallel);
});
