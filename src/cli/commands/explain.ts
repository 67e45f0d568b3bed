import { formatDiagnostic } from "../../diagnostics/diagnostic.js";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram } from "../../driver/load-program.js";
import { parallelizeLoaded } from "../../driver/parallelize-file.js";
import { explainLoop } from "../../report/explain-text.js";
import { ANALYSIS_FLAGS, ANALYSIS_FLAGS_HELP, analysisOptionsFrom } from "../analysis-flags.js";
import { optFlag, optString, parseArgs } from "../args.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { INPUT_OPTIONS, INPUT_OPTIONS_HELP, loadOptionsFrom } from "../input-options.js";
import { nodeHost } from "../../node/node-host.js";

const usage = `Usage: doall explain FILE [OTHER_FILE...] --loop LINE [options]

Explains doall's decision on the loop(s) starting at LINE of FILE (the line
of the DO / for keyword; without --loop, every loop of the file): parallel
with which clauses, or what keeps it serial (each dependence with both
references, their lines, direction, distance and the deciding test) and
what would make it parallel. OTHER_FILEs are linked with FILE as
\`doall parallelize\` links its files: calls to procedures defined there
use their summaries (e.g. \`doall explain x_solve.f initialize.f --loop 40\`;
LINE is always in FILE).

Options:
  --loop LINE             the loop's line
${ANALYSIS_FLAGS_HELP}
${INPUT_OPTIONS_HELP}
  -h, --help              show this help
`;

export const explainCommand: Command = {
  name: "explain",
  summary: "say in words why a loop is parallel or what keeps it serial",
  usage,
  run(argv: string[], io: CliIO): number {
    const parsed = parseArgs(argv, [...INPUT_OPTIONS, { name: "loop", value: true }, ...ANALYSIS_FLAGS, { name: "help", aliases: ["h"] }]);
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
    const host = nodeHost(io.cwd);
    const loaded = p.positional.map((f) => loadProgram(f, host, lo.opts));
    // Only FILE is planned; the others give their summaries. Their own errors are reported too.
    for (const l of loaded.slice(1)) for (const d of [...l.diagnostics, ...(l.program?.diagnostics ?? [])]) if (d.severity === "error") io.stderr(formatDiagnostic(d, l.path) + "\n");
    const r = parallelizeLoaded(loaded[0]!, host, { ...analysisOptionsFrom(p), link: linkLoaded(loaded) });
    for (const m of r.messages) io.stderr(m + "\n");
    if (!r.plan) return EXIT_INPUT_ERROR;
    const plans = r.plan.loops.filter((x) => x.loop.span.file === file && (line === null || x.loop.span.line === line));
    if (plans.length === 0) {
      const near = r.plan.loops.filter((x) => x.loop.span.file === file).map((x) => x.loop.span.line);
      io.stderr(`${file}:${line ?? 1}:1: error: no loop starts on this line${near.length ? ` (loops start on lines ${near.join(", ")})` : " (the file has no loops)"}\n`);
      return EXIT_INPUT_ERROR;
    }
    io.stdout(plans.map(explainLoop).join("\n"));
    return r.failed ? EXIT_INPUT_ERROR : EXIT_OK;
  },
};
