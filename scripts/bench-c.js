#!/usr/bin/env node
// C benchmark and accuracy check of `doall analyze` on the NPB C sources:
// for each tree (NPB3.3-SER-C, NPB3.3-OMP-C, NPB2.3-serial/IS), every .c
// file is read with -I <tree>/common, and
//  - errors are counted (the goal is zero),
//  - the loops reported in each file are compared with the oracle's count
//    (ref/c-loops.json: clang's for/while/do statements whose expansion
//    location is in the file, so a loop written by a macro counts where the
//    macro is used, and loops in headers count for no .c file),
//  - lines per second: median over --runs of the whole CLI (Node start-up
//    included, as a user sees it) and of the front end in-process (warm).
// Usage: npm run build && node scripts/bench-c.js [--npb DIR] [--runs N]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { sourceFiles } from "./source-files.js";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
let npb = "/work/npb";
let runs = 5;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--npb") npb = args[++i];
  else if (args[i] === "--runs") runs = Number(args[++i]);
}
if (!existsSync(join(root, "dist/cli/run.js"))) {
  console.error("dist/ is missing: run `npm run build` first");
  process.exit(2);
}
const dist = (p) => pathToFileURL(join(root, "dist", p)).href;
const { loadProgram } = await import(dist("driver/load-program.js"));
const { buildFileReport } = await import(dist("report/file-report.js"));
const { nodeHost } = await import(dist("node/node-host.js"));
const { ensureCParser } = await import(dist("node/c-parser-node.js"));
await ensureCParser();

const refPath = join(npb, "ref/c-loops.json");
const ref = existsSync(refPath) ? JSON.parse(readFileSync(refPath, "utf8")) : {};
const TREES = [
  { dir: "NPB3.3-SER-C", common: "NPB3.3-SER-C/common" },
  { dir: "NPB3.3-OMP-C", common: "NPB3.3-OMP-C/common" },
  { dir: "NPB2.3-serial/IS", common: "NPB2.3-serial/common" },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const host = nodeHost(npb);
let bad = false;

for (const t of TREES) {
  if (!existsSync(join(npb, t.dir))) continue;
  const files = sourceFiles(join(npb, t.dir), (n) => n.endsWith(".c")).map((p) => relative(npb, p));
  const lines = files.reduce((n, f) => n + readFileSync(join(npb, f), "utf8").split("\n").length - 1, 0);
  let errors = 0, diffs = 0, compared = 0, loops = 0;
  const inproc = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    for (const f of files) {
      const l = loadProgram(f, host, { includeDirs: [t.common] });
      if (r > 0) continue;
      const rep = buildFileReport(f, l.program, l.diagnostics);
      const errs = rep.diagnostics.filter((d) => d.severity === "error");
      const mine = rep.loops.filter((x) => x.file === f).length;
      loops += mine;
      if (errs.length) {
        errors++;
        console.log(`  ${f}: ${errs.length} error(s), first: ${errs[0].file}:${errs[0].line}:${errs[0].column}: ${errs[0].message}`);
      }
      const want = ref[f];
      if (want) {
        compared++;
        if (want.total !== mine) {
          diffs++;
          console.log(`  ${f}: ${mine} loops, oracle ${want.total}`);
        }
      }
    }
    inproc.push(performance.now() - t0);
  }
  const cli = [];
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    const res = spawnSync(process.execPath, [join(root, "dist/cli/run.js"), "analyze", "-I", t.common, ...files], { cwd: npb, encoding: "utf8", maxBuffer: 1 << 28 });
    cli.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res.status !== 0) {
      console.log(`  doall analyze exited ${res.status}: ${(res.stderr ?? "").split("\n")[0]}`);
      bad = true;
    }
  }
  if (errors || diffs) bad = true;
  const warm = median(inproc.slice(1).length ? inproc.slice(1) : inproc);
  console.log(
    `${t.dir}: ${files.length} files, ${lines} lines, ${loops} loops; files with errors ${errors}; loop counts differing from the oracle ${diffs}/${compared}; ` +
      `CLI ${median(cli).toFixed(0)} ms (${Math.round(lines / (median(cli) / 1000))} lines/s), in-process ${warm.toFixed(0)} ms (${Math.round(lines / (warm / 1000))} lines/s), median of ${runs}`,
  );
}
process.exit(bad ? 1 : 0);
