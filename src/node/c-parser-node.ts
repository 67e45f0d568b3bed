import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { initCParser, type CParserWasm } from "../frontend/c/c-parser.js";

/**
 * Where the C grammar's wasm is: doall ships it in dist/wasm/ (copied from
 * the tree-sitter-c package at build time, scripts/bundle.js), so that
 * installing doall installs no package with a native build step. This
 * module runs as dist/node/c-parser-node.js, inside the bundled CLI
 * dist/doall.mjs, or from the sources (src/node/, before a build): the
 * first place that has the file wins; the tree-sitter-c package itself (a
 * devDependency) is the last resort of a checkout.
 */
const GRAMMAR_PLACES = ["./wasm/tree-sitter-c.wasm", "../wasm/tree-sitter-c.wasm", "../../dist/wasm/tree-sitter-c.wasm"];

function grammarWasm(): Uint8Array {
  for (const p of GRAMMAR_PLACES) {
    const path = fileURLToPath(new URL(p, import.meta.url));
    if (existsSync(path)) return readFileSync(path);
  }
  try {
    return readFileSync(createRequire(import.meta.url).resolve("tree-sitter-c/tree-sitter-c.wasm"));
  } catch {
    throw new Error("tree-sitter-c.wasm is missing from doall's dist/wasm/ (run `npm run build`)");
  }
}

/** The wasm files the C parser needs: web-tree-sitter's runtime from node_modules, the C grammar that doall ships. */
export function nodeCParserWasm(): CParserWasm {
  const req = createRequire(import.meta.url);
  return { runtime: readFileSync(req.resolve("web-tree-sitter/tree-sitter.wasm")), language: grammarWasm() };
}

/** Loads the C parser once (commands call it before reading the first C file). */
export function ensureCParser(): Promise<void> {
  return initCParser(nodeCParserWasm);
}
