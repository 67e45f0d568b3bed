import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import AjvDraft04Module from "ajv-draft-04";
import { runCli } from "../../src/cli/main.js";
import { fakeIO } from "../../src/cli/test-support/fake-io.js";
import { ensureCParser } from "../../src/node/c-parser-node.js";
import { ReportSchema } from "../../src/report/report-schema.js";
import { e2eGoldenInputs, E2E_GOLDEN_DIR, renderFormatGoldens } from "./e2e-golden.js";

/**
 * The machine-readable outputs (issue 19 §4): every e2e program's JSON
 * report is valid against the report's schema (report-schema.ts, shipped
 * as dist/report.schema.json), and the SARIF of the whole corpus against
 * the SARIF 2.1.0 schema (OASIS's, as @microsoft/jest-sarif ships it);
 * both are also goldens (test/golden/e2e/e2e.report.json, e2e.sarif.json;
 * node scripts/update-goldens.js rewrites them, then review the diff).
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const require = createRequire(import.meta.url);
// ajv-draft-04 is CommonJS: its class is the default export's `default` once loaded from ESM.
const AjvDraft04 = ((AjvDraft04Module as unknown as { default?: unknown }).default ?? AjvDraft04Module) as unknown as typeof Ajv;

async function cli(args: string[]): Promise<string> {
  await ensureCParser();
  const io = fakeIO(ROOT);
  const code = await runCli(args, io);
  assert.ok(code === 0, `doall ${args.join(" ")}: exit ${code}\n${io.err}`);
  return io.out;
}

async function golden(name: string): Promise<string> {
  const text = (await renderFormatGoldens())[name]!;
  const file = `${E2E_GOLDEN_DIR}${name}`;
  assert.ok(existsSync(file), `missing ${file}: run node scripts/update-goldens.js`);
  assert.equal(text, readFileSync(file, "utf8"), `${name} differs: run node scripts/update-goldens.js and review the diff`);
  return text;
}

test("the JSON report of every e2e program is valid against the report's schema; two are goldens", async () => {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(ReportSchema);
  for (const input of e2eGoldenInputs()) {
    const report = JSON.parse(await cli(["analyze", "--json", input]));
    assert.ok(validate(report), `${input}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  }
  // The schema rejects what it does not describe: the old fake reason shape is no longer a report.
  assert.equal(validate({ files: [] }), false, "a report without its version");
  assert.ok(validate(JSON.parse(await golden("e2e.report.json"))));
  // What the build ships is this schema.
  const shipped = `${ROOT}dist/report.schema.json`;
  if (existsSync(shipped)) assert.deepEqual(JSON.parse(readFileSync(shipped, "utf8")), { $schema: "http://json-schema.org/draft-07/schema#", ...JSON.parse(JSON.stringify(ReportSchema)) });
});

test("SARIF of the e2e corpus: valid SARIF 2.1.0, one result per fixable cause of a serial loop; a golden", async () => {
  const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
  const validate = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);
  const sarif = JSON.parse(await golden("e2e.sarif.json")) as { runs: { results: { ruleId: string }[] }[] };
  assert.ok(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3)));
  const results = sarif.runs[0].results as { ruleId: string }[];
  assert.ok(results.length > 20, `${results.length} results`);
  const rules = new Set(results.map((r) => r.ruleId));
  for (const id of ["unknown-call", "io-in-loop", "early-exit", "possible-dependence"]) assert.ok(rules.has(id), `no ${id} result`);
  for (const id of ["recurrence", "nested", "not-profitable"]) assert.ok(!rules.has(id), `${id} is not fixable`);
  // A SARIF log the schema refuses: the check can fail.
  assert.equal(validate({ ...sarif, version: "2.0" }), false);
});
