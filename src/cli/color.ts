import type { Paint } from "../report/text-report.js";
import { NO_PAINT } from "../report/text-report.js";
import type { CliIO } from "./command.js";

/**
 * Colours for the verdicts on a terminal (issue 19 §4): `--color auto`
 * (the default) colours when stdout is a terminal and NO_COLOR is not set
 * (no-color.org), or when FORCE_COLOR is; `always` and `never` decide alone.
 */
export function paintFor(io: CliIO, option: string | undefined): Paint | { error: string } {
  const mode = option ?? "auto";
  if (mode !== "auto" && mode !== "always" && mode !== "never") return { error: `--color must be auto, always or never, not '${mode}'` };
  const env = io.env ?? {};
  const on = mode === "always" || (mode === "auto" && ((!!io.stdoutIsTTY && !env.NO_COLOR) || (!!env.FORCE_COLOR && env.FORCE_COLOR !== "0")));
  if (!on) return NO_PAINT;
  const sgr = (code: string) => (s: string) => `\x1b[${code}m${s}\x1b[0m`;
  return { parallel: sgr("1;32"), serial: sgr("1;31"), check: sgr("1;33"), dim: sgr("2") };
}
