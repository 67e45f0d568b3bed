import { FortranCache } from "../../frontend/fortran/source-reader.js";
import { DepStats } from "../../analysis/dependence/stats.js";
import type { FileReport } from "../../report/file-report.js";
import { renderAnalyzeText } from "../../report/text-report.js";
import { analyzeLoaded, type AnalyzeResult } from "../../driver/analyze-file.js";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram } from "../../driver/load-program.js";
import { optFlag, parseArgs } from "../args.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { ANALYSIS_FLAGS, ANALYSIS_FLAGS_HELP, analysisOptionsFrom } from "../analysis-flags.js";
import { INPUT_OPTIONS, INPUT_OPTIONS_HELP, loadOptionsFrom } from "../input-options.js";
import { DiagnosticPrinter } from "../diagnostic-printer.js";
import { expandInputs } from "../input-files.js";
import { nodeHost } from "../../node/node-host.js";
import { Progress } from "../progress.js";

const usage = `Usage: doall analyze FILE|DIR... [options]

Lists every loop of each file (a directory is read recursively, as by
\`doall parallelize\`): file:line, index variable and bounds,
nesting depth and enclosing loop, and whether it is a candidate for
parallelization. The dependence tests use the value ranges of scalars
(seed 003: from constants, assignments, loop bounds, conditions and,
unless --no-bounds-assumption, declared array bounds); with --json a loop
parallel only thanks to them lists the ranges used in "facts". The files
given are linked, as by \`doall parallelize\`: a call to a procedure of
another of them uses its summary.

Options:
  --json             print the JSON report ({"files": [...]}) on stdout
  --stats            print, per dependence test, on how many reference pairs
                     it ran and how many it proved independent (on stderr
                     with --json)
${ANALYSIS_FLAGS_HELP}
${INPUT_OPTIONS_HELP}
  -h, --help         show this help

Exit status: 0 on success, 1 if a file has errors, 2 on usage errors.
`;

export const analyzeCommand: Command = {
  name: "analyze",
  summary: "list the loops of Fortran/C files and what doall knows about them",
  usage,
  run(argv: string[], io: CliIO): number {
    const parsed = parseArgs(argv, [...INPUT_OPTIONS, ...ANALYSIS_FLAGS, { name: "json" }, { name: "stats" }, { name: "help", aliases: ["h"] }]);
    if (!parsed.ok) {
      io.stderr(`doall analyze: ${parsed.error}\n${usage}`);
      return EXIT_USAGE;
    }
    const p = parsed.args;
    if (optFlag(p, "help")) {
      io.stdout(usage);
      return EXIT_OK;
    }
    const lo = loadOptionsFrom(p);
    if (!lo.ok) {
      io.stderr(`doall analyze: ${lo.error}\n`);
      return EXIT_USAGE;
    }
    if (p.positional.length === 0) {
      io.stderr(`doall analyze: no input files\n${usage}`);
      return EXIT_USAGE;
    }
    // C files: runCli has loaded the C parser (ensureCParser) before calling the command.
    const json = optFlag(p, "json");
    // The text output shows no range facts: do not look for them (plan-program.ts).
    const analysis = { ...analysisOptionsFrom(p), rangeFacts: json };
    const stats = optFlag(p, "stats") ? new DepStats() : undefined;
    // A missing file or an empty directory is an input error (exit 1): said, and the other inputs are still analyzed.
    const expanded = expandInputs(p.positional, io.cwd);
    for (const e of expanded.errors) io.stderr(`${e}\n`);
    const files = expanded.inputs.map((f) => f.arg);
    const reports: FileReport[] = [];
    let failed = expanded.errors.length > 0;
    const progress = new Progress(io, files.length, "analyzing");
    const printer = new DiagnosticPrinter(io.stderr);
    const take = (file: string, r: AnalyzeResult) => {
      printer.print(file, r.diagnostics);
      if (r.failed) failed = true;
      reports.push(r.report);
      if (!json && r.report.language !== "unknown") io.stdout(renderAnalyzeText(r.report));
    };
    // One thread: measured on 2 cores, worker threads were slower (each pays V8's
    // warm-up, and the concurrent JIT already uses the second core).
    const host = nodeHost(io.cwd);
    lo.opts.fortranCache = new FortranCache();
    // The files are read first and linked, as \`parallelize\` does, so both say the same of a call to another file.
    const reading = new Progress(io, files.length, "reading");
    const loaded = files.map((f, i) => {
      reading.step(i, f);
      return loadProgram(f, host, lo.opts);
    });
    reading.done();
    const link = linkLoaded(loaded);
    files.forEach((f, i) => {
      progress.step(i, f);
      const parallelize = { ...analysis, link };
      take(f, analyzeLoaded(loaded[i]!, stats ? { stats, parallelize } : { parallelize }));
    });
    progress.done();
    if (json) io.stdout(JSON.stringify({ files: reports }, null, 2) + "\n");
    if (stats) (json ? io.stderr : io.stdout)(`dependence tests:\n${stats.format()}`);
    return failed ? EXIT_INPUT_ERROR : EXIT_OK;
  },
};
