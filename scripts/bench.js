#!/usr/bin/env node
// Benchmark of `doall analyze` over directories of sources: wall time
// (Node start-up included, as a user sees it), lines per second and peak
// memory. Prints figures; asserts nothing.
//
// Usage: npm run bench -- DIR... [--runs N] [--ext .f,.f90] [-I DIR]
//   Files are found recursively by suffix (default: every suffix doall
//   reads). Lines are the physical lines of those files (included headers
//   are counted separately).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sourceFiles } from "./source-files.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const dirs = [];
let runs = 5;
let exts = [".f", ".for", ".f77", ".f90", ".f95", ".F", ".F90", ".c"];
const extra = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--runs") runs = Number(args[++i]);
  else if (a === "--ext") exts = args[++i].split(",");
  else if (a === "-I") extra.push("-I", args[++i]);
  else dirs.push(a);
}
if (dirs.length === 0) {
  console.error("usage: npm run bench -- DIR... [--runs N] [--ext .f,.f90] [-I DIR]");
  process.exit(2);
}
if (!existsSync(join(root, "dist/doall.mjs"))) {
  console.error("dist/ is missing: run `npm run build` first");
  process.exit(2);
}

const files = dirs.flatMap((d) => sourceFiles(d, (n) => exts.some((e) => n.endsWith(e))));
const lines = files.reduce((n, f) => n + readFileSync(f, "utf8").split("\n").length - 1, 0);
const timeBin = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

const samples = [];
for (let r = 0; r < runs; r++) {
  const cmd = [process.execPath, join(root, "dist/doall.mjs"), "analyze", ...extra, ...files];
  const t0 = process.hrtime.bigint();
  const res = timeBin
    ? spawnSync(timeBin, ["-f", "%M %U %S", ...cmd], { encoding: "utf8", maxBuffer: 1 << 28 })
    : spawnSync(cmd[0], cmd.slice(1), { encoding: "utf8", maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const last = (res.stderr ?? "").trim().split("\n").pop() ?? "";
  const m = timeBin ? /^(\d+) ([\d.]+) ([\d.]+)$/.exec(last) : null;
  samples.push({ wall, rssMB: m ? Number(m[1]) / 1024 : NaN, cpu: m ? Number(m[2]) + Number(m[3]) : NaN, status: res.status });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const wall = median(samples.map((s) => s.wall));
const rss = Math.max(...samples.map((s) => s.rssMB));
const cpu = median(samples.map((s) => s.cpu));
const errors = samples.filter((s) => s.status !== 0).length;
console.log(`doall analyze on ${dirs.map((d) => relative(process.cwd(), d) || ".").join(", ")}`);
console.log(`  files            ${files.length}`);
console.log(`  lines            ${lines}`);
console.log(`  runs             ${runs} (exit status non-zero in ${errors})`);
console.log(`  wall (median)    ${wall.toFixed(3)} s   [${samples.map((s) => s.wall.toFixed(2)).join(" ")}]`);
console.log(`  cpu user+sys     ${Number.isNaN(cpu) ? "n/a" : cpu.toFixed(2) + " s"}`);
console.log(`  lines/second     ${Math.round(lines / wall)}`);
console.log(`  peak memory      ${Number.isNaN(rss) ? "n/a (no /usr/bin/time)" : rss.toFixed(0) + " MB"}`);
