#!/usr/bin/env node
// Regenerates the golden files of test/golden (review the diff before committing).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const r = spawnSync(process.execPath, ["--import", "tsx", "test/golden/update.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(r.status ?? 1);
