import { parallelizeCommand } from "./commands/parallelize.js";
import { explainCommand } from "./commands/explain.js";
import { needsCParser } from "../driver/languages.js";
import { ensureCParser } from "../node/c-parser-node.js";
import { statSync } from "node:fs";
import { resolve } from "node:path";

function isDirectory(cwd: string, arg: string): boolean {
  if (arg.startsWith("-")) return false;
  try {
    return statSync(resolve(cwd, arg)).isDirectory();
  } catch {
    return false;
  }
}
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "./command.js";
import { accessCommand } from "./commands/access.js";
import { analyzeCommand } from "./commands/analyze.js";
import { intervalCommand } from "./commands/interval.js";
import { depsCommand } from "./commands/deps.js";
import { verifyCommand } from "./commands/verify.js";

export const COMMANDS: Command[] = [parallelizeCommand, explainCommand, analyzeCommand, verifyCommand, depsCommand, accessCommand, intervalCommand];

import { VERSION } from "./version.js";

function topUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `doall ${VERSION}: finds the loops of Fortran and C programs that can run in parallel

Usage: doall COMMAND [options] FILE...

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n")}

Run 'doall COMMAND --help' for a command's options.
`;
}

/** Runs the CLI in-process and returns the exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    if (name === "help" && rest[0]) {
      const c = COMMANDS.find((x) => x.name === rest[0]);
      if (c) {
        io.stdout(c.usage);
        return EXIT_OK;
      }
    }
    (name === undefined ? io.stderr : io.stdout)(topUsage());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (name === "--version" || name === "-V") {
    io.stdout(`doall ${VERSION}\n`);
    return EXIT_OK;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    io.stderr(`doall: unknown command '${name}'\n\n${topUsage()}`);
    return EXIT_USAGE;
  }
  // The C parser loads asynchronously (wasm); every command that reads C files needs it
  // first, including those given directories (which may hold C files).
  if (rest.some((a) => needsCParser(a) || isDirectory(io.cwd, a))) {
    try {
      await ensureCParser();
    } catch (e) {
      io.stderr(`doall ${name}: cannot load the C parser (web-tree-sitter, tree-sitter-c): ${(e as Error).message}\n`);
      return EXIT_INPUT_ERROR;
    }
  }
  try {
    return await cmd.run(rest, io);
  } catch (e) {
    // A crash is a bug in doall, never the user's fault: say so plainly.
    io.stderr(`doall: internal error while running '${name}': ${(e as Error).stack ?? e}\nPlease report this with the input that caused it.\n`);
    return 70;
  }
}

export function processIO(): CliIO {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    stderrIsTTY: !!process.stderr.isTTY,
    stdoutIsTTY: !!process.stdout.isTTY,
    env: process.env,
    cwd: process.cwd(),
  };
}
