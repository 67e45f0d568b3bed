#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node:test (through tsx).
// Node 20's `--test` takes no globs, so the files are listed here.
// Usage: node scripts/run-tests.js [substring ...]  (only files whose path contains one)
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const filters = process.argv.slice(2);

function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith(".test.ts")) out.push(p);
  }
  return out;
}

let files = [...walk(join(root, "src"), []), ...walk(join(root, "test"), [])]
  .map((f) => relative(root, f))
  .sort();
if (filters.length) files = files.filter((f) => filters.some((s) => f.includes(s)));
if (files.length === 0) {
  console.error("no test files found");
  process.exit(1);
}
// A backstop against a test that never ends (a synchronous loop blocks node:test's own
// timeouts): past RUN_BOUND_MIN minutes the whole run is killed and fails, saying so, instead of
// running into CI's limit with nothing printed. A normal run takes a few minutes.
const RUN_BOUND_MIN = Number(process.env.DOALL_TEST_BOUND_MIN ?? 60);
const child = spawn(process.execPath, ["--import", "tsx", "--test", ...files], { cwd: root, stdio: "inherit", detached: true });
const timer = setTimeout(() => {
  console.error(`\nrun-tests: the tests did not end within ${RUN_BOUND_MIN} minutes; killed (the last test named above is the one that hangs)`);
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}, RUN_BOUND_MIN * 60_000);
timer.unref();
// Ctrl-C reaches the detached group too.
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => { try { process.kill(-child.pid, sig); } catch {} process.exit(130); });
child.on("exit", (code, signal) => {
  clearTimeout(timer);
  process.exit(code ?? (signal ? 1 : 0));
});
