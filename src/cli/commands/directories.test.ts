import { before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureCParser } from "../../node/c-parser-node.js";
import { runCli } from "../main.js";
import { fakeIO } from "../test-support/fake-io.js";

/**
 * Every command that reads sources takes directories, walked as by
 * `parallelize` (input-files.ts), and prints diagnostics through one
 * printer: a header's problems once per run, at most 50 errors per file
 * (issue 17).
 */

before(() => ensureCParser());

/** A program in two directories: main.f90 calls f, defined in lib/sub.f90, which only reads its argument. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "doall-dirs-"));
  mkdirSync(join(dir, "lib"));
  writeFileSync(join(dir, "main.f90"), "program p\n  real :: x(1000), y(1000), f\n  integer :: i\n  x = 1.0\n  do i = 1, 1000\n    y(i) = f(x(i))\n  end do\n  print *, y(7)\nend program\n");
  writeFileSync(join(dir, "lib", "sub.f90"), "real function f(t)\n  real :: t\n  integer :: k\n  f = 0\n  do k = 1, 100\n    f = f + t * k\n  end do\nend function\n");
  writeFileSync(join(dir, "lib", "c.c"), "double v[500];\nvoid f(void) {\n  for (int i = 0; i < 500; i++) v[i] = 2.0 * i;\n}\n");
  writeFileSync(join(dir, "lib", "notes.txt"), "not a source\n");
  return dir;
}

test("analyze DIR reads the sources under it, in name order, as parallelize does", async () => {
  const dir = project();
  const io = fakeIO(dir);
  assert.equal(await runCli(["analyze", "--json", "."], io), 0, io.err);
  assert.deepEqual(JSON.parse(io.out).files.map((f: { file: string }) => f.file), ["lib/c.c", "lib/sub.f90", "main.f90"]);
  const missing = fakeIO(dir);
  assert.equal(await runCli(["analyze", "lib", "nowhere"], missing), 1);
  assert.match(missing.err, /^nowhere: error: no such file or directory$/m);
  assert.match(missing.out, /lib\/sub\.f90:5: parallel/);
});

test("explain FILE DIR links the files under DIR; FILE itself must be a file", async () => {
  const dir = project();
  const linked = fakeIO(dir);
  assert.equal(await runCli(["explain", "main.f90", "lib", "--loop", "5"], linked), 0, linked.err);
  assert.match(linked.out, /^Parallel/m);
  const alone = fakeIO(dir);
  assert.equal(await runCli(["explain", "main.f90", "--loop", "5"], alone), 0, alone.err);
  assert.match(alone.out, /^Serial/m);
  const asDir = fakeIO(dir);
  assert.equal(await runCli(["explain", "lib", "--loop", "4"], asDir), 2);
  assert.match(asDir.err, /lib is a directory/);
});

test("deps DIR: every file's graph; --json lists them under files; --loop needs one file", async () => {
  const dir = project();
  const text = fakeIO(dir);
  assert.equal(await runCli(["deps", "lib"], text), 0, text.err);
  assert.match(text.out, /^lib\/c\.c:2: f/m);
  assert.match(text.out, /^lib\/sub\.f90:1: f/m);
  const json = fakeIO(dir);
  assert.equal(await runCli(["deps", "--json", "lib"], json), 0, json.err);
  assert.deepEqual(JSON.parse(json.out).files.map((f: { file: string }) => f.file), ["lib/c.c", "lib/sub.f90"]);
  const one = fakeIO(dir);
  assert.equal(await runCli(["deps", "--json", "main.f90"], one), 0, one.err);
  assert.equal(JSON.parse(one.out).file, "main.f90");
  const loop = fakeIO(dir);
  assert.equal(await runCli(["deps", "lib", "--loop", "4"], loop), 2);
  const missing = fakeIO(dir);
  assert.equal(await runCli(["deps", "main.f90", "nowhere"], missing), 1);
});

test("access DIR: the access patterns of every file under it", async () => {
  const dir = project();
  const io = fakeIO(dir);
  assert.equal(await runCli(["access", "lib"], io), 0, io.err);
  assert.match(io.out, /^lib\/c\.c: \d+ array references? in loops/m);
  assert.match(io.out, /^lib\/sub\.f90: \d+ array references? in loops/m);
});

test("a header's errors are printed once for all the files that include it; a file stops after 50 errors", async () => {
  const dir = mkdtempSync(join(tmpdir(), "doall-dirs-"));
  writeFileSync(join(dir, "bad.h"), "      integer :: = 1\n");
  for (const n of ["a", "b", "c"]) writeFileSync(join(dir, `${n}.F90`), `program ${n}\n#include "bad.h"\n  print *, 1\nend program\n`);
  writeFileSync(join(dir, "many.f90"), "program m\n" + "  x = = 1\n".repeat(80) + "end program\n");
  const io = fakeIO(dir);
  assert.equal(await runCli(["analyze", "."], io), 1);
  const lines = io.err.trim().split("\n");
  assert.equal(lines.filter((l) => l.startsWith("bad.h:1:")).length, 1, io.err);
  const many = lines.filter((l) => l.startsWith("many.f90"));
  assert.equal(many.filter((l) => /: error: /.test(l)).length, 50);
  assert.match(many[many.length - 1]!, /^many\.f90: note: 30 more errors not shown/);
});
