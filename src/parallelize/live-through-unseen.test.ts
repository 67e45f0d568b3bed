import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../cli/main.js";
import { fakeIO } from "../cli/test-support/fake-io.js";

// A COMMON work array, written before it is read in every iteration of the k loop, is private only
// when nothing reads it after the loop; a procedure run after the loop that no file given defines may
// read any COMMON block. The report names that procedure and says to give its source (NPB LU's flux,
// with timer_stop calling wtime from wtime.c), where it used to list only the dependences on the array.
const SWEEP = `      subroutine sweep(a, n)
      integer n, i, k
      double precision a(200, n), w(201), t
      common /work/ w
      do k = 1, n
         do i = 1, 201
            w(i) = dble(i * k)
         end do
         do i = 1, 200
            a(i, k) = w(i) + w(i + 1)
         end do
      end do
      call clock(t)
      end
`;
const MAIN = `      program main
      double precision a(200, 2000)
      call sweep(a, 2000)
      print *, a(1, 1), a(200, 2000)
      end
`;
// clock is given, but calls wtime, which is not.
const CLOCK = `      subroutine clock(t)
      double precision t
      call wtime(t)
      end
`;
const WTIME = `      subroutine wtime(t)
      double precision t
      t = 1.0d0
      end
`;

function files(list: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), "doall-unseen-"));
  return Object.entries(list).map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  });
}

test("an array kept from being private only by a procedure no file given defines: the fix names it, the hint says where it is called", async () => {
  const [sweep, main] = files({ "sweep.f": SWEEP, "main.f": MAIN });
  const io = fakeIO();
  assert.equal(await runCli(["explain", sweep!, main!, "--loop", "5", "-v"], io), 0, io.err);
  assert.match(io.out, /Serial/);
  assert.match(io.out, /fix: give doall the file that defines clock: w is written before it is read in every iteration and would be private, but clock runs after the loop and doall cannot see whether it reads it/);
  assert.match(io.out, /privatizing the array w is impossible because its values may be used after the loop: clock \(called at line 13 of sweep\) may read it: doall cannot see what clock does/);
});

test("the procedure doall cannot see may be a callee's callee: the hint and the fix name it, with the file and line of its call", async () => {
  const [sweep, main, clock] = files({ "sweep.f": SWEEP, "main.f": MAIN, "clock.f": CLOCK });
  const io = fakeIO();
  assert.equal(await runCli(["explain", sweep!, main!, clock!, "--loop", "5", "-v"], io), 0, io.err);
  assert.match(io.out, /fix: give doall the file that defines wtime: w is written before/);
  assert.ok(io.out.includes(`clock (called at line 13 of sweep) calls wtime (${clock}:3), and doall cannot see what wtime does`), io.out);
});

test("with every file given, the array is private and the loop parallel", async () => {
  const all = files({ "sweep.f": SWEEP, "main.f": MAIN, "clock.f": CLOCK, "wtime.f": WTIME });
  const io = fakeIO();
  assert.equal(await runCli(["explain", ...all, "--loop", "5"], io), 0, io.err);
  assert.match(io.out, /private\(w\)/);
  assert.doesNotMatch(io.out, /Serial/);
});

test("a call in the loop to a procedure that calls one doall cannot see: the reason names the one it cannot see", async () => {
  const loop = `      subroutine stamp(a, n)
      integer n, k
      double precision a(n), t
      do k = 1, n
         call clock(t)
         a(k) = t
      end do
      end
`;
  const [f, clock] = files({ "stamp.f": loop, "clock.f": CLOCK });
  const io = fakeIO();
  assert.equal(await runCli(["explain", f!, clock!, "--loop", "4"], io), 0, io.err);
  assert.ok(io.out.includes(`calls wtime (${clock}:3), whose effects are not known`), io.out);
  assert.doesNotMatch(io.out, /clock \(in clock\.f\) does I\/O/);
});

// NPB-C IS: the iteration loop reads test_index_array, set once before it, in every iteration. The fix
// said it "is written before it is read in every iteration and would be private" because liveness was
// asked first and c_print_results, not given, might read it after the loop; the claim was never checked.
test("an array read before it is written in an iteration gets no fix saying it would be private", async () => {
  const READS = `      subroutine sweep(a, n)
      integer n, i, k
      double precision a(200, n), w(201), t
      common /work/ w
      do k = 1, n
         do i = 1, 200
            a(i, k) = w(i) + w(i + 1)
         end do
         do i = 1, 201
            w(i) = dble(i * k)
         end do
      end do
      call clock(t)
      end
`;
  const [sweep, main] = files({ "sweep.f": READS, "main.f": MAIN });
  const io = fakeIO();
  assert.equal(await runCli(["explain", sweep!, main!, "--loop", "5", "-v"], io), 0, io.err);
  assert.match(io.out, /Serial/);
  assert.doesNotMatch(io.out, /would be private/);
  assert.match(io.out, /privatizing the array w is impossible because w\(i\) \(line 7\) may read a value written in another iteration/);
});
