#!/usr/bin/env node
// The doall command. Runs the compiled CLI from dist/ (built by `npm ci` /
// `npm run build`); in a checkout without dist/ it falls back to the
// TypeScript sources through tsx.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const compiled = `${root}dist/cli/run.js`;
if (existsSync(compiled)) {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(`${root}src/cli/run.ts`).href);
}
