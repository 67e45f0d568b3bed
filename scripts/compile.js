#!/usr/bin/env node
// Compiles src/ into dist/ as `tsc -p tsconfig.build.json` does (the same checks, the same files,
// declarations and source maps), with one transform added: for-of loops over arrays become
// indexed loops (scripts/indexed-loops.js says why). The bundle (scripts/bundle.js) is made
// from this output.
import ts from "typescript";
import { fileURLToPath } from "node:url";
import { indexedLoops } from "./indexed-loops.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) };
const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.build.json`, {}, host);
if (config.errors.length) fail(config.errors);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length) fail(diagnostics);
const emitted = program.emit(undefined, undefined, undefined, false, { before: [indexedLoops(program)] });
if (emitted.diagnostics.length) fail(emitted.diagnostics);

function fail(list) {
  const format = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" };
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext(list, format));
  process.exit(1);
}
