#!/usr/bin/env node
// Runs scripts/bench-overhead.ts: each e2e program serial vs parallelized by doall, at 1 and 2 threads.
// Usage: npm run bench:overhead -- [SUBSTRING...] [--runs N]
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-overhead.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(r.status ?? 1);
