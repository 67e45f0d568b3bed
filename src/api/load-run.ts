import type { AnalysisOptions } from "../analysis/analysis-options.js";
import type { ProgramLink } from "../analysis/link/link-programs.js";
import { needsCParser } from "../driver/languages.js";
import { linkLoaded } from "../driver/link-loaded.js";
import { loadProgram, type Loaded } from "../driver/load-program.js";
import { cParserReady } from "../frontend/c/c-parser.js";
import type { SourceHost } from "../source/host.js";
import { analysisOptions, loadOptions, type Options } from "./options.js";

/** The files of one call, read and linked. */
export interface Run {
  loaded: Loaded[];
  /** Calls into the other files of the run use their summaries (undefined for a single file). */
  link: ProgramLink | undefined;
  analysis: AnalysisOptions;
}

/**
 * Reads every input and links them, as the CLI's commands do before
 * planning any: a call to a procedure of another input uses its summary.
 * Nothing here throws on a bad source (each gets its diagnostics); a C
 * file before `initCParser` is the caller's mistake and throws, since
 * reporting "the parser is not loaded" as an error of the user's file
 * would blame the wrong party.
 */
export function loadRun(paths: readonly string[], host: SourceHost, options: Options | undefined): Run {
  // Every option is checked before any work.
  const opts = loadOptions(options);
  const analysis = analysisOptions(options);
  const c = paths.find(needsCParser);
  if (c !== undefined && !cParserReady())
    throw new Error(`doall: ${c} is C, and the C parser is not loaded: await initCParser(wasm) first (in Node, initCParserFromNodeModules() from "doall/node")`);
  const loaded = paths.map((p) => loadProgram(p, host, opts));
  return { loaded, link: linkLoaded(loaded, analysis), analysis };
}
