import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Hostile inputs finish, within bounds, with a message where a limit
 * applies (issue 21): an exponential macro, 500-deep loop nests in
 * Fortran and C, a 20 MB file. Each runs `doall` in a child process whose
 * heap is capped at 512 MB, so a blow-up fails the test instead of the
 * machine. The time limit is a hang guard far above what the runs take
 * (their figures are printed, not asserted: `npm run bench` measures).
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HANG_GUARD_MS = 120_000;
// The child runs in a temporary directory: tsx is named by its file, not resolved from there.
const TSX = pathToFileURL(join(ROOT, "node_modules/tsx/dist/esm/index.mjs")).href;
const dir = mkdtempSync(join(tmpdir(), "doall-resources-"));

function doall(args: string[]) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ["--max-old-space-size=512", "--import", TSX, join(ROOT, "src/cli/run.ts"), ...args], { cwd: dir, encoding: "utf8", timeout: HANG_GUARD_MS, maxBuffer: 64 << 20 });
  const ms = Date.now() - t0;
  assert.equal(r.signal, null, `killed (${r.signal}) after ${ms} ms: ${r.stderr.slice(-2000)}`);
  process.stdout.write(`# doall ${args.join(" ")}: ${ms} ms, exit ${r.status}\n`);
  return r;
}

test("a macro that expands exponentially (the billion laughs) is stopped at its use, with a positioned error", () => {
  const lines = ["#define M0 x"];
  for (let k = 1; k <= 10; k++) lines.push(`#define M${k} ${Array(10).fill(`M${k - 1}`).join(" ")}`);
  lines.push("int x;", "int f(void) { return M10; }");
  writeFileSync(join(dir, "laughs.c"), lines.join("\n") + "\n");
  const r = doall(["analyze", "laughs.c"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^laughs\.c:13:22: error: macro expansion exceeds 100,000 tokens in one use/m);
});

/** Loops more than 16 deep are reported not analyzed; the outer ones are analyzed (and here serial: every iteration writes a(1)). */
function checkDeep(name: string, text: string): void {
  writeFileSync(join(dir, name), text);
  const r = doall(["parallelize", name, "-o", "out", "--report", "-"]);
  assert.equal(r.status, 0, r.stderr);
  const loops: { depth: number; parallel: boolean; reasons: { kind: string; message: string }[] }[] = JSON.parse(r.stdout).files[0].loops;
  assert.equal(loops.length, 500);
  assert.ok(loops.every((l) => !l.parallel));
  for (const l of loops) {
    const deep = l.reasons.some((x) => x.kind === "too-deep");
    assert.equal(deep, l.depth > 16, `depth ${l.depth}: ${JSON.stringify(l.reasons)}`);
  }
  assert.equal(loops.find((l) => l.depth === 17)!.reasons[0]!.message, "not analyzed: nested deeper than 16 loops");
}

test("a Fortran DO nest 500 deep", () => {
  const out = ["      program deep", "      integer a(2)"];
  for (let k = 0; k < 500; k++) out.push(`      do ${10000 + k} i${k} = 1, 2`);
  out.push("      a(1) = a(2) + 1");
  for (let k = 499; k >= 0; k--) out.push(`${String(10000 + k).padStart(5)} continue`);
  out.push("      print *, a(1)", "      end");
  checkDeep("deep.f", out.join("\n") + "\n");
});

test("a C for nest 500 deep", () => {
  const c = ["int a[2];", "int main(void) {"];
  for (let k = 0; k < 500; k++) c.push(`  for (int i${k} = 0; i${k} < 2; i${k}++)`);
  c.push("  a[0] = a[1] + 1;", "  return a[0];", "}");
  checkDeep("deep.c", c.join("\n") + "\n");
});

test("a 20 MB file is refused with a clear error, and --max-file-size lets a larger one in", () => {
  const unit = (k: number) => `      subroutine s${k}(a, n)\n      integer n, i\n      double precision a(n)\n      do 10 i = 2, n\n        a(i) = a(i - 1) * 2.0d0\n   10 continue\n      end\n`;
  const parts: string[] = [];
  let size = 0;
  for (let k = 0; size < 20_000_000; k++) {
    const u = unit(k);
    parts.push(u);
    size += u.length;
  }
  writeFileSync(join(dir, "big.f"), parts.join(""));
  const r = doall(["analyze", "big.f"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^big\.f: error: the file is 19\.\d MB, over the limit of 5\.0 MB; it is not analyzed \(--max-file-size MB raises the limit\)$/m);
  writeFileSync(join(dir, "small.f"), unit(0) + unit(1));
  assert.equal(doall(["analyze", "--max-file-size", "0.0001", "small.f"]).status, 1);
  assert.equal(doall(["analyze", "--max-file-size", "1", "small.f"]).status, 0);
});
