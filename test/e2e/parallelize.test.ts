import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { dirname } from "node:path";
import { ensureCParser } from "../../src/node/c-parser-node.js";
import { nodeHost } from "../../src/node/node-host.js";
import { parallelizeFile } from "../../src/driver/parallelize-file.js";
import { formatReport, loadCorpus, runE2E, type E2EReport } from "./harness.js";

/**
 * The end-to-end suite on doall itself (issue 9 §9): every corpus program
 * is parallelized by `parallelizeFile` (what `doall parallelize` runs),
 * compiled with -fopenmp, run with 1, 2 and 4 threads, and must print what
 * the serial program prints; no directive may sit on a loop the experts
 * mark serial (or on a `runtime` loop without an if clause), and nothing
 * but directive lines may change (and the controls of the two headers of
 * an interchanged nest, which the run then checks). The precision (loops marked parallel
 * that doall parallelizes, itself or through an enclosing loop) is printed
 * and must not fall below the floor measured when this suite was written.
 */
const corpus = loadCorpus();
const results: E2EReport[] = [];

before(async () => {
  await ensureCParser();
});

/** The loops each file got aligned, peeled or a serial copy of (their lines may change: realigned-lines.ts). */
const realigned = new Map<string, { line: number; endLine: number }[]>();

const transform = (path: string) => {
  const r = parallelizeFile(path, nodeHost(process.cwd()), { includeDirs: [dirname(path)] });
  assert.equal(r.failed, false, r.messages.join("\n"));
  assert.notEqual(r.output, null);
  realigned.set(path, r.report.loops.filter((l) => l.emitted && (l.realign || l.serialCopy)).map((l) => ({ line: l.line, endLine: l.endLine })));
  return r.output!;
};

describe("doall parallelize on the e2e corpus: same output with 1, 2 and 4 threads, no wrong directive", { concurrency: true }, () => {
  for (const p of corpus) {
    test(p.name, async () => {
      // doall's interchange rewrites two loop headers (their controls swap places), nothing else.
      const r = await runE2E(p, (path) => transform(path), { allowHeaderSwaps: true, realigned: () => realigned.get(p.path) ?? [] });
      results.push(r);
      assert.ok(r.ok, formatReport(r));
    });
  }
});

after(() => {
  if (results.length !== corpus.length) return;
  let found = 0;
  let expected = 0;
  for (const r of results) {
    found += r.expectations.precision.found;
    expected += r.expectations.precision.expected;
  }
  // Measured 2026-11-22; a drop means a lost parallel loop somewhere.
  process.stdout.write(`# doall parallelize precision on the e2e corpus: ${found}/${expected} loops the experts mark parallel\n`);
  assert.ok(found / expected >= 0.75, `precision ${found}/${expected} fell below 75%`);
});
