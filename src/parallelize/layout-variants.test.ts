import { test } from "node:test";
import assert from "node:assert/strict";
import { driverMain, linkFiles, planFiles } from "./test-support/linked-files.js";

/**
 * Issue 14: NPB 3.3.1's BT ships x_solve.f (with /work_lhs/ from
 * work_lhs.h) beside x_solve_vec.f (a larger /work_lhs/ from
 * work_lhs_vec.h), and the same for y_solve and z_solve; its makefile
 * links one set. A named COMMON block has one size in a program (F77
 * 8.3.3), so a file is planned without the variants whose layout of a
 * block differs from its own (ProgramLink.forProgram). Before, the
 * other set's layout made x_solve's work arrays look read after its loop.
 */
const plan = planFiles;

const shared = `      integer n, m
      parameter (n = 32, m = 40)
      double precision u(n, m), r(n, m)
      common /fld/ u, r
`;
// The plain set's work storage: one column; the vector set's: every column.
const small = `      double precision f(n), t
      common /wl/ f, t
`;
const big = `      double precision f(n, m), t
      common /wl/ f, t
`;
// A solver whose loop over k uses the work storage as scratch (line 9): private in its own layout.
const solver = (name: string, c: string) => `      subroutine ${name}
${shared}${small}      integer i, k
      do k = 1, m
         t = dble(k) * ${c}
         do i = 1, n
            f(i) = u(i, k) * t
         end do
         do i = 2, n - 1
            r(i, k) = r(i, k) + f(i + 1) - f(i - 1)
         end do
      end do
      end
`;
// Its vector variant: the whole of f written first, then read.
const solverVec = (name: string, c: string) => `      subroutine ${name}
${shared}${big}      integer i, k
      t = ${c}
      do k = 1, m
         do i = 1, n
            f(i, k) = u(i, k) * t
         end do
      end do
      do k = 1, m
         do i = 2, n - 1
            r(i, k) = r(i, k) + f(i + 1, k) - f(i - 1, k)
         end do
      end do
      end
`;
const drive = `      subroutine drive
      integer it
      do it = 1, 3
         call xsolve
         call ysolve
      end do
      end
`;
const main = driverMain(shared);
const files = {
  "main.f": main,
  "drive.f": drive,
  "xsolve.f": solver("xsolve", "2.0d0"),
  "ysolve.f": solver("ysolve", "3.0d0"),
  "xsolve_vec.f": solverVec("xsolve", "2.0d0"),
  "ysolve_vec.f": solverVec("ysolve", "3.0d0"),
};

test("work storage in COMMON is private in a solver when the other set of files lays the block out larger", () => {
  assert.equal(plan(files, "xsolve.f").get(9), "parallel t f");
  assert.equal(plan(files, "ysolve.f").get(9), "parallel t f");
  // Each variant is planned with its own set, the loops of the vector one too.
  assert.equal(plan(files, "xsolve_vec.f").get(10), "parallel");
  assert.equal(plan(files, "xsolve_vec.f").get(15), "parallel");
});

test("a file that lays the block out otherwise but defines a name nobody else does stays in the link (and its reads count)", () => {
  // peek.f declares a shorter /wl/ (not conforming, yet compilers link it) and reads f after the solvers: f is live.
  const peek = `      subroutine peek
${shared}      double precision f(n)
      common /wl/ f
      r(1, 1) = f(3)
      end
`;
  const drive2 = drive.replace("         call ysolve\n", "         call ysolve\n         call peek\n");
  const all = { ...files, "drive.f": drive2, "peek.f": peek };
  assert.match(plan(all, "ysolve.f").get(9)!, /its values may be used after the loop/);
  // The link ysolve.f is planned with: peek.f in it, the vector set not.
  const { loaded, link } = linkFiles(all);
  const mine = link!.forProgram(loaded.find((l) => l.path === "ysolve.f")!.program!);
  assert.deepEqual(mine.programs().map((p) => p.file.path).sort(), ["drive.f", "main.f", "peek.f", "xsolve.f", "ysolve.f"]);
  // A file that agrees with every other one is planned with the whole run.
  assert.equal(link!.forProgram(loaded.find((l) => l.path === "drive.f")!.program!), link);
});
