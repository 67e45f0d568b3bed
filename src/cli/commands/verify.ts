import { statSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { verify, verifyTable } from "../../node/verify/verify.js";
import type { Options } from "../../api/options.js";
import { analysisOptionsFrom } from "../analysis-flags.js";
import { ANALYSIS_OPTIONS, INPUT_OPTIONS, optFlag, optionsHelp, optList, optString, parseArgs, type OptionName } from "../options.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { commonDir, expandInputs } from "../input-files.js";
import { loadOptionsFrom } from "../input-options.js";

const OWN: OptionName[] = ["build", "run", "root", "parallel-tree", "cc", "fc", "flags", "openmp", "threads", "tolerance", "ignore", "timeout", "keep"];

const usage = `Usage: doall verify FILE|DIR... [--build CMD --run CMD] [options]

Checks doall's directives on your program by building and running it: the
program is copied twice to a temporary directory, doall parallelizes the
sources given in one copy, both are built with the same command (the
parallel build with OpenMP on: compiler wrappers add -fopenmp to every
compile and link), the serial program runs once and the parallel one with
each thread count, and the outputs are compared: exactly, or numbers
within --tolerance. Prints a table (threads, time, speedup, same output);
a crash of the parallel build is reported with its likely cause.

The copied directory is --root, or else the one DIR given, or the
directory of the files given. Without --build, the sources given are
compiled together (--fc or --cc, --flags) into ./doall-verify.exe, which
--run defaults to. Your files are never written.

  doall verify examples/fortran/jacobi.f
  doall verify src/ --build make --run './app input.txt' --tolerance 1e-10
  doall verify BT --root . --build 'make BT CLASS=S' --run ./bin/bt.S.x \\
    --tolerance 1e-8 --ignore 'Time in seconds|Mop/s|date'   (NPB, from its top directory)

Options:
${optionsHelp(OWN)}
${optionsHelp([...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"])}

Exit status: 0 when every run printed what the serial program prints, 1
when one differs or crashes, a build fails or a source has errors, 2 on
usage errors.
`;

export const verifyCommand: Command = {
  name: "verify",
  summary: "build and run your program serial and parallelized, compare outputs and times",
  usage,
  async run(argv: string[], io: CliIO): Promise<number> {
    const parsed = parseArgs(argv, [...OWN, ...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"]);
    if (!parsed.ok) {
      io.stderr(`doall verify: ${parsed.error}\n${usage}`);
      return EXIT_USAGE;
    }
    const p = parsed.args;
    if (optFlag(p, "help")) {
      io.stdout(usage);
      return EXIT_OK;
    }
    const usageError = (m: string) => {
      io.stderr(`doall verify: ${m}\n`);
      return EXIT_USAGE;
    };
    const lo = loadOptionsFrom(p);
    if (!lo.ok) return usageError(lo.error);
    if (p.positional.length === 0) return usageError(`no input files\n${usage}`);
    const threadsArg = optString(p, "threads") ?? "1,2,4";
    const threads = threadsArg.split(",").map(Number);
    if (!threads.every((t) => Number.isInteger(t) && t >= 1)) return usageError(`--threads takes counts like 1,2,4, not '${threadsArg}'`);
    const tolArg = optString(p, "tolerance");
    const tolerance = tolArg === undefined ? undefined : Number(tolArg);
    if (tolerance !== undefined && !(tolerance >= 0)) return usageError(`--tolerance takes a number >= 0, not '${tolArg}'`);
    let ignore: RegExp[];
    try {
      ignore = optList(p, "ignore").map((x) => new RegExp(x));
    } catch (e) {
      return usageError(`--ignore: ${(e as Error).message}`);
    }
    const timeoutArg = optString(p, "timeout") ?? "600";
    const timeout = Number(timeoutArg);
    if (!(timeout > 0)) return usageError(`--timeout takes seconds, not '${timeoutArg}'`);
    const build = optString(p, "build");
    const run = optString(p, "run");
    if (build !== undefined && run === undefined) return usageError("--build needs --run (the command that runs what it builds)");

    const { inputs, errors } = expandInputs(p.positional, io.cwd);
    for (const e of errors) io.stderr(`${e}\n`);
    if (inputs.length === 0) return EXIT_INPUT_ERROR;
    const single = p.positional.length === 1 && isDir(resolve(io.cwd, p.positional[0]!));
    const rootArg = optString(p, "root");
    const root = rootArg !== undefined ? resolve(io.cwd, rootArg) : single ? resolve(io.cwd, p.positional[0]!) : commonDir(inputs.map((f) => dirname(f.abs)));
    if (!isDir(root)) return usageError(`--root ${rootArg}: not a directory`);
    const outside = inputs.find((f) => !(f.abs + sep).startsWith(root + sep) || f.abs === root);
    if (outside) return usageError(`${outside.arg} is not inside the root ${root}: give --root the directory that holds the whole program`);
    const tree = optString(p, "parallel-tree");
    const doall: Options = { includeDirs: (lo.opts.includeDirs ?? []).map((d) => resolve(io.cwd, d)), boundsAssumption: analysisOptionsFrom(p).boundsAssumption };
    if (lo.opts.form) doall.form = lo.opts.form;
    if (lo.opts.defines) doall.defines = Object.fromEntries(lo.opts.defines);
    if (lo.opts.undefines) doall.undefines = lo.opts.undefines;
    if (lo.opts.maxFileBytes) doall.maxFileSize = lo.opts.maxFileBytes;

    const r = await verify({
      sources: inputs.map((f) => f.abs),
      root,
      ...(build !== undefined ? { build } : {}),
      ...(run !== undefined ? { run } : {}),
      cc: optString(p, "cc") ?? "gcc",
      fc: optString(p, "fc") ?? "gfortran",
      flags: optString(p, "flags") ?? "-O2",
      openmp: optString(p, "openmp") ?? "-fopenmp",
      threads,
      ...(tolerance !== undefined ? { tolerance } : {}),
      ignore,
      timeoutMs: timeout * 1000,
      ...(tree !== undefined ? { parallelTree: resolve(io.cwd, tree) } : {}),
      doall,
      keep: optFlag(p, "keep"),
    });
    // Positions in the user's tree, not in the workspace's copy.
    for (const d of r.diagnostics) io.stderr(`${d.file === null ? "" : relative(io.cwd, resolve(root, d.file))}${d.line !== null ? `:${d.line}` : ""}${d.column !== null ? `:${d.column}` : ""}: ${d.severity}: ${d.message}\n`);
    io.stdout(tree !== undefined ? `doall verify: ${r.files} sources, their parallel version from ${tree}\n` : `doall verify: ${r.files} source${r.files === 1 ? "" : "s"} parallelized, ${r.directives} directive${r.directives === 1 ? "" : "s"}\n`);
    if (r.rows.length) io.stdout(verifyTable(r.rows));
    for (const m of r.problems) io.stdout(`problem: ${m}\n`);
    if (r.workspace) io.stdout(`kept: ${r.workspace}/serial and ${r.workspace}/parallel\n`);
    io.stdout(r.ok ? "same output at every thread count\n" : "NOT VERIFIED\n");
    return r.ok && errors.length === 0 ? EXIT_OK : EXIT_INPUT_ERROR;
  },
};

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
