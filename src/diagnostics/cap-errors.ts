import type { Diagnostic } from "./diagnostic.js";

/** Errors shown per file: past them a binary file or a file in another language would print thousands. */
export const MAX_ERRORS_PER_FILE = 50;

/**
 * A file's diagnostics up to and including its `max`-th error, then one
 * note that counts what was left out ("37 more errors and 2 more warnings
 * not shown"), as compilers stop after a number of errors. Nothing is left
 * out of a file with at most `max` errors.
 */
export function capErrors(diags: readonly Diagnostic[], max = MAX_ERRORS_PER_FILE): Diagnostic[] {
  let errors = 0;
  let cut = diags.length;
  for (let i = 0; i < diags.length; i++) {
    if (diags[i]!.severity === "error" && ++errors === max) {
      cut = i + 1;
      break;
    }
  }
  if (cut === diags.length) return [...diags];
  const rest = diags.slice(cut);
  const count = (s: Diagnostic["severity"]) => rest.filter((d) => d.severity === s).length;
  const parts = [[count("error"), "error"], [count("warning"), "warning"], [count("note"), "note"]] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, w]) => `${n} more ${w}${n === 1 ? "" : "s"}`);
  if (said.length === 0) return diags.slice(0, cut);
  const text = said.length === 1 ? said[0]! : `${said.slice(0, -1).join(", ")} and ${said[said.length - 1]}`;
  return [...diags.slice(0, cut), { id: "diagnostics.capped", severity: "note", message: `${text} not shown (only a file's first ${max} errors are)` }];
}
