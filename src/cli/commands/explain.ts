import { statSync } from "node:fs";
import { resolve } from "node:path";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram } from "../../driver/load-program.js";
import { parallelizeFirst } from "../../driver/parallelize-file.js";
import { explainContext } from "../../report/explain-context.js";
import { explainLoop } from "../../report/explain-text.js";
import { analysisOptionsFrom } from "../analysis-flags.js";
import { ANALYSIS_OPTIONS, INPUT_OPTIONS, optFlag, optionsHelp, optString, parseArgs, type OptionName } from "../options.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { loadOptionsFrom } from "../input-options.js";
import { DiagnosticPrinter } from "../diagnostic-printer.js";
import { expandInputs } from "../input-files.js";
import { nodeHost } from "../../node/node-host.js";

const OWN: OptionName[] = ["loop", "verbose"];

const usage = `Usage: doall explain FILE [OTHER_FILE|DIR...] --loop LINE [options]

Explains doall's decision on the loop(s) starting at LINE of FILE (the line
of the DO / for keyword; without --loop, every loop of the file): parallel
with which clauses, or what keeps it serial: its causes, one per rule
(docs/rules.md), each summed up (how many dependences, between which
variables, through which calls), the first dependence's two references
under carets in their source lines, and the fix where there is one.
--verbose lists every reason of every cause. OTHER_FILEs are linked with FILE as
\`doall parallelize\` links its files: calls to procedures defined there
use their summaries (e.g. \`doall explain x_solve.f initialize.f --loop 40\`;
LINE is always in FILE). A DIR gives the Fortran and C sources under it,
as for \`doall parallelize\` (\`doall explain src/x_solve.f src --loop 40\`).

Options:
${optionsHelp(OWN)}
${optionsHelp([...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"])}
`;

export const explainCommand: Command = {
  name: "explain",
  summary: "say in words why a loop is parallel or what keeps it serial",
  usage,
  run(argv: string[], io: CliIO): number {
    const parsed = parseArgs(argv, [...OWN, ...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"]);
    if (!parsed.ok) {
      io.stderr(`doall explain: ${parsed.error}\n${usage}`);
      return EXIT_USAGE;
    }
    const p = parsed.args;
    if (optFlag(p, "help")) {
      io.stdout(usage);
      return EXIT_OK;
    }
    const lo = loadOptionsFrom(p);
    if (!lo.ok) {
      io.stderr(`doall explain: ${lo.error}\n`);
      return EXIT_USAGE;
    }
    if (p.positional.length === 0) {
      io.stderr(`doall explain: give a FILE\n${usage}`);
      return EXIT_USAGE;
    }
    const lineArg = optString(p, "loop");
    const line = lineArg === undefined ? null : Number(lineArg);
    if (line !== null && (!Number.isInteger(line) || line < 1)) {
      io.stderr(`doall explain: --loop needs a line number, not '${lineArg}'\n`);
      return EXIT_USAGE;
    }
    const file = p.positional[0]!;
    if (isDirectory(io.cwd, file)) {
      io.stderr(`doall explain: ${file} is a directory: the first argument is the file whose loop is explained (directories may follow, for the files linked with it)\n`);
      return EXIT_USAGE;
    }
    // The linked files: files and directories walked as by parallelize; FILE itself once.
    const others = p.positional.length > 1 ? expandInputs(p.positional.slice(1), io.cwd) : { inputs: [], errors: [] };
    for (const e of others.errors) io.stderr(`${e}\n`);
    const own = resolve(io.cwd, file);
    const host = nodeHost(io.cwd);
    const loaded = [file, ...others.inputs.filter((f) => f.abs !== own).map((f) => f.arg)].map((f) => loadProgram(f, host, lo.opts));
    // FILE is planned (with the others when they are a whole Fortran program: parallelizeFirst); the others give their summaries. Their own errors are reported too.
    const printer = new DiagnosticPrinter(io.stderr);
    const r = parallelizeFirst(loaded, host, { ...analysisOptionsFrom(p), link: linkLoaded(loaded, analysisOptionsFrom(p)) });
    printer.print(file, r.diagnostics);
    for (const l of loaded.slice(1)) printer.print(l.path, [...l.diagnostics, ...(l.program?.diagnostics ?? [])].filter((d) => d.severity === "error"));
    if (!r.plan) return EXIT_INPUT_ERROR;
    const plans = r.plan.loops.filter((x) => x.loop.span.file === file && (line === null || x.loop.span.line === line));
    if (plans.length === 0) {
      const near = r.plan.loops.filter((x) => x.loop.span.file === file).map((x) => x.loop.span.line);
      io.stderr(`${file}:${line ?? 1}:1: error: no loop starts on this line${near.length ? ` (loops start on lines ${near.join(", ")})` : " (the file has no loops)"}\n`);
      return EXIT_INPUT_ERROR;
    }
    const ctx = explainContext(loaded, host, optFlag(p, "verbose"));
    io.stdout(plans.map((x) => explainLoop(x, ctx)).join("\n"));
    return r.failed || others.errors.length > 0 ? EXIT_INPUT_ERROR : EXIT_OK;
  },
};

function isDirectory(cwd: string, p: string): boolean {
  try {
    return statSync(resolve(cwd, p)).isDirectory();
  } catch {
    return false;
  }
}
