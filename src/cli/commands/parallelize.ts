import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram } from "../../driver/load-program.js";
import { parallelizeLoadedRun } from "../../driver/parallelize-file.js";
import { FortranCache } from "../../frontend/fortran/source-reader.js";
import { CppCache } from "../../frontend/cpp/cpp-cache.js";
import { makeReport, type FileReport } from "../../report/file-report.js";
import { parallelCounts } from "../../report/loop-counts.js";
import { toSarif } from "../../report/sarif.js";
import { unifiedDiff } from "../../report/unified-diff.js";
import { analysisOptionsFrom } from "../analysis-flags.js";
import { ANALYSIS_OPTIONS, INPUT_OPTIONS, optFlag, optionsHelp, optString, parseArgs, type OptionName } from "../options.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { DiagnosticPrinter } from "../diagnostic-printer.js";
import { expandInputs } from "../input-files.js";
import { loadOptionsFrom } from "../input-options.js";
import { nodeHost, SOURCE_ENCODING } from "../../node/node-host.js";
import { Progress } from "../progress.js";
import { phase } from "../../util/phases.js";
import { VERSION } from "../version.js";
import { writeOutput } from "../write-output.js";

const OWN: OptionName[] = ["output", "in-place", "diff", "check", "report", "sarif"];

const usage = `Usage: doall parallelize FILE|DIR... (-o OUTDIR | --in-place | --diff | --check) [options]

Writes each source file to OUTDIR with OpenMP directives on the loops doall
proves parallel (Fortran: !$omp parallel do ... !$omp end parallel do; C:
#pragma omp parallel for; with simd on innermost loops, so that they stay
vectorized), everything else byte for byte. A directory is
read recursively (Fortran and C sources; included files are read, not
written). Files keep their path relative to the directory given, or to the
inputs' common directory. A file with errors is copied unchanged.
--in-place rewrites the files themselves (only those that change), --diff
prints what would change as a unified diff, --check writes nothing and
exits 1 when a directive would be added or changed (with --diff, it shows
them too).

The files of one run are linked: a call to a procedure defined in another
file given (the only definition, or the only one in the caller's
directory; same language) uses what that procedure reads and writes, as a
call within one file does. Give all the files of a program together.

Options:
${optionsHelp(OWN)}
${optionsHelp([...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"])}

Prints one line per file (loops, parallel, directives) on stderr, and a
warning for a Fortran procedure whose local arrays -fopenmp would put on
the stack (too large for it).
Exit status: 0 on success, 1 if a file has errors (or, with --check, when
a directive would be added or changed), 2 on usage errors.
`;

export const parallelizeCommand: Command = {
  name: "parallelize",
  summary: "write the sources back with OpenMP directives on the parallel loops (or --diff, --check)",
  usage,
  run(argv: string[], io: CliIO): number {
    const parsed = parseArgs(argv, [...OWN, ...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"]);
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
    const inPlace = optFlag(p, "in-place");
    const diff = optFlag(p, "diff");
    const check = optFlag(p, "check");
    const writes = (out !== undefined ? 1 : 0) + (inPlace ? 1 : 0);
    if (writes > 1 || (writes === 1 && (diff || check))) {
      io.stderr(`doall parallelize: choose one of -o OUTDIR, --in-place, --diff and --check (--diff and --check go together)\n`);
      return EXIT_USAGE;
    }
    if (writes === 0 && !diff && !check) {
      io.stderr(`doall parallelize: say where the result goes: -o OUTDIR, --in-place, --diff or --check\n${usage}`);
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
    const outDir = out === undefined ? null : resolve(io.cwd, out);
    if (outDir !== null) {
      for (const f of inputs) {
        if (resolve(outDir, f.rel) === f.abs) {
          io.stderr(`doall parallelize: writing ${f.rel} to ${out} would overwrite the input; choose another -o directory (or --in-place)\n`);
          return EXIT_USAGE;
        }
      }
    }
    const reportPath = optString(p, "report");
    const sarifPath = optString(p, "sarif");
    const host = nodeHost(io.cwd);
    lo.opts.fortranCache = new FortranCache();
    lo.opts.cppCache = new CppCache();
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
    const link = linkLoaded(loaded, analysis);
    const progress = new Progress(io, inputs.length, "parallelizing");
    const reports: FileReport[] = [];
    let failed = false;
    let changed = 0;
    const printer = new DiagnosticPrinter(io.stderr);
    // Every file planned first: the COMMON blocks made threadprivate are decided for the whole run.
    const results = parallelizeLoadedRun(loaded, host, { ...analysis, link }, (i, stage) => stage === "plan" && progress.step(i, inputs[i]!.arg));
    progress.done();
    inputs.forEach((f, i) => {
      const r = results[i]!;
      const own = r.report.loops.filter((l) => l.file === f.arg);
      const directives = own.filter((l) => l.emitted).length;
      printer.print(f.arg, r.diagnostics);
      if (r.failed) failed = true;
      reports.push(r.report);
      if (r.output === null) return;
      const original = host.readFile(f.arg);
      const differs = r.output !== original;
      if (differs) changed++;
      if (diff && differs) io.stdout(unifiedDiff(original ?? "", r.output, `a/${f.rel}`, `b/${f.rel}`));
      let dest: string | null = null;
      if (outDir !== null) dest = join(outDir, f.rel);
      else if (inPlace && differs) dest = f.abs;
      if (dest !== null) {
        mkdirSync(dirname(dest), { recursive: true });
        writeFileSync(dest, r.output, SOURCE_ENCODING);
      }
      const where = dest !== null ? ` -> ${relative(io.cwd, dest) || dest}` : differs ? "" : " (unchanged)";
      io.stderr(`${f.arg}: ${own.length} loops, ${parallelCounts(own)}, ${directives} directives${where}\n`);
    });
    const report = makeReport(reports);
    if (reportPath !== undefined) writeOutput(io, reportPath, phase("report", () => JSON.stringify(report, null, 2) + "\n"));
    if (sarifPath !== undefined) writeOutput(io, sarifPath, JSON.stringify(toSarif(report, { version: VERSION }), null, 2) + "\n");
    if (check && changed > 0) io.stderr(`doall parallelize --check: ${changed} file${changed === 1 ? "" : "s"} would change\n`);
    return failed || errors.length > 0 || (check && changed > 0) ? EXIT_INPUT_ERROR : EXIT_OK;
  },
};
