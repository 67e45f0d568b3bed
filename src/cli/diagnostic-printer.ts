import { capErrors, MAX_ERRORS_PER_FILE } from "../diagnostics/cap-errors.js";
import { formatDiagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";

/**
 * Prints the diagnostics of the files of one run as `file:line:col:
 * severity: message` lines. A header (an #include or INCLUDE file) is
 * read again by every file that includes it, and so are its problems:
 * each is printed the first time only, however many files include it.
 * Each file stops after its first MAX_ERRORS_PER_FILE errors, with a note
 * that counts the rest (cap-errors.ts).
 */
export class DiagnosticPrinter {
  /** Diagnostics located in another file than the input they came with, already printed. */
  private readonly elsewhere = new Set<string>();

  constructor(
    private readonly write: (line: string) => void,
    private readonly maxErrors = MAX_ERRORS_PER_FILE,
  ) {}

  /** Prints what reading and analyzing `file` reported. */
  print(file: string, diags: readonly Diagnostic[]): void {
    const fresh = diags.filter((d) => !(d.span && d.span.file !== file && this.elsewhere.has(formatDiagnostic(d, file))));
    for (const d of capErrors(fresh, this.maxErrors)) {
      const text = formatDiagnostic(d, file);
      if (d.span && d.span.file !== file) this.elsewhere.add(text);
      this.write(text + "\n");
    }
  }
}
