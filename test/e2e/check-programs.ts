/**
 * Checks corpus programs while writing them (not a test; run by hand):
 *
 *   node --import tsx test/e2e/check-programs.ts [--sweep] [FILE...]
 *
 * For each program (default: the whole corpus): marker coverage, the
 * serial run (twice, with its time), gcc/gfortran -Wall warnings, the
 * oracle with the `parallel` loops and with every safe loop, at 1, 2 and 4
 * threads. With --sweep it also puts a bare directive on each loop marked
 * serial, one at a time, and says how often a 4-thread run tells (a marker
 * whose race never shows is still right, but the negative tests need loops
 * whose race always shows).
 */
import { resolve } from "node:path";
import { checkTransformedProgram, serialReference } from "./lib/check-transformed.js";
import { sameRun } from "../../src/node/verify/compare-outputs.js";
import { loadCorpus, loadProgram, programFiles, type E2EProgram } from "./lib/corpus.js";
import { loopSites } from "./lib/loop-sites.js";
import { markerProblems } from "./lib/marker-coverage.js";
import { runProcess } from "../../src/node/verify/process.js";
import { compile, run } from "./lib/toolchain.js";
import { insertDirectives, NO_CLAUSES, oracleRounds, oracleTransform } from "./oracle.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

const args = process.argv.slice(2);
const sweep = args.includes("--sweep");
const files = args.filter((a) => !a.startsWith("--"));
const programs = files.length ? files.map((f) => loadProgram(resolve(f))) : loadCorpus();

async function warnings(p: E2EProgram): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "doall-wall-"));
  for (const f of programFiles(p)) writeFileSync(join(dir, f.name), f.text);
  const cmd = p.lang === "c" ? "gcc" : "gfortran";
  try {
    const r = await runProcess(cmd, ["-Wall", "-Wextra", "-O1", "-fopenmp", "-c", basename(p.path)], { cwd: dir, timeoutMs: 60_000 });
    return r.stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function check(p: E2EProgram): Promise<string[]> {
  const out: string[] = [];
  const sites = loopSites(p.path, p.text, p.lang);
  out.push(...markerProblems(p, sites));
  const a = await serialReference(p);
  const c = await compile(p.lang, programFiles(p), { openmp: true });
  const b = c.ok ? await run(c.exe, { threads: 1 }) : a;
  const det = sameRun(a, b);
  const counts = ["parallel", "either", "serial", "runtime"].map((v) => `${v} ${p.expectations.filter((x) => x.verdict === v).length}`).join(", ");
  out.push(`${p.name}: ${sites.length} loops (${counts}); serial ${a.ms} ms, status ${a.status}, ${a.stdout.split("\n").length - 1} lines; deterministic: ${det.equal ? "yes" : det.detail}`);
  const w = await warnings(p);
  if (w.trim()) out.push(`  warnings:\n${w.replace(/^/gm, "    ")}`);
  const variants: [string, string][] = [["parallel", oracleTransform(p, ["parallel"], sites)]];
  oracleRounds(p, sites).forEach((round, i) => variants.push([`round ${i} (${round.length} loops)`, insertDirectives(p, round, sites)]));
  for (const [name, text] of variants) {
    const r = await checkTransformedProgram(p, text);
    out.push(`  oracle ${name}: ${r.ok ? "ok" : "FAILED"} ${r.runs.map((x) => `${x.threads}t ${x.result.ms}ms`).join(", ")}`);
    for (const q of r.problems) out.push(`    ${q}`);
  }
  if (sweep) {
    for (const x of p.expectations.filter((e) => e.verdict === "serial" || e.verdict === "runtime")) {
      const site = sites.find((s) => s.line === x.loopLine);
      if (!site?.counted) {
        out.push(`  serial ${x.loopLine}: not a counted loop`);
        continue;
      }
      const r = await checkTransformedProgram(p, insertDirectives(p, [{ loopLine: x.loopLine, clauses: NO_CLAUSES }], sites), { threads: [4], repeat: 5 });
      const caught = r.runs.filter((q) => !q.comparison.equal).length;
      const how = r.runs.length === 0 ? "compile error" : `${caught}/${r.runs.length} runs differ`;
      out.push(`  serial ${x.loopLine}: ${how}${x.note ? ` (${x.note})` : ""}`);
    }
  }
  return out;
}

const results = await Promise.all(programs.map((p) => check(p).catch((e: Error) => [`${p.name}: ERROR ${e.message}`])));
for (const r of results) console.log(r.join("\n"));
