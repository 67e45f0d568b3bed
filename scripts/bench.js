#!/usr/bin/env node
// Where `doall parallelize` spends its time (issue 16). For each suite, a
// directory whose subdirectories are programs (NPB3.3-SER: BT, CG, ...;
// a directory holding sources itself is one program), every program is
// parallelized in one run, as users run it (its files linked, with a JSON
// report), in a fresh process; the figures are CPU time (user + system,
// Node start-up and module loading excluded, scripts/bench-run.js) per
// phase (src/util/phases.ts), lines per second, and peak memory (resident
// set of the run's process). Then the growth test: one file concatenated
// 1, 2, 4, 8 times (its procedures renamed per copy, concat-copies.js)
// must cost about 1, 2, 4, 8 times; the exponent printed is the slope of
// log CPU against log copies (1 is linear). Issue 21's two other growing
// dimensions (scripts/growth-programs.js): one loop nest 4 to 64 deep
// (past the analyzer's 16-deep cut), and one procedure of 25 to 200 loop
// nests in a row; their exponents are the slopes against the depth and
// the number of nests. Best of --runs runs (CPU time:
// the machine may be shared). Prints figures; asserts nothing; writes
// only to a temporary directory.
//
// Usage: npm run bench -- [global options] [DIR [suite options]]...
//   With no DIR: the shipped examples and the end-to-end test programs.
//   Global options (before the first DIR):
//     --runs N          runs per program, the fastest kept (default 3)
//     --growth FILE     the file of the growth test (default examples/fortran/jacobi.f at 8-64 copies)
//     --copies LIST     copies for the growth test (default 1,2,4,8)
//     --depths LIST     nest depths for the depth growth test (default 4,8,16,32,64)
//     --sizes LIST      loop nests in one procedure for the size growth test (default 25,50,100,200)
//     --no-growth       skip the growth tests
//     -I DIR            include directory for the growth test
//     --json FILE       also write the figures as JSON
//     --dist DIR        the build to measure (default dist/, from `npm run build`)
//   Suite options (after their DIR):
//     --only A,B,...    only these programs (subdirectory names)
//     --ext .f,.f90     only files with these suffixes (default every suffix doall reads)
//     -I DIR            include directory for every program of the suite (each also gets its own directory)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { concatCopies } from "./concat-copies.js";
import { fileSizeProgram, nestDepthProgram } from "./growth-programs.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCE = [".f", ".for", ".f77", ".ftn", ".f90", ".f95", ".f03", ".f08", ".F", ".F90", ".c"];
const PHASES = ["read", "lower", "flow", "ranges", "deps", "link", "plan", "emit", "report"];
const LABEL = { read: "read", lower: "lower", flow: "CFG/dataflow", ranges: "ranges", deps: "dependence tests", link: "link", plan: "plan", emit: "emit", report: "report", other: "other" };

const opts = { runs: 3, growth: null, copies: null, depths: [4, 8, 16, 32, 64], sizes: [25, 50, 100, 200], noGrowth: false, include: [], json: null, dist: join(root, "dist") };
const suites = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const suite = suites[suites.length - 1];
  if (a === "--runs") opts.runs = Number(args[++i]);
  else if (a === "--growth") opts.growth = resolve(args[++i]);
  else if (a === "--copies") opts.copies = args[++i].split(",").map(Number);
  else if (a === "--depths") opts.depths = args[++i].split(",").map(Number);
  else if (a === "--sizes") opts.sizes = args[++i].split(",").map(Number);
  else if (a === "--no-growth") opts.noGrowth = true;
  else if (a === "--json") opts.json = resolve(args[++i]);
  else if (a === "--dist") opts.dist = resolve(args[++i]);
  else if (a === "-I") (suite ? suite.include : opts.include).push(resolve(args[++i]));
  else if (a === "--only" && suite) suite.only = args[++i].split(",");
  else if (a === "--ext" && suite) suite.ext = args[++i].split(",");
  else if (a.startsWith("-")) usage(`unknown option ${a}`);
  else suites.push({ dir: resolve(a), include: [], only: null, ext: SOURCE });
}
if (suites.length === 0) for (const d of ["examples", "test/e2e/programs"]) suites.push({ dir: join(root, d), include: [], only: null, ext: SOURCE });
if (!opts.growth && !opts.copies) opts.copies = [8, 16, 32, 64];
opts.growth ??= join(root, "examples/fortran/jacobi.f");
opts.copies ??= [1, 2, 4, 8];
if (!existsSync(join(opts.dist, "cli/main.js"))) usage(`${opts.dist} has no build: run \`npm run build\` first`);

function usage(msg) {
  console.error(`bench: ${msg}\nusage: npm run bench -- [--runs N] [--growth FILE] [--copies 1,2,4,8] [--depths 4,8,16] [--sizes 25,50] [--no-growth] [-I DIR] [--json FILE] [--dist DIR] [DIR [--only A,B] [--ext .f] [-I DIR]]...`);
  process.exit(2);
}

/** One run in a fresh process; the fastest of `runs`. */
function measure(files, include, cwd) {
  let best = null;
  let peak = 0;
  for (let r = 0; r < opts.runs; r++) {
    const res = spawnSync(process.execPath, [join(root, "scripts/bench-run.js"), "--dist", opts.dist, ...include.flatMap((d) => ["-I", d]), ...files], { cwd, encoding: "utf8", maxBuffer: 1 << 26 });
    if (res.status !== 0) throw new Error(`bench-run failed (${res.status}): ${res.stderr}`);
    const m = JSON.parse(res.stdout.trim().split("\n").pop());
    peak = Math.max(peak, m.maxRssMB);
    if (!best || m.cpu < best.cpu) best = m;
  }
  return { ...best, maxRssMB: peak };
}

const linesOf = (f) => readFileSync(f, "latin1").split("\n").length - (readFileSync(f, "latin1").endsWith("\n") ? 1 : 0);
const sources = (dir, ext) => readdirSync(dir).sort().filter((n) => ext.includes(extname(n)) && statSync(join(dir, n)).isFile()).map((n) => join(dir, n));
const fmt = (x, d = 2) => x.toFixed(d).padStart(8);
const num = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString("en-US") : "-").padStart(11);

const results = { suites: [], growth: null };
for (const s of suites) {
  const subdirs = readdirSync(s.dir).sort().filter((n) => statSync(join(s.dir, n)).isDirectory());
  const programs = (sources(s.dir, s.ext).length ? [{ name: basename(s.dir), dir: s.dir }] : subdirs.map((n) => ({ name: n, dir: join(s.dir, n) })))
    .filter((p) => !s.only || s.only.includes(p.name))
    .map((p) => ({ ...p, files: sources(p.dir, s.ext) }))
    .filter((p) => p.files.length > 0);
  const rows = [];
  for (const p of programs) {
    const m = measure(p.files, [p.dir, ...s.include], p.dir);
    rows.push({ name: p.name, files: p.files.length, lines: p.files.reduce((n, f) => n + linesOf(f), 0), ...m });
  }
  const sum = (f) => rows.reduce((n, r) => n + f(r), 0);
  const phases = Object.fromEntries(PHASES.map((ph) => [ph, sum((r) => r.phases?.[ph] ?? 0)]));
  const total = sum((r) => r.cpu);
  phases.other = total - PHASES.reduce((n, ph) => n + phases[ph], 0);
  const lines = sum((r) => r.lines);
  const peak = rows.reduce((b, r) => (r.maxRssMB > (b?.maxRssMB ?? 0) ? r : b), null);
  results.suites.push({ dir: s.dir, programs: rows, phases, total, lines, peakMB: peak?.maxRssMB ?? 0 });

  console.log(`\n${s.dir}: ${rows.length} programs, ${sum((r) => r.files)} files, ${lines.toLocaleString("en-US")} lines; CPU, fastest of ${opts.runs} runs`);
  console.log(`  ${"phase".padEnd(18)}${"CPU s".padStart(8)}${"lines/s".padStart(11)}   share`);
  for (const ph of [...PHASES, "other"]) console.log(`  ${LABEL[ph].padEnd(18)}${fmt(phases[ph])}${num(lines / phases[ph])}   ${((100 * phases[ph]) / total).toFixed(0).padStart(3)}%`);
  console.log(`  ${"total".padEnd(18)}${fmt(total)}${num(lines / total)}`);
  console.log(`  peak memory ${peak ? `${peak.maxRssMB.toFixed(0)} MB (${peak.name})` : "-"}`);
  for (const r of rows)
    console.log(`    ${r.name.padEnd(10)} ${String(r.files).padStart(3)} files ${String(r.lines).padStart(6)} lines ${fmt(r.cpu)} s ${r.maxRssMB.toFixed(0).padStart(5)} MB${r.errors ? `  ${r.errors} errors` : ""}${r.exit ? `  exit ${r.exit}` : ""}`);
}

/** Least-squares slope of log CPU against log x (1 is linear). */
function slope(rows) {
  const xs = rows.map((r) => Math.log(r.x));
  const ys = rows.map((r) => Math.log(r.cpu));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  return xs.reduce((n, x, i) => n + (x - mx) * (ys[i] - my), 0) / xs.reduce((n, x) => n + (x - mx) ** 2, 0);
}

/** Runs each generated file (`{x, text}`, x the size along the growing dimension) and prints the table and exponent. */
function growth(title, column, ext, include, cases) {
  const tmp = mkdtempSync(join(tmpdir(), "doall-growth-"));
  const rows = [];
  try {
    for (const c of cases) {
      const file = join(tmp, `x${c.x}${ext}`);
      writeFileSync(file, c.text, "latin1");
      const m = measure([file], include, tmp);
      rows.push({ x: c.x, lines: linesOf(file), ...m });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const exponent = slope(rows);
  console.log(`\n${title}; CPU, fastest of ${opts.runs} runs`);
  console.log(`  ${column.padStart(6)}${"lines".padStart(8)}${"CPU s".padStart(8)}${"ratio".padStart(8)}${"deps s".padStart(8)}${"MB".padStart(7)}`);
  for (const r of rows)
    console.log(`  ${String(r.x).padStart(6)}${String(r.lines).padStart(8)}${fmt(r.cpu)}${fmt(r.cpu / rows[0].cpu)}${fmt(r.phases?.deps ?? NaN)}${r.maxRssMB.toFixed(0).padStart(7)}${r.errors ? `  ${r.errors} errors` : ""}`);
  console.log(`  growth exponent (slope of log CPU over log ${column}): ${exponent.toFixed(2)}`);
  return { rows, exponent };
}

if (!opts.noGrowth) {
  const src = opts.growth;
  const ext = extname(src);
  const language = ext === ".c" ? "c" : [".f", ".for", ".f77", ".ftn", ".F"].includes(ext) ? "fixed" : "free";
  const text = readFileSync(src, "latin1");
  const copies = growth(`growth: ${src} concatenated ${opts.copies.join(", ")} times`, "copies", ext, [dirname(src), ...opts.include], opts.copies.map((k) => ({ x: k, text: concatCopies(text, language, k) })));
  results.growth = { file: src, rows: copies.rows.map(({ x, ...r }) => ({ copies: x, ...r })), exponent: copies.exponent };
  // Issue 21: the nest depth (past the analyzer's 16-deep cut) and one procedure's length grow too.
  const depth = growth(`growth: one loop nest ${opts.depths.join(", ")} deep (scripts/growth-programs.js)`, "depth", ".f90", [], opts.depths.map((d) => ({ x: d, text: nestDepthProgram(d) })));
  results.depthGrowth = { rows: depth.rows.map(({ x, ...r }) => ({ depth: x, ...r })), exponent: depth.exponent };
  const size = growth(`growth: one procedure of ${opts.sizes.join(", ")} loop nests in a row (scripts/growth-programs.js)`, "nests", ".f90", [], opts.sizes.map((n) => ({ x: n, text: fileSizeProgram(n) })));
  results.sizeGrowth = { rows: size.rows.map(({ x, ...r }) => ({ nests: x, ...r })), exponent: size.exponent };
}
if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2) + "\n");
