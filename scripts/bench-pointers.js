#!/usr/bin/env node
// Loops of C kernels with pointer and array parameters (issue 15): for each
// function, how many loops doall proves parallel with no check, parallel
// under a run-time check (an overlap check or another condition), or
// serial; and how many got a directive. Kernels default to
// examples/c-kernels/*.c (our own code); `main` is left out.
// Usage: npm run build && node scripts/bench-pointers.js [FILE.c...]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const dir = join(root, "examples/c-kernels");
const files = process.argv.slice(2).length ? process.argv.slice(2) : readdirSync(dir).filter((f) => f.endsWith(".c")).sort().map((f) => join(dir, f));
const rows = [];
const total = { loops: 0, parallel: 0, runtime: 0, serial: 0, emitted: 0 };
for (const f of files) {
  const out = mkdtempSync(join(tmpdir(), "bench-pointers-"));
  const rep = join(out, "report.json");
  const r = spawnSync("node", [join(root, "bin/doall.js"), "parallelize", f, "-o", join(out, "out"), "--report", rep], { encoding: "utf8" });
  if (r.status !== 0) {
    console.error(`${f}: doall failed\n${r.stderr}`);
    process.exitCode = 1;
    continue;
  }
  const report = JSON.parse(readFileSync(rep, "utf8"));
  for (const file of report.files) {
    const byProc = new Map();
    for (const l of file.loops) {
      if (l.procedure === "main") continue;
      const c = byProc.get(l.procedure) ?? { loops: 0, parallel: 0, runtime: 0, serial: 0, emitted: 0, overlap: 0 };
      c.loops++;
      if (l.parallel) c.parallel++;
      else if (l.runtimeCheck) c.runtime++;
      else c.serial++;
      if (l.overlapChecks?.length) c.overlap++;
      if (l.emitted) c.emitted++;
      byProc.set(l.procedure, c);
    }
    for (const [proc, c] of byProc) {
      rows.push([file.file.split("/").pop(), proc, c.loops, c.parallel, c.runtime, c.overlap, c.serial, c.emitted]);
      for (const k of Object.keys(total)) total[k] += c[k];
    }
  }
}
const head = ["file", "function", "loops", "parallel", "run-time check", "(overlap)", "serial", "directives"];
const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => String(r[k]).length)));
const line = (r) => r.map((x, k) => (k < 2 ? String(x).padEnd(widths[k]) : String(x).padStart(widths[k]))).join("  ");
console.log(line(head));
for (const r of rows) console.log(line(r));
console.log(`total: ${total.loops} loops, ${total.parallel} parallel with no check, ${total.runtime} with a run-time check, ${total.serial} serial; ${total.emitted} directives`);
