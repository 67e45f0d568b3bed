#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node:test (through tsx).
// Node 20's `--test` takes no globs, so the files are listed here.
// Usage: node scripts/run-tests.js [substring ...]  (only files whose path contains one)
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";
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
const r = spawnSync(process.execPath, ["--import", "tsx", "--test", ...files], {
  cwd: root,
  stdio: "inherit",
});
process.exit(r.status ?? 1);
