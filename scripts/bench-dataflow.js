#!/usr/bin/env node
// Runs scripts/bench-dataflow.ts (analysis time of every procedure of NPB 3.3-SER by default).
// Usage: node scripts/bench-dataflow.js [DIR...] [--runs N] [--input]
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-dataflow.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(r.status ?? 1);
