import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../cli/main.js";
import { fakeIO } from "../cli/test-support/fake-io.js";
import { ensureCParser } from "../node/c-parser-node.js";
import { SOURCE_ENCODING } from "../node/node-host.js";
import { analyze } from "./analyze.js";
import { explain } from "./explain.js";
import { parallelize } from "./parallelize.js";
import type { SourceFile } from "./source-files.js";

/**
 * The library does what the commands do (issue 18): on the end-to-end
 * programs, `parallelize` gives the texts `doall parallelize` writes and
 * the report it writes with --report, `analyze` what `doall analyze
 * --json` prints, `explain` what `doall explain` prints; defaults and the
 * linking of the files of one run included.
 */
const ROOT = new URL("../../", import.meta.url).pathname;

/** The files under a directory of the repository, as a user of the library would pass them (paths as the CLI is given them). */
function given(dir: string): SourceFile[] {
  return readdirSync(join(ROOT, dir))
    .sort()
    .map((n) => ({ path: `${dir}/${n}`, text: readFileSync(join(ROOT, dir, n), SOURCE_ENCODING) }));
}

const cases: { name: string; files: SourceFile[]; inputs: string[] }[] = [];
for (const lang of ["fortran", "c"]) {
  const all = given(`test/e2e/programs/${lang}`);
  const headers = all.filter((f) => !/\.(f|f90|c)$/i.test(f.path));
  // One program at a time (with every header there to be included), as `doall parallelize FILE` reads it.
  for (const f of all.filter((x) => !headers.includes(x)).filter((_, k) => k % 4 === 0)) cases.push({ name: f.path, files: [f, ...headers], inputs: [f.path] });
}
for (const d of ["test/e2e/linked/f_common", "test/e2e/linked/c_globals"]) {
  const files = given(d);
  cases.push({ name: d, files, inputs: files.filter((f) => !f.path.endsWith(".h")).map((f) => f.path) });
}

test("parallelize, analyze and explain give what the CLI gives on the e2e programs", async () => {
  await ensureCParser();
  const out = mkdtempSync(join(tmpdir(), "doall-parity-"));
  try {
    for (const c of cases) {
      const cli = fakeIO(ROOT);
      const code = await runCli(["parallelize", ...c.inputs, "-o", join(out, c.name), "--report", "-"], cli);
      assert.equal(code, 0, `${c.name}: ${cli.err}`);
      const api = parallelize(c.files);
      // Beyond the CLI's entries, a warning for each header the program does not include (all are given).
      const [mine, unused] = [api.report.files.slice(0, c.inputs.length), api.report.files.slice(c.inputs.length)];
      assert.deepEqual({ version: api.report.version, files: mine }, JSON.parse(cli.out), `${c.name}: the reports differ`);
      for (const u of unused) assert.ok(u.language === "unknown" && u.diagnostics[0]?.severity === "warning" && !/\.(f|f90|c)$/i.test(u.file), u.file);
      assert.deepEqual(
        api.files.map((f) => f.path),
        c.inputs,
      );
      const base = c.inputs.length > 1 ? c.name : c.name.slice(0, c.name.lastIndexOf("/"));
      for (const f of api.files) assert.equal(f.text, readFileSync(join(out, c.name, f.path.slice(base.length + 1)), SOURCE_ENCODING), `${f.path}: the outputs differ`);

      const json = fakeIO(ROOT);
      assert.equal(await runCli(["analyze", ...c.inputs, "--json"], json), 0);
      assert.deepEqual(analyze(c.files).report.files.slice(0, c.inputs.length), JSON.parse(json.out).files, `${c.name}: analyze differs`);

      // The last input: in the linked cases, main (kern has no loop), with the other file linked.
      const file = c.inputs[c.inputs.length - 1]!;
      const words = fakeIO(ROOT);
      assert.equal(await runCli(["explain", file, ...c.inputs.filter((x) => x !== file)], words), 0);
      assert.equal(explain(c.files, { file }).text, words.out, `${c.name}: explain differs`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
