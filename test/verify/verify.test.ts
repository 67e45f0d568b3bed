import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../../src/cli/main.js";
import { fakeIO } from "../../src/cli/test-support/fake-io.js";
import { ensureCParser } from "../../src/node/c-parser-node.js";

/**
 * `doall verify` (issue 19 §1) builds and runs the serial and the
 * parallelized program and compares them: on two end-to-end programs, on
 * a Makefile project of ours, and on a parallel tree with a wrong
 * directive planted, which it must catch; a crash of the parallel build
 * only is reported with its likely cause.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PROJECT = join(ROOT, "test/verify/make_project");

async function doall(args: string[]): Promise<{ code: number; out: string; err: string }> {
  await ensureCParser();
  const io = fakeIO(ROOT);
  const code = await runCli(args, io);
  return { code, out: io.out, err: io.err };
}

/** The table's rows: threads and whether the output was the same. */
function rows(out: string): [string, string][] {
  return out
    .split("\n")
    .filter((l) => /^(serial|\d+)\s/.test(l))
    .map((l) => {
      const cells = l.split(/\s{2,}/);
      return [cells[0]!, cells[3]!.split(":")[0]!] as [string, string];
    });
}

test("verify on two end-to-end programs prints the table: same output at 1, 2 and 4 threads", async () => {
  for (const p of ["test/e2e/programs/fortran/f01_heat1d.f", "test/e2e/programs/c/c02_jacobi2d.c"]) {
    const r = await doall(["verify", p]);
    assert.equal(r.code, 0, `${p}:\n${r.out}${r.err}`);
    assert.match(r.out, /^threads +time +speedup +same output$/m);
    assert.deepEqual(rows(r.out), [["serial", "(reference)"], ["1", "yes"], ["2", "yes"], ["4", "yes"]], r.out);
    assert.match(r.out, /[1-9]\d* directives?\n/);
  }
});

test("verify builds a multi-file Makefile project twice (OpenMP added by compiler wrappers) and compares", async () => {
  const r = await doall(["verify", "test/verify/make_project", "--build", "make", "--run", "./smooth", "--tolerance", "1e-9", "--threads", "2,4"]);
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /3 sources parallelized, [1-9]\d* directives/);
  assert.deepEqual(rows(r.out), [["serial", "(reference)"], ["2", "yes"], ["4", "yes"]]);
  // The user's tree is not written (no objects, no binary).
  assert.throws(() => readFileSync(join(PROJECT, "smooth")));
});

test("verify catches a wrong directive planted in a parallel tree (a recurrence run in parallel)", async () => {
  const work = mkdtempSync(join(tmpdir(), "doall-verify-test-"));
  try {
    const par = join(work, "par");
    assert.equal((await doall(["parallelize", "test/verify/make_project", "-o", par])).code, 0);
    for (const f of ["Makefile"]) cpSync(join(PROJECT, f), join(par, f));
    const smooth = readFileSync(join(par, "smooth.f"), "latin1");
    const recurrence = "      do i = 2, n\n         a(i) = a(i) + a(i-1)\n      end do\n";
    assert.ok(smooth.includes(recurrence), "the prefix loop is in smooth.f, without a directive");
    writeFileSync(join(par, "smooth.f"), smooth.replace(recurrence, `!$omp parallel do\n${recurrence}!$omp end parallel do\n`), "latin1");
    // A race shows only when the threads really overlap: on a loaded machine (the whole suite running) the
    // chunks of a 200,000-element prefix sum may run one after the other. Three tries; one must catch it.
    const verify = () => doall(["verify", "test/verify/make_project", "--parallel-tree", par, "--build", "make", "--run", "./smooth", "--tolerance", "1e-9", "--threads", "4"]);
    let r = await verify();
    for (let k = 1; k < 3 && r.code === 0; k++) r = await verify();
    assert.equal(r.code, 1, r.out + r.err);
    assert.deepEqual(rows(r.out), [["serial", "(reference)"], ["4", "NO"]]);
    assert.match(r.out, /problem: with 4 threads the output differs: line 3: serial " last/);
    assert.match(r.out, /NOT VERIFIED\n$/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test("a main program's large local array stays static once built with -fopenmp (doall declares it SAVE): the program verifies on an 8 MiB stack", async () => {
  const work = mkdtempSync(join(tmpdir(), "doall-verify-stack-"));
  try {
    writeFileSync(
      join(work, "big.f"),
      "      program big\n      double precision a(1500,1500), s\n      integer i, j\n      do j = 1, 1500\n         do i = 1, 1500\n            a(i, j) = i + j\n         end do\n      end do\n      s = 0\n      do j = 1, 1500\n         s = s + a(j, j)\n      end do\n      print *, s\n      end\n",
    );
    // An 8 MiB stack, as most systems have: the 18 MB array would not fit on it.
    const r = await doall(["verify", join(work, "big.f"), "--run", "ulimit -s 8192 && ./doall-verify.exe", "--threads", "2"]);
    assert.equal(r.code, 0, r.out + r.err);
    assert.doesNotMatch(r.err, /on the stack/);
    assert.match(r.out, /2 +[0-9.]+ s +[0-9.]+x +yes\nsame output at every thread count\n$/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test("a routine's large local array crashes once built with -fopenmp: said plainly, with the stack as the cause and the fixes", async () => {
  const work = mkdtempSync(join(tmpdir(), "doall-verify-stack-"));
  try {
    writeFileSync(
      join(work, "big.f"),
      "      program big\n      call fill\n      end\n      subroutine fill\n      double precision a(1500,1500), s\n      integer i, j\n      do j = 1, 1500\n         do i = 1, 1500\n            a(i, j) = i + j\n         end do\n      end do\n      s = 0\n      do j = 1, 1500\n         s = s + a(j, j)\n      end do\n      print *, s\n      end\n",
    );
    // An 8 MiB stack, as most systems have: the 18 MB array does not fit. SAVE would be wrong here
    // (one array for every thread that calls the routine), so doall only says what to do.
    const r = await doall(["verify", join(work, "big.f"), "--run", "ulimit -s 8192 && ./doall-verify.exe", "--threads", "2"]);
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.err, /big\.f:5:1: warning: fill: built with -fopenmp, gfortran puts its local arrays on the stack: a \(17\.2 MiB\)/);
    assert.match(r.out, /problem: with 2 threads the parallel program crashed \(segmentation fault\)\. Likely cause: the stack\. .*ulimit -s unlimited/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
