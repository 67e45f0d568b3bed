import type { Loaded } from "../driver/load-program.js";
import type { SourceHost } from "../source/host.js";
import type { ExplainContext } from "./explain-text.js";

/**
 * The context of `explain` for the files of one run: which procedures they
 * define (a call to one that none defines gets "give doall the file that
 * defines X") and their lines, read through the host, for the snippets.
 */
export function explainContext(loaded: readonly Loaded[], host: SourceHost, verbose = false): ExplainContext {
  const names = new Set<string>();
  for (const l of loaded) for (const p of l.program?.procedures ?? []) names.add(p.name.toLowerCase());
  const lines = new Map<string, string[] | null>();
  return {
    verbose,
    defines: (name) => names.has(name.toLowerCase()),
    sourceLine(file, line) {
      if (!lines.has(file)) lines.set(file, host.readFile(file)?.split(/\r?\n/) ?? null);
      return lines.get(file)?.[line - 1];
    },
  };
}
