import { test } from "node:test";
import assert from "node:assert/strict";
import { planRun } from "../driver/parallelize-file.js";
import { driverMain, linkFiles, planFiles } from "./test-support/linked-files.js";

/**
 * Issue 14: NPB LU ships alternatives side by side (rhs.f and rhs_vec.f,
 * ssor.f and ssor_vec.f; its makefile links one of each). A call of such
 * a name reaches one of them, which one not known: the call's summary is
 * what any of them may do (join-summaries.ts), and the call is a caller
 * of each, so a COMMON work array's liveness after the loop follows every
 * caller that may be linked (plan-program.ts, common-liveness.ts).
 */
const plan = planFiles;

const decl = `      integer n, m
      parameter (n = 64, m = 200)
      double precision u(n, m), r(n, m), flux(n)
      common /cw/ u, r, flux
`;
const main = driverMain(decl);
const drive = `      subroutine drive
      integer it
      do it = 1, 3
         call work
      end do
      end
`;
// flux is scratch: written whole, then read, in every iteration of k (line 7).
const work = (c: string) => `      subroutine work
${decl}      integer i, k
      do k = 1, m
         do i = 1, n
            flux(i) = u(i, k) * ${c}
         end do
         do i = 2, n - 1
            r(i, k) = r(i, k) + flux(i + 1) - flux(i - 1)
         end do
      end do
      end
`;
const files = { "main.f": main, "drive.f": drive, "drive_vec.f": drive.replace("      end do\n", "      end do\n      call work\n"), "work.f": work("2.0d0"), "work_vec.f": work("3.0d0") };

test("a COMMON work array is private in both alternatives of a routine, called from both alternatives of its caller", () => {
  assert.equal(plan(files, "work.f").get(7), "parallel flux");
  assert.equal(plan(files, "work_vec.f").get(7), "parallel flux");
  // The loop that calls the ambiguous name follows the call (what either one may do): both write /cw/, which drive does not declare.
  assert.match(plan(files, "drive.f").get(3)!, /written by work \(storage not named here\)/);
});

test("one alternative of the caller reads the work array after the call: serial in both alternatives of the routine", () => {
  const reads = drive.replace("      end do\n", `      end do\n      print *, flux(5)\n`).replace("      integer it\n", `${decl}      integer it\n`);
  for (const f of ["work.f", "work_vec.f"]) assert.match(plan({ ...files, "drive_vec.f": reads }, f).get(7)!, /privatizing the array flux is impossible because its values may be used after the loop/);
  // Or the main program, after the call of drive (either one).
  const mainReads = main.replace("print *, r(2, 3)", "print *, flux(3), r(2, 3)");
  assert.match(plan({ ...files, "main.f": mainReads }, "work.f").get(7)!, /its values may be used after the loop/);
});

test("one alternative of the routine reads the work array before writing it: live after the loop in the other", () => {
  // work_vec.f reads flux(1) first: the value work.f's loop leaves may be read by the next call.
  const first = work("3.0d0").replace("      do k = 1, m\n", "      r(1, 1) = flux(1)\n      do k = 1, m\n");
  assert.match(plan({ ...files, "work_vec.f": first }, "work.f").get(7)!, /its values may be used after the loop/);
});

// A loop calling a name two files define: followed when every definition would be on its own.
const caller = `      subroutine sweep(a, n)
      integer n, k
      double precision a(n), t
      do k = 1, n
         call eval(k, t)
         a(k) = t
      end do
      end
`;
const evalAt = (extra: string) => `      subroutine eval(k, t)
      integer k
      double precision t, c(16)
      common /coef/ c
      t = c(mod(k, 16) + 1) * dble(k)
${extra}      end
`;

test("a loop that calls a name two files define is parallel when both definitions are harmless, serial when one does I/O", () => {
  const ok = plan({ "sweep.f": caller, "eval.f": evalAt(""), "eval_vec.f": evalAt("") }, "sweep.f");
  assert.equal(ok.get(4), "parallel t");
  const io = plan({ "sweep.f": caller, "eval.f": evalAt(""), "eval_vec.f": evalAt("      print *, t\n") }, "sweep.f");
  assert.match(io.get(4)!, /eval \(in eval_vec\.f, one of the files that define it\) does I\/O/);
});

// A time loop calling two names that two files each define: jac fills a in parallel, sweep reads it serially.
const common = `      integer n
      parameter (n = 300)
      double precision a(n, n), b(n, n)
      common /g/ a, b
`;
const timeLoop = `      program main
${common}      integer t
      b = 1.0d0
      do t = 1, 1000
         call jac
         call sweep
      end do
      print *, b(n, n)
      end
`;
const jac = (c: string) => `      subroutine jac
${common}      integer i, j
      do j = 1, n
         do i = 1, n
            a(i, j) = b(i, j) * ${c}
         end do
      end do
      end
`;
const sweep = (c: string) => `      subroutine sweep
${common}      integer i, j
      do j = 2, n
         do i = 1, n
            b(i, j) = b(i, j - 1) * ${c} + a(i, j)
         end do
      end do
      end
`;

test("a routine several files define is entered as often as the calls that may reach it, and serial code it runs weighs on the loops before it", () => {
  const files = { "main.f": timeLoop, "jac.f": jac("0.5d0"), "jac_vec.f": jac("0.25d0"), "sweep.f": sweep("0.5d0"), "sweep_vec.f": sweep("0.25d0") };
  const { loaded, link, host } = linkFiles(files);
  const { planned } = planRun(loaded, { link, rangeFacts: false }, true, undefined, (p) => host.readFile(p) ?? null);
  for (const f of ["jac.f", "jac_vec.f"]) {
    const l = planned.find((p) => p.loaded.path === f)!.plan!.loops.find((x) => x.loop.span.line === 7)!;
    assert.equal(l.parallel, true, f);
    // Called from the time loop: 1,000 entries (not the guess for a routine nobody calls).
    assert.equal(l.entries, 1000, f);
    assert.equal(l.emitted, false, f);
    assert.match(l.reasons.map((r) => r.message).join("; "), /entered about 1,000 times, and each time serial code in main \(main\.f:10\), the call of sweep, then reads or writes about 180,000 elements of a, b/, f);
  }
});

test("a run whose calls reach names several files define is a whole program: every unit of either build is in it", () => {
  // main calls drive (drive.f or drive_vec.f), which call work (work.f or work_vec.f): a COMMON block made
  // threadprivate gets its directive in every file, whichever ones the build links.
  assert.equal(linkFiles(files).link!.wholeFortran, true);
  // A call of a routine no file defines: not whole.
  assert.equal(linkFiles({ ...files, "drive_vec.f": drive.replace("call work", "call other") }).link!.wholeFortran, false);
});
