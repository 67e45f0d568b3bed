// The verdict of `doall analyze --json` (the parallelizer's) against the experts'
// markers of the end-to-end corpus (test/e2e/programs): a loop doall calls
// parallel must not be one an expert marks serial (or parallel only with a
// run-time test), and a run-time check must only be offered where a
// directive with that condition is right.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dirname } from "node:path";
import { analyzeFile } from "../../src/driver/analyze-file.js";
import { ensureCParser } from "../../src/node/c-parser-node.js";
import { nodeHost } from "../../src/node/node-host.js";
import { loadCorpus } from "./lib/corpus.js";
import { parseExpectations } from "./lib/expectations.js";

test("analyze verdicts: never parallel where the e2e corpus's experts say serial or runtime; precision figures", async () => {
  await ensureCParser();
  const tally: Record<string, number> = {};
  const wrong: string[] = [];
  for (const p of loadCorpus()) {
    const r = analyzeFile(p.path, nodeHost(process.cwd()), { includeDirs: [dirname(p.path)] });
    for (const e of parseExpectations(p.text, p.lang)) {
      const loop = r.report.loops.find((l) => l.line === e.loopLine && l.file === p.path);
      if (!loop) continue;
      // An interchanged nest's verdict is the nest's as doall rewrites it, an aligned or peeled loop's the rewritten
      // loop's; the loop as written stays serial (the runs judge the rewrite). A pipelined loop is serial as a DOALL
      // loop: its run-time check is a flag's test under which it runs pipelined (docs/report.md).
      const mine = loop.interchange || loop.realign || loop.doacross || loop.rowPipeline ? "serial" : loop.parallel ? "parallel" : loop.runtimeCheck ? "runtime" : "serial";
      tally[`${e.verdict}->${mine}`] = (tally[`${e.verdict}->${mine}`] ?? 0) + 1;
      if ((e.verdict === "serial" && mine !== "serial") || (e.verdict === "runtime" && mine === "parallel")) wrong.push(`${p.path}:${e.loopLine}: expert says ${e.verdict}, doall ${mine} ${loop.runtimeCheck ?? ""}`);
      // The oracle rounds (e2e.test.ts) put a directive with the marker's clauses on every
      // loop marked parallel or either: a reduction doall finds that the marker lacks is a
      // race in those rounds (so is a private variable it lacks), one that few-iteration loops show only now and then.
      if (e.verdict !== "serial" && mine === "parallel") {
        const marked = new Set(e.clauses.reductions.map((x) => x.var.replace(/\[.*$/, "").toLowerCase()));
        const missing = (loop.reductions ?? []).filter((x) => !marked.has(x.var.toLowerCase()));
        if (missing.length) wrong.push(`${p.path}:${e.loopLine}: doall reduces ${missing.map((x) => `${x.op}:${x.var}`).join(", ")}, the marker does not`);
        const listed = new Set([...e.clauses.private, ...e.clauses.firstprivate, ...e.clauses.lastprivate, ...e.clauses.linear.map((x) => x.var)].map((x) => x.toLowerCase()));
        const unlisted = [...(loop.private ?? []), ...(loop.firstprivate ?? []), ...(loop.lastprivate ?? [])].filter((x) => !listed.has(x.toLowerCase()));
        if (unlisted.length) wrong.push(`${p.path}:${e.loopLine}: doall privatizes ${unlisted.join(", ")}, the marker does not`);
      }
    }
  }
  assert.deepEqual(wrong, []);
  // Enough loops of each kind were looked at for the check to mean something.
  assert.ok((tally["serial->serial"] ?? 0) > 50 && (tally["parallel->parallel"] ?? 0) > 50, JSON.stringify(tally));
});
