import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { ensureCParser } from "../../src/node/c-parser-node.js";
import { E2E_GOLDEN_DIR, e2eGoldenInputs, renderE2EGolden } from "./e2e-golden.js";

// doall's decisions on the e2e programs, as goldens (e2e-golden.ts): the parallelized text and what analyze and explain print.
test("e2e goldens: X.omp.* and X.report.txt of every end-to-end program", async () => {
  await ensureCParser();
  const stale: string[] = [];
  for (const input of e2eGoldenInputs()) {
    for (const [name, text] of Object.entries(await renderE2EGolden(input))) {
      const file = `${E2E_GOLDEN_DIR}${name}`;
      if (!existsSync(file) || readFileSync(file, "latin1") !== text) stale.push(name);
    }
  }
  assert.deepEqual(stale, [], "these goldens differ: run node scripts/update-goldens.js and review the diff");
});
