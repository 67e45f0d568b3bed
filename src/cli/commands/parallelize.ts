import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram } from "../../driver/load-program.js";
import { parallelizeLoaded } from "../../driver/parallelize-file.js";
import { FortranCache } from "../../frontend/fortran/source-reader.js";
import type { FileReport } from "../../report/file-report.js";
import { ANALYSIS_FLAGS, ANALYSIS_FLAGS_HELP, analysisOptionsFrom } from "../analysis-flags.js";
import { optFlag, optString, parseArgs } from "../args.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { DiagnosticPrinter } from "../diagnostic-printer.js";
import { expandInputs } from "../input-files.js";
import { INPUT_OPTIONS, INPUT_OPTIONS_HELP, loadOptionsFrom } from "../input-options.js";
import { nodeHost, SOURCE_ENCODING } from "../../node/node-host.js";
import { Progress } from "../progress.js";
import { phase } from "../../util/phases.js";

const usage = `Usage: doall parallelize FILE|DIR... -o OUTDIR [options]

Writes each source file to OUTDIR with OpenMP directives on the loops doall
proves parallel (Fortran: !$omp parallel do ... !$omp end parallel do; C:
#pragma omp parallel for), everything else byte for byte. A directory is
read recursively (Fortran and C sources; included files are read, not
written). Files keep their path relative to the directory given, or to the
inputs' common directory. A file with errors is copied unchanged.

The files of one run are linked: a call to a procedure defined in another
file given (the only definition, or the only one in the caller's
directory; same language) uses what that procedure reads and writes, as a
call within one file does. Give all the files of a program together.

Options:
  -o, --output DIR        where to write (required; never the inputs' own place)
  --report FILE.json      write the JSON report there ('-' for standard output)
${ANALYSIS_FLAGS_HELP}
${INPUT_OPTIONS_HELP}
  -h, --help              show this help

Prints one line per file (loops, parallel, directives) on stderr.
Exit status: 0 on success, 1 if a file has errors, 2 on usage errors.
`;

export const parallelizeCommand: Command = {
  name: "parallelize",
  summary: "write the sources back with OpenMP directives on the parallel loops",
  usage,
  run(argv: string[], io: CliIO): number {
    const parsed = parseArgs(argv, [
      ...INPUT_OPTIONS,
      { name: "output", value: true, aliases: ["o"] },
      { name: "report", value: true },
      ...ANALYSIS_FLAGS,
      { name: "help", aliases: ["h"] },
    ]);
    if (!parsed.ok) {
      io.stderr(`doall parallelize: ${parsed.error}\n${usage}`);
      return EXIT_USAGE;
    }
    const p = parsed.args;
    if (optFlag(p, "help")) {
      io.stdout(usage);
      return EXIT_OK;
    }
    const lo = loadOptionsFrom(p);
    if (!lo.ok) {
      io.stderr(`doall parallelize: ${lo.error}\n`);
      return EXIT_USAGE;
    }
    const out = optString(p, "output");
    if (!out) {
      io.stderr(`doall parallelize: -o OUTDIR is required\n${usage}`);
      return EXIT_USAGE;
    }
    if (p.positional.length === 0) {
      io.stderr(`doall parallelize: no input files\n${usage}`);
      return EXIT_USAGE;
    }
    // A missing file or an empty directory is an input error (exit 1, like analyze): said, and
    // the other inputs are still parallelized.
    const { inputs, errors } = expandInputs(p.positional, io.cwd);
    for (const e of errors) io.stderr(`${e}\n`);
    const outDir = resolve(io.cwd, out);
    for (const f of inputs) {
      if (resolve(outDir, f.rel) === f.abs) {
        io.stderr(`doall parallelize: writing ${f.rel} to ${out} would overwrite the input; choose another -o directory\n`);
        return EXIT_USAGE;
      }
    }
    const reportPath = optString(p, "report");
    const host = nodeHost(io.cwd);
    lo.opts.fortranCache = new FortranCache();
    // The range facts a loop needed are only shown in the report: without one, their second analysis is wasted.
    const analysis = { ...analysisOptionsFrom(p), rangeFacts: reportPath !== undefined };
    // Every file is read first and the files are linked: a call to a procedure of another file
    // given in the same run uses its summary (analysis/link/).
    const reading = new Progress(io, inputs.length, "reading");
    const loaded = inputs.map((f, i) => {
      reading.step(i, f.arg);
      return loadProgram(f.arg, host, lo.opts);
    });
    reading.done();
    const link = linkLoaded(loaded);
    const progress = new Progress(io, inputs.length, "parallelizing");
    const reports: FileReport[] = [];
    let failed = false;
    const printer = new DiagnosticPrinter(io.stderr);
    inputs.forEach((f, i) => {
      progress.step(i, f.arg);
      const r = parallelizeLoaded(loaded[i]!, host, { ...analysis, link });
      printer.print(f.arg, r.diagnostics);
      if (r.failed) failed = true;
      reports.push(r.report);
      if (r.output === null) return;
      const dest = join(outDir, f.rel);
      mkdirSync(dirname(dest), { recursive: true });
      writeFileSync(dest, r.output, SOURCE_ENCODING);
      const own = r.report.loops.filter((l) => l.file === f.arg);
      io.stderr(`${f.arg}: ${own.length} loops, ${own.filter((l) => l.parallel).length} parallel, ${own.filter((l) => l.emitted).length} directives -> ${relative(io.cwd, dest) || dest}\n`);
    });
    progress.done();
    const json = phase("report", () => JSON.stringify({ files: reports }, null, 2) + "\n");
    if (reportPath === "-") io.stdout(json);
    else if (reportPath) {
      mkdirSync(dirname(resolve(io.cwd, reportPath)), { recursive: true });
      writeFileSync(resolve(io.cwd, reportPath), json);
    }
    return failed || errors.length > 0 ? EXIT_INPUT_ERROR : EXIT_OK;
  },
};
