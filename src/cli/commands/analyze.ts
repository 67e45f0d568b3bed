import { FortranCache } from "../../frontend/fortran/source-reader.js";
import { CppCache } from "../../frontend/cpp/cpp-cache.js";
import { DepStats } from "../../analysis/dependence/stats.js";
import { makeReport, type FileReport } from "../../report/file-report.js";
import { toSarif } from "../../report/sarif.js";
import { renderAnalyzeText } from "../../report/text-report.js";
import { analyzeLoadedRun, type AnalyzeResult } from "../../driver/analyze-file.js";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram } from "../../driver/load-program.js";
import { ANALYSIS_OPTIONS, INPUT_OPTIONS, optFlag, optionsHelp, optString, parseArgs, type OptionName } from "../options.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { analysisOptionsFrom } from "../analysis-flags.js";
import { loadOptionsFrom } from "../input-options.js";
import { paintFor } from "../color.js";
import { writeOutput } from "../write-output.js";
import { VERSION } from "../version.js";
import { DiagnosticPrinter } from "../diagnostic-printer.js";
import { expandInputs } from "../input-files.js";
import { nodeHost } from "../../node/node-host.js";
import { Progress } from "../progress.js";

const OWN: OptionName[] = ["verbose", "json", "sarif", "color", "stats"];

const usage = `Usage: doall analyze FILE|DIR... [options]

Prints doall's verdict on every loop of each file (a directory is read
recursively, as by \`doall parallelize\`), one line per loop:

  file:line: parallel CLAUSES | parallel if CHECK | serial [rule]: main cause

(rules: docs/rules.md). --verbose adds each loop's header, nesting and
every cause with its fix; \`doall explain FILE --loop LINE\` says more of
one loop. The dependence tests use the value ranges of scalars
(seed 003: from constants, assignments, loop bounds, conditions and,
unless --no-bounds-assumption, declared array bounds); with --json a loop
parallel only thanks to them lists the ranges used in "facts". The files
given are linked, as by \`doall parallelize\`: a call to a procedure of
another of them uses its summary.

Options:
${optionsHelp(OWN)}
${optionsHelp([...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"])}

Exit status: 0 on success, 1 if a file has errors, 2 on usage errors.
`;

export const analyzeCommand: Command = {
  name: "analyze",
  summary: "print doall's verdict on every loop, one line each (--json, --sarif for the whole report)",
  usage,
  run(argv: string[], io: CliIO): number {
    const parsed = parseArgs(argv, [...OWN, ...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"]);
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
    const paint = paintFor(io, optString(p, "color"));
    if ("error" in paint) {
      io.stderr(`doall analyze: ${paint.error}\n`);
      return EXIT_USAGE;
    }
    // C files: runCli has loaded the C parser (ensureCParser) before calling the command.
    const json = optFlag(p, "json");
    const sarif = optString(p, "sarif");
    const verbose = optFlag(p, "verbose");
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
      if (!json && sarif !== "-" && r.report.language !== "unknown") io.stdout(renderAnalyzeText(r.report, { verbose, paint }));
    };
    // One thread: measured on 2 cores, worker threads were slower (each pays V8's
    // warm-up, and the concurrent JIT already uses the second core).
    const host = nodeHost(io.cwd);
    lo.opts.fortranCache = new FortranCache();
    lo.opts.cppCache = new CppCache();
    // The files are read first and linked, as \`parallelize\` does, so both say the same of a call to another file.
    const reading = new Progress(io, files.length, "reading");
    const loaded = files.map((f, i) => {
      reading.step(i, f);
      return loadProgram(f, host, lo.opts);
    });
    reading.done();
    const link = linkLoaded(loaded, analysis);
    // Every file planned first: the COMMON blocks made threadprivate are decided for the whole run, as parallelize does.
    const parallelize = { ...analysis, link };
    const results = analyzeLoadedRun(loaded, stats ? { stats, parallelize } : { parallelize }, (i) => progress.step(i, files[i]!), (path) => host.readFile(path) ?? null);
    progress.done();
    files.forEach((f, i) => take(f, results[i]!));
    const report = makeReport(reports);
    if (json) io.stdout(JSON.stringify(report, null, 2) + "\n");
    if (sarif !== undefined) writeOutput(io, sarif, JSON.stringify(toSarif(report, { version: VERSION }), null, 2) + "\n");
    if (stats) (json ? io.stderr : io.stdout)(`dependence tests:\n${stats.format()}`);
    return failed ? EXIT_INPUT_ERROR : EXIT_OK;
  },
};
