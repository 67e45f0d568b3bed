#!/usr/bin/env node
// The doall command. Runs the bundled CLI (dist/doall.mjs, built by `npm ci`
// or `npm run build`); in a checkout without a build it falls back to the
// TypeScript sources through tsx.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundled = `${root}dist/doall.mjs`;
if (existsSync(bundled)) {
  await import(pathToFileURL(bundled).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(`${root}src/cli/run.ts`).href);
}
