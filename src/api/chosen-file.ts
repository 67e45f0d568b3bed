import type { DiagnosticReport } from "../report/file-report.js";
import { normalize } from "../util/path.js";
import { misuse } from "./options.js";

/**
 * The `file` and `line` options of the functions that look at one file of
 * the sources given (`explain`'s `line`, `deps`'s `loop`): checked, and `file` found among
 * the sources (by normalized path; default the first). A file that is
 * not a source is the sources' problem, not a misuse: a diagnostic.
 */
export function chooseFile(paths: readonly string[], file: unknown, line: unknown, lineOption: string, what: string): { at: number; line: number | null } | { diagnostic: DiagnosticReport } {
  if (line !== undefined && line !== null && (typeof line !== "number" || !Number.isInteger(line) || line < 1)) misuse(`${lineOption} must be a line number, not ${String(line)}`);
  if (file !== undefined && typeof file !== "string") misuse("file must be a path");
  const want = (file as string | undefined) ?? paths[0];
  const at = want === undefined ? -1 : paths.findIndex((p) => normalize(p) === normalize(want));
  if (at >= 0) return { at, line: (line as number | undefined) ?? null };
  const message = want === undefined ? `no Fortran or C source to ${what}` : `${want} is not among the Fortran and C sources given`;
  return { diagnostic: { id: "no-such-source", severity: "error", message, file: want ?? null, line: null, column: null } };
}

/** The error for a `line` where no loop of the file starts, with the lines where loops do. */
export function noLoopAt(file: string, line: number, loopLines: readonly number[]): DiagnosticReport {
  const near = loopLines.length ? ` (loops start on lines ${loopLines.join(", ")})` : " (the file has no loops)";
  return { id: "no-loop-here", severity: "error", message: `no loop starts on this line${near}`, file, line, column: 1 };
}
