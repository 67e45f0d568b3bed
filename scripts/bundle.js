#!/usr/bin/env node
// Bundles the CLI (as scripts/compile.js built it) into one file, dist/doall.mjs: loading ~80 ES modules one by
// one cost ~80 ms of start-up, which matters for a command run on each file.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
await build({
  absWorkingDir: root,
  // From the compiled modules (scripts/compile.js: its loop transform is wanted here too); their
  // source maps lead the bundle's back to src/.
  entryPoints: ["dist/cli/run.js"],
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

// The C grammar's wasm ships with doall (dist/wasm/, with its MIT licence): the
// tree-sitter-c package also carries a native binding whose install script
// (node-gyp-build) doall does not need, so it is only a devDependency.
const req = createRequire(import.meta.url);
const grammar = req.resolve("tree-sitter-c/tree-sitter-c.wasm");
mkdirSync(join(root, "dist/wasm"), { recursive: true });
copyFileSync(grammar, join(root, "dist/wasm/tree-sitter-c.wasm"));
copyFileSync(join(dirname(grammar), "LICENSE"), join(root, "dist/wasm/tree-sitter-c.LICENSE"));

// The JSON report's schema, from its one declaration (src/report/report-schema.ts, TypeBox),
// shipped as dist/report.schema.json ("doall/report.schema.json").
const { ReportSchema } = await import(new URL("../dist/report/report-schema.js", import.meta.url).href);
const { writeFileSync } = await import("node:fs");
writeFileSync(
  join(root, "dist/report.schema.json"),
  JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", ...ReportSchema }, null, 2) + "\n",
);
