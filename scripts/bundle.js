#!/usr/bin/env node
// Bundles the CLI into one file, dist/doall.mjs: loading ~80 ES modules one by
// one cost ~80 ms of start-up, which matters for a command run on each file.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: ["src/cli/run.ts"],
  outfile: "dist/doall.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  // Packages with their own assets (wasm) are loaded from node_modules at run time.
  packages: "external",
  logLevel: "warning",
});
