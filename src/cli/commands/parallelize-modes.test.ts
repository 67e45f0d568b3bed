import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../main.js";
import { fakeIO } from "../test-support/fake-io.js";
import { unifiedDiff } from "../../report/unified-diff.js";
import { VERSION } from "../version.js";

/** Issue 19 §4: --diff, --check, --in-place, colour; the version said everywhere is the package's. */
const SAXPY = "      subroutine saxpy(n, a, x, y)\n      integer n, i\n      real a, x(n), y(n)\n      do i = 1, n\n         y(i) = y(i) + a * x(i)\n      end do\n      end\n";

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "doall-modes-"));
  writeFileSync(join(dir, "s.f"), SAXPY);
  return dir;
}

test("--diff prints a unified diff and writes nothing; --check exits 1 when a directive would be added, 0 once it is there", async () => {
  const dir = project();
  const d = fakeIO(dir);
  assert.equal(await runCli(["parallelize", "s.f", "--diff"], d), 0, d.err);
  assert.equal(d.out, "--- a/s.f\n+++ b/s.f\n@@ -1,7 +1,9 @@\n       subroutine saxpy(n, a, x, y)\n       integer n, i\n       real a, x(n), y(n)\n+!$omp parallel do simd if(n >= 80000)\n       do i = 1, n\n          y(i) = y(i) + a * x(i)\n       end do\n+!$omp end parallel do simd\n       end\n");
  assert.equal(readFileSync(join(dir, "s.f"), "latin1"), SAXPY);
  const c = fakeIO(dir);
  assert.equal(await runCli(["parallelize", "s.f", "--check"], c), 1);
  assert.match(c.err, /--check: 1 file would change/);
  const w = fakeIO(dir);
  assert.equal(await runCli(["parallelize", "s.f", "--in-place"], w), 0, w.err);
  assert.match(readFileSync(join(dir, "s.f"), "latin1"), /!\$omp parallel do/);
  // Parallelized already: nothing to add, --check passes (doall leaves a procedure with directives alone).
  const again = fakeIO(dir);
  assert.equal(await runCli(["parallelize", "s.f", "--check"], again), 0, again.err);
  const bad = fakeIO(dir);
  assert.equal(await runCli(["parallelize", "s.f", "--in-place", "-o", "x"], bad), 2);
  assert.equal(await runCli(["parallelize", "s.f"], fakeIO(dir)), 2);
});

test("unified diffs read as diff -u's do (patch applies them)", () => {
  const dir = mkdtempSync(join(tmpdir(), "doall-udiff-"));
  const a = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n") + "\n";
  const cases = [
    a.replace("line 3\n", "line 3\n!$omp parallel do\n").replace("line 30\n", "line 30\nadded\n"),
    a.replace("line 0\n", "new first\nline 0\n").replace("line 39\n", "line 39\nnew last\n"),
    a.replace("line 10\n", "changed 10\n").replace("line 12\n", ""),
    "",
  ];
  for (const b of cases) {
    writeFileSync(join(dir, "f"), a);
    writeFileSync(join(dir, "p"), unifiedDiff(a, b, "a/f", "b/f"));
    const r = spawnSync("patch", ["-p1", "-s", "-i", "p"], { cwd: dir, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.equal(readFileSync(join(dir, "f"), "utf8"), b);
  }
  assert.equal(unifiedDiff(a, a, "a", "b"), "");
});

test("verdicts are coloured on a terminal, not in a pipe, not with NO_COLOR, always with --color always", async () => {
  const dir = project();
  const plain = fakeIO(dir);
  assert.equal(await runCli(["analyze", "s.f"], plain), 0);
  assert.doesNotMatch(plain.out, /\x1b\[/);
  const tty = { ...fakeIO(dir), stdoutIsTTY: true, env: {} };
  const out: string[] = [];
  tty.stdout = (t: string) => void out.push(t);
  assert.equal(await runCli(["analyze", "s.f"], tty), 0);
  assert.match(out.join(""), /\x1b\[1;32mparallel\x1b\[0m/);
  const noColor = { ...tty, env: { NO_COLOR: "1" } };
  const out2: string[] = [];
  noColor.stdout = (t: string) => void out2.push(t);
  assert.equal(await runCli(["analyze", "s.f"], noColor), 0);
  assert.doesNotMatch(out2.join(""), /\x1b\[/);
  const forced = fakeIO(dir);
  assert.equal(await runCli(["analyze", "s.f", "--color", "always"], forced), 0);
  assert.match(forced.out, /\x1b\[/);
  assert.equal(await runCli(["analyze", "s.f", "--color", "sometimes"], fakeIO(dir)), 2);
});

test("the version doall prints is the package's", async () => {
  const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };
  assert.equal(VERSION, pkg.version);
  const io = fakeIO();
  assert.equal(await runCli(["--version"], io), 0);
  assert.equal(io.out, `doall ${pkg.version}\n`);
});
