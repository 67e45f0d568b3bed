import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { aggregateByLoop, patternText, summarize, totalRow, type AccessOptions, type ProgramAccess, type RefAccess } from "../../analysis/access/index.js";
import { accessFileReport, accessOfLoaded } from "../../driver/access-files.js";
import { inputKindOf } from "../../driver/languages.js";
import { loadProgram, type Loaded, type LoadOptions } from "../../driver/load-program.js";
import { FortranCache } from "../../frontend/fortran/source-reader.js";
import { CppCache } from "../../frontend/cpp/cpp-cache.js";
import type { Program } from "../../ir/program.js";
import { exprText } from "../../ir/expr-text.js";
import { INPUT_OPTIONS, optFlag, optionsHelp, parseArgs, type OptionName } from "../options.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { loadOptionsFrom } from "../input-options.js";
import { DiagnosticPrinter } from "../diagnostic-printer.js";
import { expandInputs } from "../input-files.js";
import { nodeHost } from "../../node/node-host.js";
import { renderSummary } from "./access-table.js";

const OWN: OptionName[] = ["json", "summary", "no-widen", "no-bounds-assumption"];

const usage = `Usage: doall access FILE|DIR... [options]
       doall access --summary DIR... [options]

Prints how each array reference walks through its array (seed 001, Asakura &
Watanabe): its access pattern A(Var, Start, Stride, Num, Velocity, Accuracy)_ub
with respect to each loop around it, innermost first, in offsets from the
array's first element. The outer patterns come from the inner ones by
convolution; "full" means the outermost loop was reached, "partial" that a
loop could not be folded in (with the reason), "failed" that not even the
innermost loop has a pattern (while loop, subscript form, unknown bounds,
variable size). Then the references to one array in one loop whose union is
regular, aggregated into one pattern. A DIR gives the Fortran and C sources
under it, as for \`doall parallelize\`.

With --summary, each DIR is a program (a directory of sources) or a suite
whose subdirectories are programs; prints the counts of the paper's Table 1
per program and in total, and the levels reached by nest depth (Table 2).

Options:
${optionsHelp([...OWN, ...INPUT_OPTIONS, "help"])}

Exit status: 0 on success, 1 if a file has errors, 2 on usage errors.
`;

export const accessCommand: Command = {
  name: "access",
  summary: "print the access pattern of each array reference (seed 001), or a Table 1 summary",
  usage,
  run(argv: string[], io: CliIO): number {
    const parsed = parseArgs(argv, [...OWN, ...INPUT_OPTIONS, "help"]);
    if (!parsed.ok) {
      io.stderr(`doall access: ${parsed.error}\n${usage}`);
      return EXIT_USAGE;
    }
    const p = parsed.args;
    if (optFlag(p, "help")) {
      io.stdout(usage);
      return EXIT_OK;
    }
    const lo = loadOptionsFrom(p);
    if (!lo.ok) {
      io.stderr(`doall access: ${lo.error}\n`);
      return EXIT_USAGE;
    }
    if (p.positional.length === 0) {
      io.stderr(`doall access: no input ${optFlag(p, "summary") ? "directories" : "files"}\n${usage}`);
      return EXIT_USAGE;
    }
    const opts: AccessOptions = { widen: !optFlag(p, "no-widen"), assumeInBounds: !optFlag(p, "no-bounds-assumption") };
    const run = optFlag(p, "summary") ? runSummary : runFiles;
    return run(p.positional, io, lo.opts, opts, optFlag(p, "json"));
  },
};

interface Analyzed {
  path: string;
  loaded: Loaded;
  program: Program | null;
  access: ProgramAccess | null;
  errors: string[];
}

/** Loads every file, then analyzes each with the call effects of all of them (callees may be in another file). */
function analyzeFiles(files: string[], io: CliIO, load: LoadOptions, opts: AccessOptions, echo: boolean): Analyzed[] {
  const host = nodeHost(io.cwd);
  const cached = { ...load, fortranCache: load.fortranCache ?? new FortranCache(), cppCache: load.cppCache ?? new CppCache() };
  const printer = new DiagnosticPrinter(io.stderr);
  const loaded = files.map((path) => {
    const l = loadProgram(path, host, cached);
    if (echo) printer.print(path, [...l.diagnostics, ...(l.program?.diagnostics ?? [])]);
    return l;
  });
  const access = accessOfLoaded(loaded, opts);
  return loaded.map((l, i) => {
    const errors = [...l.diagnostics, ...(l.program?.diagnostics ?? [])].filter((d) => d.severity === "error").map((d) => d.message);
    return { path: l.path, loaded: l, program: l.program, access: access[i]!, errors };
  });
}

function runFiles(args: string[], io: CliIO, load: LoadOptions, opts: AccessOptions, json: boolean): number {
  // Files and directories, walked as by parallelize; a missing one is an input error and the others go on.
  const { inputs, errors } = expandInputs(args, io.cwd);
  for (const e of errors) io.stderr(`${e}\n`);
  const results = analyzeFiles(inputs.map((f) => f.arg), io, load, opts, true);
  const out: unknown[] = [];
  for (const r of results) {
    const lang = r.program?.file.language ?? "fortran";
    const text = (e: Parameters<typeof exprText>[0]) => exprText(e, lang);
    if (json) {
      out.push(accessFileReport(r.loaded, r.access));
      continue;
    }
    if (!r.access) continue;
    const refs = r.access.procedures.flatMap((p) => p.refs);
    const groups = r.access.procedures.flatMap((p) => aggregateByLoop(p.refs));
    const lines: string[] = [];
    for (const x of refs) lines.push(...refText(x, text));
    for (const g of groups) {
      const order = g.refs[0]!.indices;
      const what = g.patterns.length === 1 ? patternText(g.patterns[0]!, order) : `no single pattern: ${g.patterns.map((q) => patternText(q, order)).join("; ")}`;
      const missing = g.missing.length ? ` (${g.missing.length} more without a pattern here)` : "";
      lines.push(`${g.loop.span.file}:${g.loop.span.line}: ${g.loop.var?.name ?? "?"} loop, ${g.array.name} [${g.role}], ${g.refs.length} references: ${what}${missing}`);
    }
    const c = { full: 0, partial: 0, failed: 0 };
    for (const x of refs) c[x.status]++;
    lines.push(`${r.path}: ${refs.length} array reference${refs.length === 1 ? "" : "s"} in loops: ${c.full} full, ${c.partial} partial, ${c.failed} failed`);
    io.stdout(lines.join("\n") + "\n");
  }
  if (json) io.stdout(JSON.stringify({ files: out }, null, 2) + "\n");
  return errors.length > 0 || results.some((r) => r.errors.length > 0) ? EXIT_INPUT_ERROR : EXIT_OK;
}

/** `file:line: a(i, j) [write]`, one line per level, then the outcome. */
export function refText(r: RefAccess, text: (e: RefAccess["ref"]) => string): string[] {
  const out = [`${r.ref.span.file}:${r.ref.span.line}: ${text(r.ref)} [${r.role}]`];
  for (const l of r.levels) {
    const w = l.widenings.length ? `  [§5.2: ${l.widenings.map((x) => x.text).join("; ")}]` : "";
    out.push(`  level ${l.pattern.var.name}: ${patternText(l.pattern, r.indices)}${w}`);
  }
  if (r.status === "full") out.push("  full");
  else {
    const loop = r.loops[r.stop!.loop]!;
    const where = `${loop.var ? `the ${loop.var.name} loop` : "a loop"} (line ${loop.span.line})`;
    out.push(r.status === "partial" ? `  partial: stops at ${where}: ${r.stop!.category}: ${r.stop!.message}` : `  failed (${r.stop!.category}): ${r.stop!.message}`);
  }
  return out;
}

const PROGRAM_SUFFIX = (f: string) => !f.endsWith(".h") && inputKindOf(f) !== undefined;

/** Each DIR is a program when it holds sources, else a suite whose subdirectories holding sources are programs. */
function programsOf(dirs: string[], io: CliIO): { name: string; files: string[] }[] | string {
  const out: { name: string; files: string[] }[] = [];
  const sources = (d: string) => {
    try {
      return readdirSync(resolve(io.cwd, d)).filter((f) => PROGRAM_SUFFIX(f) && statSync(resolve(io.cwd, d, f)).isFile()).sort().map((f) => join(d, f));
    } catch {
      return undefined;
    }
  };
  for (const d of dirs) {
    const own = sources(d);
    if (own === undefined) return `${d}: not a readable directory`;
    if (own.length) {
      out.push({ name: d.replace(/\/+$/, "").split("/").pop() || d, files: own });
      continue;
    }
    const subs = readdirSync(resolve(io.cwd, d)).filter((s) => statSync(resolve(io.cwd, d, s)).isDirectory()).sort();
    for (const s of subs) {
      const files = sources(join(d, s));
      if (files?.length) out.push({ name: s, files });
    }
  }
  return out;
}

function runSummary(dirs: string[], io: CliIO, load: LoadOptions, opts: AccessOptions, json: boolean): number {
  const programs = programsOf(dirs, io);
  if (typeof programs === "string") {
    io.stderr(`doall access: ${programs}\n`);
    return EXIT_INPUT_ERROR;
  }
  const rows = programs.map((prog) => {
    const results = analyzeFiles(prog.files, io, { ...load, includeDirs: load.includeDirs ?? [] }, opts, false);
    const unreadable = results.filter((r) => !r.access).map((r) => ({ file: r.path, reason: r.errors.join("; ") || "could not be read" }));
    return summarize(prog.name, results.flatMap((r) => (r.access ? [r.access] : [])), unreadable);
  });
  const total = totalRow(rows);
  if (json) io.stdout(JSON.stringify({ options: { widen: opts.widen, assumeInBounds: opts.assumeInBounds }, programs: rows, total }, null, 2) + "\n");
  else io.stdout(renderSummary(rows, total, opts));
  return EXIT_OK;
}
