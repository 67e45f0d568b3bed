#!/usr/bin/env node
// Compares the loop count `doall analyze` reports per file with expected
// counts from an independent oracle (e.g. a compiler's parse tree).
// Usage: node scripts/compare-loop-counts.js ROOT REF.json [-I DIR]...
//   REF.json: { "rel/path/file.f": { "total": N }, ... } with paths relative to ROOT.
// Prints one line per file that differs and a summary; exit 1 if any differ
// or any file has errors.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("..", import.meta.url).pathname;
const dist = (p) => pathToFileURL(join(root, "dist", p)).href;
const { loadProgram } = await import(dist("driver/load-program.js"));
const { buildFileReport } = await import(dist("report/file-report.js"));
const { nodeHost } = await import(dist("node/node-host.js"));
const { FortranCache } = await import(dist("frontend/fortran/source-reader.js"));

const [base, refPath, ...rest] = process.argv.slice(2);
if (!base || !refPath) {
  console.error("usage: compare-loop-counts.js ROOT REF.json [-I DIR]...");
  process.exit(2);
}
const includeDirs = [];
for (let i = 0; i < rest.length; i++) if (rest[i] === "-I") includeDirs.push(rest[++i]);
const ref = JSON.parse(readFileSync(refPath, "utf8"));
const host = nodeHost(base);
const cache = new FortranCache();
let files = 0, same = 0, errors = 0, expected = 0, got = 0;
for (const [rel, want] of Object.entries(ref)) {
  const l = loadProgram(rel, host, { includeDirs, fortranCache: cache });
  const r = buildFileReport(rel, l.program, l.diagnostics);
  const errs = r.diagnostics.filter((d) => d.severity === "error");
  files++;
  expected += want.total;
  got += r.loops.length;
  if (errs.length) {
    errors++;
    console.log(`${rel}: ${errs.length} error(s), first: ${errs[0].file}:${errs[0].line}:${errs[0].column}: ${errs[0].message}`);
  }
  if (r.loops.length === want.total) same++;
  else console.log(`${rel}: doall ${r.loops.length} loops, expected ${want.total}`);
}
console.log(`${files} files: ${same} with the expected loop count, ${files - same} differ, ${errors} with errors; loops ${got} (expected ${expected})`);
process.exit(same === files && errors === 0 ? 0 : 1);
