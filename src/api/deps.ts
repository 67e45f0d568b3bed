import { depsJson, type DepsJsonReport } from "../report/deps-json.js";
import { renderDepsDot } from "../analysis/deps/render-deps.js";
import { capErrors } from "../diagnostics/cap-errors.js";
import { depsOfProgram, type DepsFlags } from "../driver/deps-file.js";
import { diagnosticReport, type DiagnosticReport } from "../report/file-report.js";
import { userLoops } from "../ir/walk.js";
import { chooseFile, noLoopAt } from "./chosen-file.js";
import { loadRun } from "./load-run.js";
import { misuse, type Options } from "./options.js";
import { GivenFiles, type SourceFile } from "./source-files.js";

/** The flags of `doall deps` (`loop`, `arrays`, `indices`, `input`, `minimalInput`, `wholeArrays`; all off by default), and which file. */
export interface DepsOptions extends Options, DepsFlags {
  /** The file whose graph is made; default: the first source given (the others are there to be included, as for `doall deps FILE`). */
  file?: string;
}

export interface DepsResult {
  /** What `doall deps --json` prints for the file: per procedure its edges and, per loop, its scalars and region sets. */
  report: DepsJsonReport;
  /** The same graph for Graphviz, as `doall deps --dot` prints it. */
  dot: string;
  /** The file's diagnostics, and an error when no loop starts on `loop`. */
  diagnostics: DiagnosticReport[];
}

const FLAGS = ["arrays", "indices", "input", "minimalInput", "wholeArrays"] as const;

/**
 * `doall deps` in memory: the dependence graph of one file (seed 002),
 * the array edges refined by the dependence tests, as data and as DOT.
 * Like the command, the file is analyzed alone (calls into the other
 * files given are unknown). Never throws on bad sources: a procedure with
 * an error is marked unanalyzable, a file that cannot be read has no
 * procedures, and both have diagnostics.
 */
export function deps(files: readonly SourceFile[], options?: DepsOptions): DepsResult {
  const given = new GivenFiles(files, options?.host);
  const chosen = chooseFile(given.sources, options?.file, options?.loop, "loop", "analyze");
  for (const f of FLAGS) if (options?.[f] !== undefined && typeof options[f] !== "boolean") misuse(`${f} must be true or false, not ${String(options[f])}`);
  if ("diagnostic" in chosen) return { report: { file: options?.file ?? "", procedures: [] }, dot: "", diagnostics: [chosen.diagnostic] };
  const run = loadRun([given.sources[chosen.at]!], given.host, options);
  const loaded = run.loaded[0]!;
  const diagnostics = capErrors([...loaded.diagnostics, ...(loaded.program?.diagnostics ?? [])]).map(diagnosticReport);
  const flags: DepsFlags = {};
  for (const f of FLAGS) if (options?.[f]) flags[f] = true;
  if (chosen.line !== null) flags.loop = chosen.line;
  const report = loaded.program ? depsOfProgram(loaded.program, flags, run.analysis) : { file: loaded.path, procedures: [] };
  if (loaded.program && chosen.line !== null && report.procedures.length === 0) {
    const lines = loaded.program.procedures.flatMap((p) => userLoops(p.body)).map((l) => l.loop.span).filter((s) => s.file === loaded.path).map((s) => s.line);
    diagnostics.push(noLoopAt(loaded.path, chosen.line, lines));
  }
  return { report: depsJson(report), dot: renderDepsDot(report), diagnostics };
}
