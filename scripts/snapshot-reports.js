#!/usr/bin/env node
// Saves what `doall parallelize` decides, for scripts/compare-reports.js
// (issue 16: an optimization must not change a directive). For each
// program of each suite (laid out as for scripts/bench.js: a directory
// whose subdirectories are programs, or a directory holding sources, one
// program), one run with all its files linked writes OUT/SUITE/PROGRAM/
// out/ (the parallelized sources), report.json (--report) and
// messages.txt (stdout, stderr and the exit status). With --each, every
// source file of the suite is a program of its own (the end-to-end corpus
// is run file by file). OUT must be outside the repository when the
// suites are not ours (NPB): nothing derived from them is committed.
//
// Usage: node scripts/snapshot-reports.js OUT [--dist DIR] [DIR [--ext .f] [-I DIR] [--each]]...
//   With no DIR: examples/ (each file) and the end-to-end programs (each file).
//   --dist DIR   the build to run (default dist/; a copy of an older build works
//                when it sits beside a package.json and node_modules)
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCE = [".f", ".for", ".f77", ".ftn", ".f90", ".f95", ".f03", ".f08", ".F", ".F90", ".c"];

const args = process.argv.slice(2);
if (args.length === 0 || args[0].startsWith("-")) {
  console.error("usage: snapshot-reports.js OUT [--dist DIR] [DIR [--ext .f] [-I DIR] [--each]]...");
  process.exit(2);
}
const out = resolve(args[0]);
let dist = join(root, "dist");
const suites = [];
for (let i = 1; i < args.length; i++) {
  const a = args[i];
  const suite = suites[suites.length - 1];
  if (a === "--dist") dist = resolve(args[++i]);
  else if (a === "--ext" && suite) suite.ext = args[++i].split(",");
  else if (a === "-I" && suite) suite.include.push(resolve(args[++i]));
  else if (a === "--each" && suite) suite.each = true;
  else if (a.startsWith("-")) throw new Error(`unknown option ${a}`);
  else suites.push({ dir: resolve(a), include: [], ext: SOURCE, each: false });
}
if (suites.length === 0)
  for (const d of ["examples/fortran", "test/e2e/programs/fortran", "test/e2e/programs/c"]) suites.push({ dir: join(root, d), include: [], ext: SOURCE, each: true });

const sources = (dir, ext) => readdirSync(dir).sort().filter((n) => ext.includes(extname(n)) && statSync(join(dir, n)).isFile()).map((n) => join(dir, n));

let runs = 0;
for (const s of suites) {
  const own = sources(s.dir, s.ext);
  const programs = s.each
    ? own.map((f) => ({ name: basename(f), dir: s.dir, files: [f] }))
    : own.length
      ? [{ name: basename(s.dir), dir: s.dir, files: own }]
      : readdirSync(s.dir).sort().filter((n) => statSync(join(s.dir, n)).isDirectory()).map((n) => ({ name: n, dir: join(s.dir, n), files: sources(join(s.dir, n), s.ext) }));
  for (const p of programs) {
    if (p.files.length === 0) continue;
    const target = join(out, basename(s.dir), p.name);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    const cmd = [join(dist, "doall.mjs"), "parallelize", ...s.include.flatMap((d) => ["-I", d]), "-I", p.dir, ...p.files.map((f) => relative(p.dir, f)), "-o", join(target, "out"), "--report", join(target, "report.json")];
    const res = spawnSync(process.execPath, cmd, { cwd: p.dir, encoding: "latin1", maxBuffer: 1 << 28 });
    // The messages name the output directory, which differs between snapshots.
    const text = `exit ${res.status}\n--- stdout\n${res.stdout}--- stderr\n${res.stderr}`.replaceAll(relative(p.dir, target), "<OUT>").replaceAll(target, "<OUT>");
    writeFileSync(join(target, "messages.txt"), text, "latin1");
    runs++;
  }
}
console.log(`${runs} runs saved under ${out}`);
