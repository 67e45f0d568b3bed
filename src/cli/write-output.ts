import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { CliIO } from "./command.js";

/** Writes a report to FILE (its directory made), or to standard output for '-'. */
export function writeOutput(io: CliIO, path: string, text: string): void {
  if (path === "-") {
    io.stdout(text);
    return;
  }
  const abs = resolve(io.cwd, path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, text);
}
