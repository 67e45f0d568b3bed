import { parallelizeFile } from "../../driver/parallelize-file.js";
import { explainLoop } from "../../report/explain-text.js";
import { ANALYSIS_FLAGS, ANALYSIS_FLAGS_HELP, analysisOptionsFrom } from "../analysis-flags.js";
import { optFlag, optString, parseArgs } from "../args.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { INPUT_OPTIONS, INPUT_OPTIONS_HELP, loadOptionsFrom } from "../input-options.js";
import { nodeHost } from "../node-host.js";

const usage = `Usage: doall explain FILE --loop LINE [options]

Explains doall's decision on the loop(s) starting at LINE of FILE (the line
of the DO / for keyword; without --loop, every loop of the file): parallel
with which clauses, or what keeps it serial (each dependence with both
references, their lines, direction, distance and the deciding test) and
what would make it parallel.

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
    if (p.positional.length !== 1) {
      io.stderr(`doall explain: give exactly one FILE\n${usage}`);
      return EXIT_USAGE;
    }
    const lineArg = optString(p, "loop");
    const line = lineArg === undefined ? null : Number(lineArg);
    if (line !== null && (!Number.isInteger(line) || line < 1)) {
      io.stderr(`doall explain: --loop needs a line number, not '${lineArg}'\n`);
      return EXIT_USAGE;
    }
    const file = p.positional[0]!;
    const r = parallelizeFile(file, nodeHost(io.cwd), lo.opts, analysisOptionsFrom(p));
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
