import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { goldenInputs, renderGoldens } from "./fortran-golden.js";

for (const input of goldenInputs()) {
  const stem = input.replace(/\.(f|f90)$/, "");
  test(`front-end golden: ${basename(input)}`, () => {
    const got = renderGoldens(input);
    for (const [kind, text] of Object.entries(got)) {
      const file = `${stem}.${kind}.txt`;
      assert.ok(existsSync(file), `missing golden ${file}: run node scripts/update-goldens.js`);
      assert.equal(text, readFileSync(file, "utf8"), `${file} differs: run node scripts/update-goldens.js and review the diff`);
    }
  });
}
