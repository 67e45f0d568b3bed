import { analyzePaths, type AnalyzeResult } from "../api/analyze.js";
import { explainPaths, type ExplainOptions, type ExplainResult } from "../api/explain.js";
import type { Options } from "../api/options.js";
import { parallelizePaths, type ParallelizeResult } from "../api/parallelize.js";
import { needsCParser } from "../driver/languages.js";
import { ensureCParser } from "./c-parser-node.js";
import { nodeHost } from "./node-host.js";

/**
 * "doall/node": what only Node has, over the core of "doall". Files are
 * read from disk as the CLI reads them, one character per byte (Latin-1,
 * `SOURCE_ENCODING`), so that writing a result back with the same
 * encoding changes no byte but the added directive lines.
 */
export { nodeHost, SOURCE_ENCODING } from "./node-host.js";
export { nodeCParserWasm } from "./c-parser-node.js";

/** Options of the `...Files` functions: the core's, and the directory relative paths start from (default: the process's). */
export interface NodeOptions extends Options {
  cwd?: string;
}

/**
 * Loads the C parser from the wasm files in node_modules: web-tree-sitter's
 * runtime and the C grammar doall ships (dist/wasm/tree-sitter-c.wasm,
 * tree-sitter-c's MIT-licensed build). Once per process; later calls wait
 * for the first.
 */
export function initCParserFromNodeModules(): Promise<void> {
  return ensureCParser();
}

/**
 * `doall parallelize FILE...` without writing: the files are read from
 * disk (includes next to them and in `includeDirs`), linked, and returned
 * with their directives. Loads the C parser first when a path is C. A
 * file that cannot be read has an error in the report and no output.
 */
export async function parallelizeFiles(paths: readonly string[], options?: NodeOptions): Promise<ParallelizeResult> {
  const host = await prepare(paths, options);
  return parallelizePaths(paths, host, options);
}

/** `doall analyze FILE... --json`, over files on disk. */
export async function analyzeFiles(paths: readonly string[], options?: NodeOptions): Promise<AnalyzeResult> {
  const host = await prepare(paths, options);
  return analyzePaths(paths, host, options);
}

/** `doall explain FILE OTHER... [--loop LINE]`, over files on disk (`file` defaults to the first path). */
export async function explainFiles(paths: readonly string[], options?: NodeOptions & ExplainOptions): Promise<ExplainResult> {
  const host = await prepare(paths, options);
  return explainPaths(paths, host, options);
}

async function prepare(paths: readonly string[], options: NodeOptions | undefined) {
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== "string")) throw new TypeError("doall: the paths must be an array of strings");
  if (paths.some((p) => needsCParser(p))) await ensureCParser();
  return options?.host ?? nodeHost(options?.cwd ?? process.cwd());
}
