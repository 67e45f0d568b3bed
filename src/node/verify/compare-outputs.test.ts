import { test } from "node:test";
import assert from "node:assert/strict";
import { compareOutputs } from "./compare-outputs.js";

test("without a tolerance the text must be identical, and the first difference is named", () => {
  assert.deepEqual(compareOutputs("a 1\nb 2\n", "a 1\nb 2\n"), { equal: true });
  const r = compareOutputs("a 1\nb 2\n", "a 1\nb 3\n");
  assert.equal(r.equal, false);
  assert.match(r.detail!, /line 2: serial "b 2", parallel "b 3"/);
  assert.match(compareOutputs("a\n", "a\nextra\n").detail!, /line 2: serial "", parallel "extra"/);
  assert.match(compareOutputs("a\nb", "a").detail!, /parallel output ended/);
  // Blank space matters too when no tolerance is declared.
  assert.equal(compareOutputs("s =  1\n", "s = 1\n").equal, false);
});

test("with a tolerance numbers compare relatively (absolutely below 1), text exactly up to blank space", () => {
  assert.equal(compareOutputs("sum 1.0000000000\n", "sum 1.0000000001\n", 1e-9).equal, true);
  assert.equal(compareOutputs("sum 1.0000000000\n", "sum 1.0001\n", 1e-9).equal, false);
  assert.equal(compareOutputs("x 1.0D+10\n", "x 1.0000001D+10\n", 1e-6).equal, true);
  assert.equal(compareOutputs("x 1.0D+10\n", "x 1.0001D+10\n", 1e-6).equal, false);
  // Near zero: absolute.
  assert.equal(compareOutputs("r 1e-17\n", "r -3e-17\n", 1e-12).equal, true);
  // Fortran list-directed output: a field's width may change with the value.
  assert.equal(compareOutputs("   0.99999999999999989     \n", "    1.0000000000000000     \n", 1e-12).equal, true);
  assert.equal(compareOutputs("max 3\n", "min 3\n", 1e-3).equal, false);
  assert.equal(compareOutputs("a 1 2\n", "a 1\n", 1e-3).equal, false);
  assert.equal(compareOutputs("NaN\n", "NaN\n", 1e-3).equal, true);
});
