import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { JIT_FLAGS, jitFlagsApply } from "./jit-flags.js";

// V8 prints "Error: unrecognized flag" for a flag it does not know (and ignores it): a typo would
// silently leave the runs as slow as before, and print on every run.
test("this Node's V8 knows every JIT flag doall sets", { skip: !jitFlagsApply() }, () => {
  const r = spawnSync(process.execPath, ["-e", `const v8 = require("node:v8"); for (const f of ${JSON.stringify(JIT_FLAGS)}) v8.setFlagsFromString(f); console.log("set");`], { encoding: "utf8" });
  assert.equal(r.stderr, "");
  assert.equal(r.stdout.trim(), "set");
});

test("the flags apply on the Node versions they were measured on only", () => {
  assert.equal(jitFlagsApply("20.20.2"), true);
  assert.equal(jitFlagsApply("22.1.0"), false);
  assert.equal(jitFlagsApply("18.19.0"), false);
});

test("the doall command prints nothing more with the flags set", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/run.ts", "--help"], { encoding: "utf8" });
  assert.equal(r.status, 0);
  assert.doesNotMatch(r.stderr, /flag/);
});
