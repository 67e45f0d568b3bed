import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initCParser, type CParserWasm } from "../frontend/c/c-parser.js";

/** The wasm files of web-tree-sitter and tree-sitter-c, read from node_modules. */
export function nodeCParserWasm(): CParserWasm {
  const req = createRequire(import.meta.url);
  return {
    runtime: readFileSync(req.resolve("web-tree-sitter/tree-sitter.wasm")),
    language: readFileSync(req.resolve("tree-sitter-c/tree-sitter-c.wasm")),
  };
}

/** Loads the C parser once (commands call it before reading the first C file). */
export function ensureCParser(): Promise<void> {
  return initCParser(nodeCParserWasm);
}
