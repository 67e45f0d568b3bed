import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureCParser } from "../../src/node/c-parser-node.js";
import { nodeHost } from "../../src/node/node-host.js";
import { linkLoaded } from "../../src/driver/link-loaded.js";
import { loadProgram } from "../../src/driver/load-program.js";
import { parallelizeLoadedRun } from "../../src/driver/parallelize-file.js";
import { checkDirectivesOnly, checkExpectations, compile, emittedLoops, loopSites, parseExpectations, run, sameRun, type Lang, type SourceFile } from "./harness.js";
import { onlyReversedHeaders } from "./lib/reversed-headers.js";

/**
 * Programs in several files (test/e2e/linked/NAME/), given together to
 * one parallelize run as `doall parallelize *.f -o DIR` does: their
 * parallel loops call procedures of the other file. All output files
 * are compiled together with -fopenmp and run with 1, 2 and 4 threads
 * against the serial program; each file's markers are checked as in the
 * single-file suite (no directive on a serial loop), and here every loop
 * marked parallel must get its directive: finding them is what linking is for.
 */
const ROOT = fileURLToPath(new URL("./linked/", import.meta.url));
const SOURCE = /\.(f|f90|c)$/;

before(async () => {
  await ensureCParser();
});

describe("doall parallelize on programs in several files: linked calls, same output with 1, 2 and 4 threads", { concurrency: true }, () => {
  for (const name of readdirSync(ROOT).sort()) {
    test(name, async () => {
      const dir = join(ROOT, name);
      const names = readdirSync(dir).sort();
      const lang: Lang = names.some((f) => f.endsWith(".c")) ? "c" : "fortran";
      const original: SourceFile[] = names.map((f) => ({ name: f, text: readFileSync(join(dir, f), "utf8") }));
      const sources = original.filter((f) => SOURCE.test(f.name));
      assert.ok(sources.length >= 2, `${name}: a linked program has several source files`);

      const host = nodeHost(process.cwd());
      const loaded = sources.map((f) => loadProgram(join(dir, f.name), host, { includeDirs: [dir] }));
      const link = linkLoaded(loaded);
      const transformed = new Map<string, string>();
      // One run: the COMMON blocks made threadprivate are decided over all its files.
      for (const [k, r] of parallelizeLoadedRun(loaded, host, { link }).entries()) {
        assert.equal(r.failed, false, r.messages.join("\n"));
        transformed.set(sources[k]!.name, r.output!);
      }

      const problems: string[] = [];
      for (const f of sources) {
        const out = transformed.get(f.name)!;
        const text = checkDirectivesOnly(f.text, out, lang);
        // A row pipeline's row loop turned round (row-pipeline.ts) changes its header, nothing else.
        if (!text.identical && !onlyReversedHeaders(f.text, out, text.directiveLines, lang)) problems.push(`${f.name}: lines other than directives changed`);
        const emitted = emittedLoops(f.text, out, lang, loopSites(join(dir, f.name), f.text, lang));
        const check = checkExpectations(parseExpectations(f.text, lang), emitted);
        for (const u of check.unsound) problems.push(`${f.name}:${u.expectation.loopLine}: directive '${u.emitted.directive}' on a loop ${u.why}`);
        for (const u of check.unmarked) problems.push(`${f.name}:${u.line}: directive on a loop without a marker`);
        for (const m of check.missed) problems.push(`${f.name}:${m.loopLine}: marked parallel, no directive`);
      }

      const serialBuild = await compile(lang, original, { openmp: true });
      assert.ok(serialBuild.ok, `${name}: the serial program does not compile: ${serialBuild.stderr}`);
      const serial = await run(serialBuild.exe, { threads: 1 });
      assert.equal(serial.status, 0, `${name}: the serial program failed: ${serial.stderr}`);
      const parallelBuild = await compile(lang, original.map((f) => ({ name: f.name, text: transformed.get(f.name) ?? f.text })), { openmp: true });
      assert.ok(parallelBuild.ok, `${name}: the parallelized program does not compile: ${parallelBuild.stderr}`);
      for (const threads of [1, 2, 4, 4]) {
        const cmp = sameRun(serial, await run(parallelBuild.exe, { threads }));
        if (!cmp.equal) problems.push(`${threads} threads: ${cmp.detail}`);
      }
      assert.deepEqual(problems, []);
    });
  }
});
