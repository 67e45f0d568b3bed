import type { CliIO } from "../command.js";

/** A CliIO that records what a command prints, for in-process CLI tests. */
export function fakeIO(cwd = process.cwd()): CliIO & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout(t: string) {
      io.out += t;
    },
    stderr(t: string) {
      io.err += t;
    },
    stderrIsTTY: false,
    cwd,
  };
  return io;
}
