import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { depsGoldenInputs, depsGoldenPath, renderDepsGolden } from "./deps-golden.js";

for (const input of depsGoldenInputs()) {
  test(`deps golden: ${basename(input)}`, async () => {
    const file = depsGoldenPath(input);
    assert.ok(existsSync(file), `missing golden ${file}: run node scripts/update-goldens.js`);
    assert.equal(await renderDepsGolden(input), readFileSync(file, "utf8"), `${file} differs: run node scripts/update-goldens.js and review the diff`);
  });
}
