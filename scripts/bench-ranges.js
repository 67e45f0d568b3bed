#!/usr/bin/env node
// Runs scripts/bench-ranges.ts (what the value ranges buy on NPB 3.3-SER by default, and what they cost).
// Usage: node scripts/bench-ranges.js [DIR...] [--runs N]
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-ranges.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(r.status ?? 1);
