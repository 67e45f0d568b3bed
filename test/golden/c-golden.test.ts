import { before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { ensureCParser } from "../../src/node/c-parser-node.js";
import { preprocessedGoldenInputs, renderPreprocessedGoldens, stemOf } from "./c-golden.js";

before(() => ensureCParser());

for (const input of preprocessedGoldenInputs()) {
  test(`preprocessed golden: ${basename(input)}`, () => {
    const got = renderPreprocessedGoldens(input);
    for (const [kind, text] of Object.entries(got)) {
      const file = `${stemOf(input)}.${kind}.txt`;
      assert.ok(existsSync(file), `missing golden ${file}: run node scripts/update-goldens.js`);
      assert.equal(text, readFileSync(file, "utf8"), `${file} differs: run node scripts/update-goldens.js and review the diff`);
    }
  });
}
