import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { inputKindOf } from "../../driver/languages.js";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram } from "../../driver/load-program.js";
import { parallelizeLoaded } from "../../driver/parallelize-file.js";
import { FortranCache } from "../../frontend/fortran/source-reader.js";
import type { FileReport } from "../../report/file-report.js";
import { ANALYSIS_FLAGS, ANALYSIS_FLAGS_HELP, analysisOptionsFrom } from "../analysis-flags.js";
import { optFlag, optString, parseArgs } from "../args.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { INPUT_OPTIONS, INPUT_OPTIONS_HELP, loadOptionsFrom } from "../input-options.js";
import { nodeHost, SOURCE_ENCODING } from "../node-host.js";
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
    inputs.forEach((f, i) => {
      progress.step(i, f.arg);
      const r = parallelizeLoaded(loaded[i]!, host, { ...analysis, link });
      for (const m of r.messages) io.stderr(m + "\n");
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

interface Input {
  /** As given (or found under a directory given), for messages and reading. */
  arg: string;
  abs: string;
  /** Path under the output directory. */
  rel: string;
}

/** Files as given; directories walked for Fortran and C sources (not headers). */
function expandInputs(args: string[], cwd: string): { inputs: Input[]; errors: string[] } {
  const found: { arg: string; abs: string }[] = [];
  const bases: string[] = [];
  const errors: string[] = [];
  for (const a of args) {
    const abs = resolve(cwd, a);
    let st;
    try {
      st = statSync(abs);
    } catch {
      errors.push(`${a}: error: no such file or directory`);
      continue;
    }
    if (st.isDirectory()) {
      const before = found.length;
      bases.push(abs);
      const walk = (d: string) => {
        for (const name of readdirSync(d).sort()) {
          const full = join(d, name);
          const s = statSync(full);
          if (s.isDirectory()) walk(full);
          else if (s.isFile() && inputKindOf(full) && !full.endsWith(".h")) found.push({ arg: isAbsolute(a) ? full : relative(cwd, full), abs: full });
        }
      };
      walk(abs);
      if (found.length === before) errors.push(`${a}: error: no Fortran or C source file in this directory`);
    } else {
      bases.push(dirname(abs));
      found.push({ arg: a, abs });
    }
  }
  if (found.length === 0) return { inputs: [], errors };
  // Paths under the output directory: relative to the one directory given, or to the inputs' common directory.
  const base = commonDir(bases);
  return { inputs: found.map((f) => ({ ...f, rel: relative(base, f.abs) })), errors };
}

function commonDir(dirs: string[]): string {
  let parts = dirs[0]!.split(sep);
  for (const d of dirs.slice(1)) {
    const q = d.split(sep);
    let k = 0;
    while (k < parts.length && k < q.length && parts[k] === q[k]) k++;
    parts = parts.slice(0, k);
  }
  return parts.join(sep) || sep;
}
