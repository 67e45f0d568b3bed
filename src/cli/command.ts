/**
 * The shape of one `doall` subcommand. Commands receive their arguments
 * (after the subcommand name) and an IO object, and return the exit code:
 * 0 success, 1 input errors (bad source, with file:line:col messages),
 * 2 usage errors. They never call process.exit themselves, so tests can run
 * them in-process.
 */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (progress bars only then). */
  stderrIsTTY: boolean;
  /** Whether stdout is a terminal (colours only then, unless asked for). */
  stdoutIsTTY?: boolean;
  /** The environment (NO_COLOR, FORCE_COLOR); none in tests. */
  env?: Record<string, string | undefined>;
  cwd: string;
}

export interface Command {
  name: string;
  /** One line for `doall --help`. */
  summary: string;
  /** Full help text for `doall NAME --help`. */
  usage: string;
  run(argv: string[], io: CliIO): Promise<number> | number;
}

export const EXIT_OK = 0;
export const EXIT_INPUT_ERROR = 1;
export const EXIT_USAGE = 2;
