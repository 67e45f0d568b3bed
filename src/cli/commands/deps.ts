import { buildDepsReport, type DepsFileReport } from "../../analysis/deps/deps-report.js";
import { renderDepsDot, renderDepsText } from "../../analysis/deps/render-deps.js";
import type { AnalysisOptions } from "../../analysis/analysis-options.js";
import type { DependenceOptions } from "../../analysis/dependence/analyze.js";
import { summaryLookup } from "../../analysis/dependence/call-effects.js";
import { analyzeRangedDependences } from "../../analysis/ranged-dependences.js";
import { refineGraph } from "../../analysis/dependence/refine-graph.js";
import { analyzeFlow, type ProcedureFlow } from "../../analysis/flow-analysis.js";
import { loadProgram } from "../../driver/load-program.js";
import type { Program } from "../../ir/program.js";
import { analysisOptionsFrom } from "../analysis-flags.js";
import { ANALYSIS_OPTIONS, INPUT_OPTIONS, optFlag, optionsHelp, optString, parseArgs, type OptionName, type ParsedArgs } from "../options.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { loadOptionsFrom } from "../input-options.js";
import { DiagnosticPrinter } from "../diagnostic-printer.js";
import { expandInputs } from "../input-files.js";
import { nodeHost } from "../../node/node-host.js";

const OWN: OptionName[] = ["loop", "json", "dot", "arrays", "whole-arrays", "indices", "input", "minimal-input"];

const usage = `Usage: doall deps FILE|DIR... [options]

Lists the scalar dependence graph of each procedure of each file (a
directory is read recursively, as by \`doall parallelize\`): every flow, anti,
output (and, on request, input) dependence with its variable, source and
sink lines, the loop that carries it (or none) and whether it is definite
or possible; then, for every loop, the class of each scalar it touches
(index, read-only, private, lastprivate, carried; reduction candidates)
and its MOD/USE/DDEF/EUSE sets and the variables live after it.

Edges on arrays (shown with --arrays) are refined by the array dependence
tests: an edge no two iterations can realize is removed, the others carry
their direction and distance per common loop and the test that decided
(exact, siv). --whole-arrays shows them unrefined ("may touch the same
element"). The tests use the value ranges of scalars where each nest
starts (seed 003) and, unless --no-bounds-assumption, assume subscripts
stay within their declared bounds.

Options:
${optionsHelp(OWN)}
${optionsHelp([...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"])}

Exit status: 0 on success, 1 if a file has errors (the rest of it is still
analyzed and shown), is missing, or has no loop at LINE, 2 on usage errors.
`;

/** Runs the array dependence analysis on one procedure and refines its graph's array edges. */
function refineWithArrays(f: ProcedureFlow, options: DependenceOptions, analysis: AnalysisOptions): void {
  if (f.proc.unanalyzable) return;
  // The same ranges and bounds assumption as `doall analyze` (ranged-dependences.ts).
  refineGraph(f, analyzeRangedDependences(f.proc, options, analysis, f.cfg).deps);
}

export const depsCommand: Command = {
  name: "deps",
  summary: "show the scalar dependence graph and the scalar classes of each loop",
  usage,
  run(argv: string[], io: CliIO): number {
    const parsed = parseArgs(argv, [...OWN, ...ANALYSIS_OPTIONS, ...INPUT_OPTIONS, "help"]);
    if (!parsed.ok) {
      io.stderr(`doall deps: ${parsed.error}\n${usage}`);
      return EXIT_USAGE;
    }
    const p = parsed.args;
    if (optFlag(p, "help")) {
      io.stdout(usage);
      return EXIT_OK;
    }
    const lo = loadOptionsFrom(p);
    if (!lo.ok) {
      io.stderr(`doall deps: ${lo.error}\n`);
      return EXIT_USAGE;
    }
    if (p.positional.length === 0) {
      io.stderr(`doall deps: no input files\n${usage}`);
      return EXIT_USAGE;
    }
    if (optFlag(p, "json") && optFlag(p, "dot")) {
      io.stderr(`doall deps: --json and --dot cannot be combined\n`);
      return EXIT_USAGE;
    }
    const loopArg = optString(p, "loop");
    let loop: number | undefined;
    if (loopArg !== undefined) {
      if (!/^\d+$/.test(loopArg)) {
        io.stderr(`doall deps: --loop needs a line number, not '${loopArg}'\n`);
        return EXIT_USAGE;
      }
      loop = Number(loopArg);
    }
    const { inputs, errors } = expandInputs(p.positional, io.cwd);
    for (const e of errors) io.stderr(`${e}\n`);
    // One FILE keeps the report's own shape; several (or a directory) are listed under "files".
    const single = p.positional.length === 1 && inputs.length === 1 && inputs[0]!.arg === p.positional[0];
    if (loop !== undefined && !single && inputs.length > 1) {
      io.stderr(`doall deps: --loop LINE needs a single FILE, not ${inputs.length} files\n`);
      return EXIT_USAGE;
    }
    const host = nodeHost(io.cwd);
    const printer = new DiagnosticPrinter(io.stderr);
    const reports: DepsFileReport[] = [];
    let failed = errors.length > 0;
    for (const { arg: file } of inputs) {
      const loaded = loadProgram(file, host, lo.opts);
      const diags = [...loaded.diagnostics, ...(loaded.program?.diagnostics ?? [])];
      printer.print(file, diags);
      // With errors the rest of the file is still analyzed (the procedures they are in are marked), and the exit status is 1.
      if (diags.some((d) => d.severity === "error")) failed = true;
      if (!loaded.program) continue;
      const report = depsOf(loaded.program, p, loop);
      if (loop !== undefined && report.procedures.length === 0) {
        io.stderr(`${file}:${loop}: error: no loop starts at line ${loop}\n`);
        return EXIT_INPUT_ERROR;
      }
      reports.push(report);
    }
    if (optFlag(p, "json")) {
      const shown = reports.map(depsJson);
      io.stdout(JSON.stringify(single && shown.length === 1 ? shown[0] : { files: shown }, null, 2) + "\n");
    }
    else if (optFlag(p, "dot")) io.stdout(reports.map(renderDepsDot).join(""));
    else io.stdout(reports.map(renderDepsText).join(""));
    return failed ? EXIT_INPUT_ERROR : EXIT_OK;
  },
};

/** The dependence graph of one file, array edges refined unless --whole-arrays. */
function depsOf(program: Program, p: ParsedArgs, loop: number | undefined): DepsFileReport {
  const minimalInput = optFlag(p, "minimal-input");
  const flows = analyzeFlow(program, { input: minimalInput || optFlag(p, "input"), minimalInput });
  // One graph: the array dependence analysis refines (or removes) every array edge.
  const summaries = summaryLookup(flows, program.file.language);
  const analysis = analysisOptionsFrom(p);
  if (!optFlag(p, "whole-arrays")) for (const f of flows) refineWithArrays(f, { input: minimalInput || optFlag(p, "input"), summaries }, analysis);
  const opts: Parameters<typeof buildDepsReport>[2] = { arrays: optFlag(p, "arrays"), indices: optFlag(p, "indices") };
  if (loop !== undefined) opts.loop = loop;
  return buildDepsReport(program, flows, opts);
}

/**
 * The JSON of `doall deps`: an edge's ends are references in the shape of
 * the report's (`{line, call?}`, as a reason's source and sink), plus
 * `via` for an end that is not written as an access (a loop's init or
 * step, I/O, a statement function).
 */
function depsJson(r: DepsFileReport): unknown {
  const end = (line: number, via: string | undefined) => {
    if (via === undefined) return { line };
    return via.startsWith("call ") ? { line, call: via.slice(5) } : { line, via };
  };
  return {
    ...r,
    procedures: r.procedures.map((p) => ({
      ...p,
      edges: p.edges.map(({ kind, var: v, source, sink, sourceVia, sinkVia, ...rest }) => ({ kind, var: v, source: end(source, sourceVia), sink: end(sink, sinkVia), ...rest })),
    })),
  };
}
