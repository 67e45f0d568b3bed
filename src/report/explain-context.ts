import type { Loaded } from "../driver/load-program.js";
import type { SourceHost } from "../source/host.js";
import type { ExplainContext } from "./explain-text.js";
import { namesContext } from "./names-context.js";

/**
 * The context of `explain` for the files of one run: which procedures they
 * define (a call to one that none defines gets "give doall the file that
 * defines X") and their lines, read through the host, for the snippets.
 */
export function explainContext(loaded: readonly Loaded[], host: SourceHost, verbose = false): ExplainContext {
  const names = namesContext(loaded.flatMap((l) => (l.program ? [l.program] : [])));
  const lines = new Map<string, string[] | null>();
  return {
    verbose,
    defines: names.defines,
    library: names.library,
    sourceLine(file, line) {
      if (!lines.has(file)) lines.set(file, host.readFile(file)?.split(/\r?\n/) ?? null);
      return lines.get(file)?.[line - 1];
    },
  };
}
