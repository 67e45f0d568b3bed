import { evalInt } from "../ir/const-eval.js";
import { constDifference } from "../ir/linear-form.js";
import type { AnalysisOptions } from "../analysis/analysis-options.js";
import type { DependenceOptions, ProcedureDeps } from "../analysis/dependence/analyze.js";
import { MAX_NEST_DEPTH } from "../analysis/nest-depth.js";
import { RangeFactsUsed } from "../analysis/range-facts-used.js";
import { ParamBindings } from "../analysis/dependence/param-bindings.js";
import { analyzeRangedDependences } from "../analysis/ranged-dependences.js";
import type { DepStats } from "../analysis/dependence/stats.js";
import { registersExitHandlers } from "../analysis/exit-handlers.js";
import { arrayVerdict, combinedCheck, type RuntimeCheck } from "../analysis/dependence/verdict.js";
import { SolutionCache } from "../analysis/dependence/solution-cache.js";
import type { Expr } from "../ir/expr.js";
import { exprText } from "../ir/expr-text.js";
import { analyzeFlow, type ProcedureFlow } from "../analysis/flow-analysis.js";
import type { SummaryLookup } from "../analysis/summaries/summary.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { Cfg } from "../analysis/cfg/cfg.js";
import type { VarId } from "../analysis/refs/vars.js";
import { loopWrites } from "./loop-refs.js";
import type { Procedure, Program } from "../ir/program.js";
import type { IfStmt, Loop, Stmt } from "../ir/stmt.js";
import { buildCfg } from "../analysis/cfg/build-cfg.js";
import { buildDependences } from "../analysis/deps/build-deps.js";
import { analyzeRegions } from "../analysis/regions/loop-regions.js";
import { invariantGuards, lines, withoutGuards } from "./invariant-guards.js";
import { quietCalls } from "./quiet-calls.js";
import { withCountedLoops } from "../analysis/counted-loops.js";
import { withQuiet } from "../analysis/summaries/quiet-summary.js";
import { savedWrite } from "./call-verdict.js";
import type { Sym } from "../ir/symbol.js";
import { collectLoops, userLoops, walkExpr, walkStmts } from "../ir/walk.js";
import { mentions } from "../analysis/regions/box.js";
import { takenAddresses } from "../analysis/taken-addresses.js";
import { unchangedIn } from "../analysis/regions/unchanged-in.js";
import type { NestRanges } from "../analysis/ranges/nest-ranges.js";
import { arrayPrivatization, type CallContext } from "./array-privatization.js";
import { CommonLiveness } from "../analysis/regions/common-liveness.js";
import { EscapedArrays } from "../analysis/escaped-arrays.js";
import type { QuietSummary } from "../analysis/summaries/quiet-summary.js";
import { CommonFacts } from "../analysis/regions/common-facts.js";
import { arrayReductions } from "./array-reductions.js";
import { overlapPairs } from "./overlap-plan.js";
import { carriedReasons } from "./array-reasons.js";
import { arrayDependencesOnly } from "./reason.js";
import { callVerdicts } from "./call-verdict.js";
import { wholeFortranProgram, type ProgramLink } from "../analysis/link/link-programs.js";
import { exclusions, readsErrno } from "./exclusions.js";
import { dropClauses, emptyPlan, type LoopPlan } from "./loop-plan.js";
import { callersOf, callGraph, type CallGraph } from "./call-graph.js";
import { chooseDirectives } from "./choose-directives.js";
import { chooseInterchanges } from "./interchange.js";
import { fusionCandidates } from "./fusion.js";
import { doacrossSpan, dropUnusedPipelineClauses } from "./doacross.js";
import { realigned } from "./realign.js";
import { applyConcurrent } from "./concurrent-plan.js";
import { EntryCounts } from "./entry-counts.js";
import { procedureWork } from "./procedure-work.js";
import type { CalleeWork, TripLimit } from "./profitability.js";
import { constTrips } from "./trip-count.js";
import { callSiteTrips } from "./call-site-trips.js";
import { tighter, tripBounds } from "./trip-bounds.js";
import { planScalars } from "./scalar-plan.js";
import { pointerBasesOf } from "../analysis/dependence/pointer-bases.js";
import { pointedArgument } from "../ir/pointed-argument.js";
import { phase } from "../util/phases.js";

export interface ParallelizeOptions extends AnalysisOptions {
  /**
   * Seed 003's assumption that a correct program keeps its subscripts within
   * the declared bounds (default true). Off (`--no-bounds-assumption`), the
   * dependence tests prove nothing that relies on it, and the value ranges
   * take no facts from array references: such loops get a run-time check
   * or stay serial.
   */
  boundsAssumption?: boolean;
  /**
   * Find the value ranges each parallel loop needed (`LoopPlan.facts`,
   * range-facts-used.ts; default true). It analyzes again without ranges
   * the procedures where a range may have decided a pair: on NPB 3.3-SER
   * 13 s on top of ~70 s of dependence tests, so callers that show no
   * facts turn it off.
   */
  rangeFacts?: boolean;
  /** Extra options for the dependence tests (budgets, symbol ranges). */
  dependence?: DependenceOptions;
  stats?: DepStats;
  /**
   * The files of the run linked together (analysis/link/): calls to
   * procedures of the other files use their summaries. Ignored for a
   * program that is not part of it.
   */
  link?: ProgramLink;
}

export interface ProgramPlan {
  program: Program;
  /** Every loop of every procedure, in source order. */
  loops: LoopPlan[];
  /** Analyses that failed (the loops concerned stay serial): messages for the report's diagnostics. */
  warnings: { message: string; line: number | null; file: string | null }[];
  /** The call summaries each procedure's calls use (what the run's threadprivate decision asks of callees). */
  summaries?: (p: Procedure) => SummaryLookup;
  /** How the program's procedures call one another (the link's, when linked), and how work is counted: what the run's serial-consumer check needs (serial-consumers.ts). */
  calls?: { graph: CallGraph; callee: (p: Procedure) => CalleeWork; limit: TripLimit };
}

/**
 * The parallelization of one program (issue 9; seed 004 §1.3, §2): for
 * every loop, the facts (exclusions, scalar classes, array dependences)
 * become clauses or reasons, and then the directives are chosen nest by
 * nest (choose-directives.ts).
 */
export function planProgram(program: Program, options: ParallelizeOptions = {}): ProgramPlan {
  const warnings: ProgramPlan["warnings"] = [];
  // Planned within what a program holding this file may link (ProgramLink.forProgram).
  const link = options.link?.has(program) ? options.link.forProgram(program) : undefined;
  const flows = new Map<Procedure, ProcedureFlow>();
  // Callers first: whether a routine's loops pay depends on how often, and from where, it is called.
  // Linked, the call sites in the other files count too (their directives are not known here: none assumed).
  const graph = link ? linkedCallGraph(link) : callGraph([program]);
  // COMMON scalars set once: over all the linked files, or this one alone.
  // Every unit of the program in the run: COMMON blocks may be made threadprivate (threadprivate-blocks.ts).
  const whole = link ? link.wholeFortran || link.closed : wholeProgram(program, graph);
  const facts = link ? link.facts : new CommonFacts({ procedures: program.procedures, resolve: graph.resolve, whole });
  const bindings = link ? linkedBindings(link) : new ParamBindings(program);
  try {
    for (const f of phase("flow", () => analyzeFlow(program, { lazyDependences: true, assumeBounds: options.boundsAssumption !== false, facts, apart: (p, a, s) => pointsApart(p, a, s, bindings), ...(link ? { linked: (name, caller) => link.summaryFor(name, caller, program), made: (p) => link.summaryOf(p), untaken: (s) => link.untakenGlobal(s) } : {}) }))) flows.set(f.proc, f);
  } catch (e) {
    // Conservative: without the dataflow facts every loop stays serial, and the report says why.
    warnings.push({ message: `dataflow analysis failed: ${(e as Error).message}`, line: null, file: program.file.path });
  }
  const calls = callVerdicts(program, [...flows.values()], link);
  const assumeBounds = options.boundsAssumption !== false;
  const commons = link
    ? linkedLiveness(link, graph, assumeBounds)
    : new CommonLiveness({ sitesOf: (p) => graph.sites.get(p) ?? [], summaries: (c) => calls.summariesFor(c), assumeBounds, facts, globalIn: (_, g) => program.globals.get(g.name) ?? null, exitHandlers: registersExitHandlers([program]) });
  // C arrays a pointer may reach (escaped-arrays.ts): over every linked file, made when privatization first asks.
  let escapedArrays: EscapedArrays | undefined;
  // Whether the run reads C's errno (exclusions.ts): over every linked file.
  const errno = { read: link ? linkReadsErrno(link) : readsErrno(program.procedures) };
  const escaped = () => (escapedArrays ??= new EscapedArrays(link ? link.programs() : [program], (caller, name) => (link ? link.summaryIn(name, caller) : calls.summariesFor(caller)(name))));
  const perProc = new Map<Procedure, LoopPlan[]>();
  // What planning a fused variant of a procedure's loops needs (fusion.ts), once the directives are chosen.
  const fusionContexts = new Map<Procedure, VariantContext>();
  // A C flag (quiet-calls.ts) no pointer reaches: one the link finds so, or a static of this file whose address it never takes.
  let taken: Set<Sym> | undefined;
  const unreached = link ? (s: Sym) => link.untakenGlobal(s) : (s: Sym) => s.storage === "global" && s.attrs.save === true && !(taken ??= takenAddresses(program.procedures)).has(s);
  // The file's nests and procedures share their dependence solutions. Not the run's files: measured on
  // NPB, sharing across files saved no time and kept every file's problems until the run's end.
  const solutions = options.dependence?.solutions ?? new SolutionCache();
  // Trip-count caps from the value ranges, taken now so the ranges need not outlive their procedure.
  const caps = new Map<Loop, number | null>();
  const byCalls = new Set<Loop>();
  for (const proc of program.procedures) {
    // The bounds assumption and the value ranges at each nest's start are set by analyzeRangedDependences.
    // What every call gives the dummies, for the value ranges (run-constants.ts; none unless the run is the whole program).
    const entryValues = facts.constants.formalValues(proc);
    const depOptions: DependenceOptions = { ...options.dependence, summaries: calls.summariesFor(proc), bindings, solutions, ...(entryValues.size ? { entryValues } : {}) };
    let deps: ProcedureDeps | null = null;
    let used: RangeFactsUsed | null = null;
    let ranges: NestRanges | null = null;
    const flow = flows.get(proc) ?? null;
    try {
      const ranged = analyzeRangedDependences(proc, depOptions, options, flow?.cfg, options.stats);
      deps = ranged.deps;
      ranges = ranged.ranges;
      if (options.rangeFacts !== false) used = new RangeFactsUsed(ranged);
      const cap = tripBounds(proc, ranged.ranges);
      // And from what every call passes, when all calls are known (call-site-trips.ts).
      // A C static function is called from its own file only: every call is known there too.
      const sites = callSiteTrips(proc, graph, whole || (proc.language === "c" && program.globals.get(proc.name)?.attrs.save === true), calls.summariesFor(proc), facts);
      for (const { loop } of collectLoops(proc.body)) {
        const a = cap(loop);
        const b = sites(loop);
        caps.set(loop, tighter(a, b));
        if (b !== null && (a === null || b <= a)) byCalls.add(loop);
      }
      // After every question of the tests and the trip counts: the ranges are computed on the first.
      if (ranged.rangeError !== undefined) warnings.push({ message: `value-range analysis of ${proc.name} failed: ${ranged.rangeError}`, line: proc.span.line, file: proc.span.file });
    } catch (e) {
      // Conservative: an internal error leaves every loop of the procedure serial, and says so.
      warnings.push({ message: `dependence analysis of ${proc.name} failed: ${(e as Error).message}`, line: proc.span.line, file: proc.span.file });
    }
    // The user's loops only: an implied loop (an array assignment's, Loop.implied) gets no plan and no directive.
    // Depth in the HIR counts implied loops (a multi-index DO CONCURRENT's) for the analyses' limit.
    const hirDepth = new Map(collectLoops(proc.body).map((l) => [l.loop, l.depth]));
    // Threadprivate COMMON blocks only when every unit of the program is in the run (the run decides which).
    const callContext = { summaries: calls.summariesFor(proc), assumeBounds: options.boundsAssumption !== false, commons, facts, threadprivate: whole, escaped, errno };
    const plans = userLoops(proc.body).map(({ loop, parent, depth }) => planLoop(proc, loop, parent, depth, hirDepth.get(loop) ?? depth, deps, flow, (name) => calls.verdict(name, proc), callContext));
    // The variants of this procedure's loops reuse its ranges; fusion runs after every procedure, and its
    // variants compute their own (the ranges need not outlive their procedure).
    const variants = flow && deps ? { flow, depOptions, callContext, hirDepth, ranges } : null;
    if (variants) fusionContexts.set(proc, { ...variants, ranges: null });
    // Serial loops held back only by statements under a condition they never change: parallel while it is false.
    if (variants)
      for (let k = 0; k < plans.length; k++) {
        const pl = plans[k]!;
        if (pl.parallel || pl.runtimeCheck || pl.reasons.length === 0) continue;
        const u = unswitched(pl, variants, options, (name) => calls.verdict(name, proc), link ? (s) => link.untakenGlobal(s) : undefined, unreached);
        if (u) plans[k] = u;
      }
    // Serial loops that alignment or peeling makes parallel (seed 004 §3; --no-restructure keeps them as written).
    if (variants && options.restructure !== false)
      for (let k = 0; k < plans.length; k++) {
        const pl = plans[k]!;
        // A loop parallel under an overlap check, a check of extents or a flag is left to its check (it
        // usually holds); one whose check tests the carried dependence away (`n <= 3`) may do better rewritten.
        if (pl.parallel || (pl.runtimeCheck && (pl.overlaps?.length || pl.sizeCheck || pl.stepCheck || pl.guard))) continue;
        const r = realigned(pl, (variant, body) => variantPlan(proc, variant, body, pl, variants, options, (name) => calls.verdict(name, proc), link ? (s) => link.untakenGlobal(s) : undefined));
        if (r) plans[k] = r;
      }
    for (const pl of plans) if (pl.parallel && used) pl.facts = used.forLoop(pl.loop);
    // A serial loop around a parallel one may trade places with it (seed 004 §3; --no-restructure keeps the nests as written).
    if (deps && options.restructure !== false) chooseInterchanges(plans, deps, program.file.path);
    // Nor pipelined loops (doacross.ts): issue 20's transformations all go with the flag.
    if (options.restructure === false) for (const pl of plans) delete pl.doacross;
    perProc.set(proc, plans);
  }
  const emitted = new Set<Loop>();
  const limit: TripLimit = Object.assign((l: Loop) => (caps.has(l) ? caps.get(l)! : constTrips(l)), {
    why: (l: Loop) => (byCalls.has(l) ? "the values every call of its procedure passes" : "the value ranges of its bounds"),
  });
  const entries = new EntryCounts(graph, (l) => emitted.has(l), limit);
  // A callee's loops counted at the constants all its calls pass too (call-site-trips.ts), when every call is known.
  const summariesOf = (p: Procedure) => (link ? link.summariesFor(p) : calls.summariesFor(p));
  const calleeWork = procedureWork(graph, (p) => callSiteTrips(p, graph, whole, summariesOf(p), facts));
  for (const proc of graph.topDown) {
    const plans = perProc.get(proc);
    if (!plans) continue;
    chooseDirectives(program, proc, plans, entries, calleeWork(proc), limit);
    for (const pl of plans) if (pl.emitted) emitted.add(pl.loop);
  }
  for (const plans of perProc.values()) dropUnusedPipelineClauses(plans);
  // Adjacent loops with directives that may run as one (seed 004 §3; --no-restructure keeps them apart).
  if (options.restructure !== false)
    for (const [proc, ctx] of fusionContexts) {
      const plans = perProc.get(proc)!;
      if (plans.filter((p) => p.emitted).length < 2) continue;
      const found = fusionCandidates(proc, plans, (fused, body, first) => variantPlan(proc, fused, body, first, ctx, options, (name) => calls.verdict(name, proc), link ? (s) => link.untakenGlobal(s) : undefined));
      for (const [p, c] of found) p.fusable = c;
    }
  return { program, loops: program.procedures.flatMap((p) => perProc.get(p)!), warnings, summaries: (p) => calls.summariesFor(p), calls: { graph, callee: calleeWork, limit } };
}

/** A file that is a whole Fortran program: one main program, every call resolved among its procedures. */
function wholeProgram(program: Program, graph: CallGraph): boolean {
  const procs = program.procedures;
  return procs.every((p) => p.language === "fortran") && wholeFortranProgram(procs, (n, p) => procs.includes(graph.resolve(n, p)!));
}

const linkedGraphs = new WeakMap<ProgramLink, CallGraph>();


/** The call graph of all the files of a link, made once per link. */
function linkedCallGraph(link: ProgramLink): CallGraph {
  let g = linkedGraphs.get(link);
  if (!g)
    linkedGraphs.set(
      link,
      (g = phase("link", () =>
        callGraph(
          link.programs(),
          (name, caller) => link.resolve(name, caller),
          (name, caller) => link.alternatives(name, caller),
        ),
      )),
    );
  return g;
}

const linkedLivenesses = new WeakMap<ProgramLink, CommonLiveness>();

/** COMMON liveness over all the files of a link, made once per link (its answers hold for every file). */
function linkedLiveness(link: ProgramLink, graph: CallGraph, assumeBounds: boolean): CommonLiveness {
  let l = linkedLivenesses.get(link);
  if (!l)
    linkedLivenesses.set(
      link,
      (l = new CommonLiveness({
        // A name defined in several files (NPB LU's rhs.f and rhs_vec.f): each call of it may be a caller of each one.
        sitesOf: (p) => callersOf(graph, p),
        summaries: (c) => link.summariesFor(c),
        assumeBounds,
        facts: link.facts,
        globalIn: (p, g) => link.globalIn(p, g),
        exitHandlers: registersExitHandlers(link.programs()),
      })),
    );
  return l;
}

/** The facts about one loop, turned into clauses or reasons; `emitted` is decided later. */
function planLoop(proc: Procedure, loop: Loop, parent: Loop | null, depth: number, hirDepth: number, deps: ProcedureDeps | null, flow: ProcedureFlow | null, callVerdict: Parameters<typeof exclusions>[2], callContext: CallContext): LoopPlan {
  const plan = emptyPlan(proc, loop, parent, depth);
  if (hirDepth > MAX_NEST_DEPTH) {
    // Conservative: the dependence tests did not look at this level (nest-depth.ts).
    plan.reasons.push({ kind: "too-deep", message: `not analyzed: nested deeper than ${MAX_NEST_DEPTH} loops` });
    return plan;
  }
  plan.reasons.push(...exclusions(loop, proc, callVerdict, callContext.errno));
  const region = flow ? regionOf(flow, loop) : undefined;
  if (!deps || !region || !flow) {
    plan.reasons.push({ kind: "unanalyzable", message: "the analysis of the procedure failed" });
    return plan;
  }
  const lang = proc.language;
  const scalars = planScalars(flow.cfg, region, loop, (sym) => !!callContext.commons && !callContext.commons.liveAfter(proc, loop, sym));
  // Fortran: the indices of sequential DO loops inside a parallel construct are private by
  // OpenMP's rules (predetermined); experts do not list them. C lists them.
  // (The indices of implied loops, FORALL and DO CONCURRENT are construct entities that planScalars never lists.)
  const innerIndices = new Set<string>();
  if (lang === "fortran") walkStmts(loop.body, (s) => void (s.kind === "loop" && s.index && !s.index.attrs.constructEntity && innerIndices.add(s.index.name)));
  // Whether the index's value after the loop may be read (a serial loop keeps no clause to say so: interchange.ts asks).
  if (loop.index && scalars.lastprivate.includes(loop.index.name)) plan.liveIndex = true;
  plan.private.push(...scalars.private.filter((v) => !innerIndices.has(v)));
  plan.lastprivate.push(...scalars.lastprivate);
  noEmptyCopies(plan, loop);
  const bound = boundWritten(flow.cfg, region, loop);
  if (bound) plan.reasons.push({ kind: "not-candidate", message: `its bounds read ${bound}, which the loop writes: each thread evaluates the bounds when it starts, and a late one would see the new value` });
  // `do i = i, n`: in the parallel loop the bounds are evaluated in the region, where i is each thread's own
  // (found by fuzzing: an undefined private copy), and a restructured loop's guards would read the running index.
  const index = loop.index;
  if (index && [loop.lower, loop.upper, loop.step].some((e) => e && mentions(e, index)))
    plan.reasons.push({ kind: "not-candidate", message: `its bounds read its own index ${index.name}: in the parallel loop each thread's ${index.name} is its own, and the bounds would read that copy` });
  if (storageOfBoundsWritten(proc, loop, callContext.summaries)) plan.boundsWritten = true;
  plan.reductions.push(...scalars.reductions);
  plan.linear.push(...scalars.linear);
  plan.reasons.push(...scalars.reasons);
  plan.hints.push(...scalars.hints);

  if (loop.concurrent) {
    // The standard rules out every dependence the loop carries (concurrent-plan.ts): no array test.
    applyConcurrent(plan, loop.concurrent);
    return finish(plan);
  }
  const arrays = arrayVerdict(deps, loop);
  // A DO CONCURRENT's LOCAL array is new in each of its iterations (F2018 11.1.7.5): nothing it
  // holds reaches another iteration of the construct or of a loop around it.
  const locals = new Set<Sym>();
  walkStmts([loop], (s) => void (s.kind === "loop" && s.concurrent?.entities.forEach((e) => locals.add(e))));
  const carried = locals.size ? arrays.carried.filter((c) => !locals.has(c.source.sym) && !locals.has(c.sink.sym)) : arrays.carried;
  const reduced = arrayReductions(flow.cfg, region, loop, carried);
  plan.reductions.push(...reduced.reductions);
  const privatized = arrayPrivatization(flow.cfg, region, loop, reduced.remaining, callContext);
  // Arrays private only while some bounds compare as their reads need: checked at run time.
  const privateIf = privatized.conditions.length ? conditionCheck(privatized.conditions) : null;
  plan.private.push(...privatized.arrays.filter((a) => !privatized.copied.includes(a)));
  plan.firstprivate.push(...privatized.copied);
  plan.lastprivate.push(...privatized.copied);
  plan.privateArrays.push(...privatized.arrays, ...privatized.threadprivate.arrays);
  if (privatized.threadprivate.blocks.length) plan.threadprivate = privatized.threadprivate.blocks;
  plan.hints.push(...privatized.hints);
  if (privatized.liveThrough.length) plan.liveThrough = privatized.liveThrough;
  const remaining = privatized.remaining;
  plan.blockers = remaining;

  // The check covers the dependences left after privatization and reductions (the others need none).
  const check = remaining.length > 0 ? (deps && combinedCheck(remaining, arrays.assumes, deps, loop)) : null;
  const conditional = remaining.length > 0 && check !== null;
  // No dependence left once arrays are private: the assumptions alone (a strided loop's step >= 1), even
  // when the privatized dependences had no check of their own.
  const assumed = remaining.length === 0 && arrays.assumes.length > 0 ? (arrays.runtimeCheck ?? (deps && combinedCheck([], arrays.assumes, deps, loop))) : null;
  const boundsOnly = assumed !== null;
  if (remaining.length > 0 && !conditional) {
    const listed = carriedReasons(remaining, lang);
    plan.reasons.push(...listed.reasons);
    plan.omitted = listed.omitted;
  }
  if (plan.reasons.length === 0 && (conditional || boundsOnly)) plan.runtimeCheck = conditional ? check : assumed;
  if (plan.runtimeCheck && boundsOnly && arrays.stepsOnly) plan.stepCheck = true;
  if (plan.reasons.length === 0 && privateIf) {
    if (!plan.runtimeCheck) plan.sizeCheck = true;
    plan.runtimeCheck = plan.runtimeCheck ? both(plan.runtimeCheck, privateIf) : privateIf;
  }
  if (plan.runtimeCheck) plan.overlaps = overlapPairs(remaining, deps);
  if (plan.runtimeCheck && arrays.fitted.length) plan.fitted = arrays.fitted;
  if (remaining.length === 0 && arrays.assumes.length > 0 && !assumed)
    plan.reasons.push({ kind: "unknown-bound", message: "independent only while subscripts stay within their declared bounds, which is not proved" });
  // Serial for its array dependences alone: it may still run pipelined (chooseDirectives weighs it).
  if (remaining.length > 0 && !plan.runtimeCheck) {
    const span = doacrossSpan(plan, remaining, parent?.terminalLabel !== undefined ? [parent.terminalLabel] : []);
    if (span) plan.doacross = span;
  }

  return finish(plan);
}

/**
 * The plan of a serial loop when the IF statements of one of its
 * invariant conditions do not run (invariant-guards.ts): the procedure is
 * analyzed again with their THEN branches emptied. Kept when that loop is
 * parallel and the guarded statements touch nothing its clauses make
 * private or reduce (with the condition true, one thread runs the loop
 * as written, guarded statements included, on the same copies); its
 * directive gets `if(.not. cond)`. Null otherwise.
 */
function unswitched(plan: LoopPlan, ctx: VariantContext, options: ParallelizeOptions, callVerdict: Parameters<typeof exclusions>[2], untaken: ((s: Sym) => boolean) | undefined, unreached: (s: Sym) => boolean): LoopPlan | null {
  const flow = ctx.flow;
  const region = regionOf(flow, plan.loop);
  if (!region) return null;
  const proc = plan.proc;
  // I/O, an exit or a blocking call outside the guarded statements is the variant's too (the statements
  // around them are the same, the call verdicts the same): no variant without these guards is parallel
  // or pipelined. Asked before analyzing it (issue 16: NPB LU's ssor tried such variants twice a loop).
  const staying = plan.reasons.filter((r) => (r.kind === "io" || r.kind === "exit" || r.kind === "call") && r.line !== undefined);
  for (const g of invariantGuards(flow.cfg, region, plan.loop, plan.reasons)) {
    const ranges = g.guards.map((x) => lines(x.then));
    if (staying.some((r) => !ranges.some(([lo, hi]) => r.line! >= lo && r.line! <= hi))) continue;
    const variant = withoutGuards(proc, plan.loop, g.guards);
    if (!variant) continue;
    const v = variantPlan(proc, variant.loop, variant.body, plan, ctx, options, callVerdict, untaken);
    // Parallel without them, or pipelined (doacross.ts: the variant keeps every top-level statement, so its span is the loop's).
    const pipelined = !!v?.doacross && arrayDependencesOnly(v.reasons);
    if (!v || (v.reasons.length > 0 && !pipelined) || guardedTouchesClauses(flow, g.guards, v)) continue;
    const [lo, hi] = lines(g.guards.flatMap((x) => x.then));
    return whileFalse(v, plan, g.cond, { cond: exprText(g.cond, proc.language), lines: [lo, hi] });
  }
  // Calls whose callees do I/O only under a flag (quiet-calls.ts): the loop with their quiet summaries.
  const key = (n: string) => (proc.language === "fortran" ? n.toLowerCase() : n);
  for (const g of quietCalls(proc, plan.loop, ctx.callContext.summaries, unreached)) {
    const summaries = withQuiet(ctx.callContext.summaries, g.quiet, key);
    const quietCtx: VariantContext = { ...ctx, callContext: { ...ctx.callContext, summaries }, depOptions: { ...ctx.depOptions, summaries } };
    // Quiet, such a callee is summarized, unless its own text writes saved variables.
    const verdict: typeof callVerdict = (name) => {
      const q = g.quiet.get(key(name));
      return q && savedWrite(q.variant) === null ? { kind: "summarized" } : callVerdict(name);
    };
    // Loops whose bounds read globals that only the general summaries may have the callees write are counted.
    const v = withCountedLoops(plan.loop, summaries, { unreached, apart: (a, s) => pointsApart(proc, a, s, ctx.depOptions.bindings) }, () => variantPlan(proc, plan.loop, proc.body, plan, quietCtx, options, verdict, untaken));
    if (!v || v.reasons.length > 0) continue;
    // The guarded statements' own COMMON blocks (timers) must not be what the loop makes threadprivate.
    if (v.threadprivate?.some((b) => [...g.quiet.values()].some((q) => q.guardedBlocks.includes(b)))) continue;
    // With the flag true the loop runs on one thread, but on the clauses' copies: the guarded statements, which
    // reach COMMON members and globals as the callee names them, must not touch what the clauses copy (a private
    // or reduced COMMON scalar would be read stale). Conservative: any block or global the callee may touch.
    if (quietTouchesClauses(v, [...g.quiet.values()])) continue;
    const flag = { kind: "var", sym: g.flag, span: plan.loop.span, type: g.flag.type } as Expr;
    return whileFalse(v, plan, flag, { cond: g.flag.name, lines: g.lines, calls: g.names });
  }
  return null;
}

/**
 * A loop parallel (or pipelined) while a condition is false, when what it
 * guards does not run: `v`, planned without it, under if(.not. cond); the
 * loop as written when `v` still has reasons (a pipelined variant).
 */
function whileFalse(v: LoopPlan, plan: LoopPlan, cond: Expr, guard: NonNullable<LoopPlan["guard"]>): LoopPlan {
  const not = { kind: "unary", op: "not", operand: cond, span: cond.span, type: { base: "logical" } } as Expr;
  const check: RuntimeCheck = { expr: not, fortran: exprText(not, "fortran"), c: exprText(not, "c") };
  return {
    ...v,
    loop: plan.loop,
    parallel: false,
    runtimeCheck: v.runtimeCheck ? both(check, v.runtimeCheck) : check,
    sizeCheck: false,
    guard,
    ...(v.reasons.length > 0 ? { asWritten: plan } : {}),
  };
}

/** What planning a variant of a procedure's loops needs: the procedure's flow, options, and its ranges as written (null: computed anew). */
interface VariantContext {
  flow: ProcedureFlow;
  depOptions: DependenceOptions;
  callContext: CallContext;
  hirDepth: Map<Loop, number>;
  ranges: NestRanges | null;
}

/**
 * The plan of a rewritten loop (a loop without its guarded statements,
 * unswitched(); a fused pair, fusion.ts; an aligned or peeled loop,
 * realign.ts): the procedure itself analyzed again, its body swapped for
 * `body` while it is (what is known of it by identity, its callers, its
 * file in the link, stays known), where `variant` stands for the loop or
 * loops `plan`'s loop begins; only that loop's nest (issue 16: LU
 * analyzed each procedure again whole, per guard).
 */
function variantPlan(proc: Procedure, variant: Loop, body: Stmt[], plan: LoopPlan, ctx: VariantContext, options: ParallelizeOptions, callVerdict: Parameters<typeof exclusions>[2], untaken?: (s: Sym) => boolean): LoopPlan | null {
  // Liveness answers found while the body is swapped are the variant's: kept out of the shared memo.
  const context: CallContext = { ...ctx.callContext, commons: ctx.callContext.commons && new CommonLiveness(ctx.callContext.commons.world) };
  const saved = proc.body;
  try {
    proc.body = body;
    const cfg = buildCfg(proc, context.summaries, untaken);
    const vflow: ProcedureFlow = {
      proc,
      cfg,
      regions: analyzeRegions(cfg),
      summary: ctx.flow.summary,
      // The variant's own graph, should anything ask (the plan reads the CFG and regions).
      get deps() {
        return buildDependences(cfg);
      },
    };
    const ranged = analyzeRangedDependences(proc, { ...ctx.depOptions, nestOf: variant }, options, cfg, undefined, priorRanges(ctx.ranges, saved, plan.loop, body, variant));
    return planLoop(proc, variant, plan.parent, plan.depth, ctx.hirDepth.get(plan.loop) ?? plan.depth, ranged.deps, vflow, callVerdict, context);
  } catch {
    // Conservative: a variant the analyses cannot take is not unswitched, fused, aligned or peeled.
    return null;
  } finally {
    proc.body = saved;
  }
}

/**
 * The procedure's ranges as written, for a variant whose body swaps the
 * nest of `loop` for one holding `variant` (analyzeRangedDependences'
 * `prior`): the variant nest's root stands for the written nest's root.
 */
function priorRanges(ranges: NestRanges | null, written: readonly Stmt[], loop: Loop, body: readonly Stmt[], variant: Loop): { ranges: NestRanges; rootOf: (root: Loop) => Loop; written: boolean } | undefined {
  if (!ranges) return undefined;
  if (body === written && variant === loop) return { ranges, rootOf: (root) => root, written: true };
  const from = rootIn(body, variant);
  const to = rootIn(written, loop);
  if (!from || !to) return undefined;
  return { ranges, rootOf: (root) => (root === from ? to : root), written: false };
}

/** The outermost loop of `body` around (or being) `loop`. */
function rootIn(body: readonly Stmt[], loop: Loop): Loop | null {
  const parent = new Map<Loop, Loop | null>();
  for (const l of collectLoops(body)) parent.set(l.loop, l.parent);
  if (!parent.has(loop)) return null;
  let at = loop;
  for (let p = parent.get(at); p; p = parent.get(at)) at = p;
  return at;
}

/** The variables the plan's clauses give each thread a copy of: private, firstprivate, lastprivate, private arrays, reductions, linear. */
function clauseNames(plan: LoopPlan): Set<string> {
  return new Set([...plan.private, ...plan.firstprivate, ...plan.lastprivate, ...plan.privateArrays, ...plan.reductions.map((r) => r.var), ...plan.linear.map((l) => l.var)]);
}

/** Whether a clause of `plan` names a COMMON member or C global that a quiet callee's guarded statements may reach (its general summary's blocks and globals). */
function quietTouchesClauses(plan: LoopPlan, quiet: readonly QuietSummary[]): boolean {
  const names = new Set([...clauseNames(plan)].map((n) => n.toLowerCase()));
  const proc = plan.proc;
  // A block made threadprivate is no copy the callee misses: it reaches the thread's own (the original, on one thread).
  const own = new Set(plan.threadprivate ?? []);
  for (const s of proc.symbols.values()) {
    if (!names.has(s.name.toLowerCase())) continue;
    if ((s.storage === "common" && own.has(s.common ?? "")) || (s.storage === "global" && own.has(s.name))) continue;
    if (s.storage === "common" && quiet.some((q) => q.general.commons.has(s.common ?? ""))) return true;
    if (s.storage === "global" && quiet.some((q) => [...q.general.shared.values()].some((e) => e.sym.name === s.name))) return true;
  }
  return false;
}

/** Whether a statement under the guards reads or writes a variable the plan's clauses privatize or reduce (or writes through a pointer). */
function guardedTouchesClauses(flow: ProcedureFlow, guards: readonly IfStmt[], plan: LoopPlan): boolean {
  const names = clauseNames(plan);
  const ranges = guards.map((g) => lines(g.then));
  const cfg = flow.cfg;
  return cfg.refs.refs.some((r) => {
    if (!ranges.some(([lo, hi]) => r.span.line >= lo && r.span.line <= hi)) return false;
    const v = cfg.vars.vars[r.var]!;
    return v.pseudo === "memory" || v.syms.some((s) => names.has(s.name));
  });
}

const regionIndex = new WeakMap<ProcedureFlow, Map<Loop, LoopRegionInfo>>();

/** A loop's region facts (indexed once per procedure: a procedure's loops each searched the list). */
function regionOf(flow: ProcedureFlow, loop: Loop): LoopRegionInfo | undefined {
  let m = regionIndex.get(flow);
  if (!m) {
    m = new Map();
    // The first entry of a loop, as the search found it.
    for (const l of flow.regions.loops) if (!m.has(l.loop)) m.set(l.loop, l);
    regionIndex.set(flow, m);
  }
  return m.get(loop);
}

/**
 * Private copies the loop's own header or an empty loop would read
 * uninitialized (found by fuzzing):
 * - a variable of the bounds or step (Fortran evaluates them once, but
 *   inside the region, from the thread's copy: `do i = 6, m` with m
 *   assigned in the body ran a garbage number of times): firstprivate;
 * - a lastprivate variable when the loop may run no iteration (gcc then
 *   copies the uninitialized copy out: `t = 0`, then an empty loop that
 *   would set t, left garbage in t): firstprivate too, so that what is
 *   copied out is what was there; and the index itself, which the
 *   program reads after the loop (its value after an empty loop is the
 *   start), keeps the loop serial then.
 */
function noEmptyCopies(plan: LoopPlan, loop: Loop): void {
  const bounds = new Set<string>();
  for (const e of [loop.lower, loop.upper, loop.step]) if (e) walkExpr(e, (x) => void (x.kind === "var" && bounds.add(x.sym.name)));
  const first = (v: string) => void (!plan.firstprivate.includes(v) && plan.firstprivate.push(v));
  for (const v of plan.private.filter((x) => bounds.has(x))) {
    plan.private.splice(plan.private.indexOf(v), 1);
    first(v);
  }
  const index = loop.index?.name;
  const runs = runsAtLeastOnce(loop);
  for (const v of plan.lastprivate) {
    if (v === index) {
      if (!runs) plan.reasons.push({ kind: "scalar", var: v, message: `${v}, the loop's index, is read after the loop, and the loop may run no iteration: its value then is the start, which no iteration leaves` });
      continue;
    }
    if (!runs || bounds.has(v)) first(v);
  }
}

/**
 * An array the loop's bounds read and its body writes: serially a DO loop's bounds are read once, before
 * the first iteration; in the parallel loop each thread reads them as it starts (found by fuzzing:
 * `do i = 1, k(2)` writing k(i) ran other iterations at four threads). Scalars of the bounds are
 * firstprivate instead (noEmptyCopies); a C bound that the body may change is no counted loop at all.
 */
function boundWritten(cfg: Cfg, info: LoopRegionInfo, loop: Loop): string | null {
  const read = new Map<VarId, string>();
  for (const e of [loop.lower, loop.upper, loop.step])
    if (e)
      walkExpr(e, (x) => {
        if (x.kind !== "elem" && x.kind !== "section") return;
        const v = cfg.vars.lookup(x.sym);
        if (v !== undefined) read.set(v, x.sym.name);
      });
  if (read.size === 0) return null;
  const { written } = loopWrites(cfg, info);
  for (const [v, name] of read) if (written.has(v)) return name;
  return null;
}

/**
 * Whether the loop may write storage its bounds read, by any name
 * (unchangedIn: a variable EQUIVALENCEd with one of them, COMMON a callee
 * writes, what a C pointer's write may reach): the restructurings read the bounds again
 * after or while the body runs (guards, a peeled copy's header, the second
 * loop of a fused pair, the inner header after interchange), where a
 * plain loop reads them once (found by fuzzing: `equivalence (m, mm(1))`
 * with the body writing mm(i)).
 */
function storageOfBoundsWritten(proc: Procedure, loop: Loop, summaries: SummaryLookup): boolean {
  const read = new Set<Sym>();
  for (const e of [loop.lower, loop.upper, loop.step]) if (e) walkExpr(e, (x) => void ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && x.sym.storage !== "parameter" && read.add(x.sym)));
  if (read.size === 0) return false;
  // What the body and its calls may change, storage association counted (EQUIVALENCE: changed; a C write
  // through a pointer: what its type may alias, C11 6.5p7).
  const unchanged = unchangedIn(proc, summaries, loop.body);
  return [...read].some((s) => !unchanged(s));
}

/** Whether a counted loop runs at least one iteration: constant bounds and step that say so. */
function runsAtLeastOnce(loop: Loop): boolean {
  const lo = loop.lower ? evalInt(loop.lower) : undefined;
  const hi = loop.upper ? evalInt(loop.upper) : undefined;
  const step = loop.step ? evalInt(loop.step) : 1;
  if (lo === undefined || hi === undefined || step === undefined || step === 0) return false;
  return step > 0 ? lo <= hi : lo >= hi;
}

/** The verdict and seed 004's attributes from the clauses and reasons; clauses dropped on a serial loop. */
function finish(plan: LoopPlan): LoopPlan {
  plan.parallel = plan.reasons.length === 0 && plan.runtimeCheck === null;
  plan.attributes = {
    parallel: plan.parallel,
    workArrays: plan.privateArrays.length > 0 || plan.reductions.some((r) => r.array),
    reductionFunctions: plan.reductions.length > 0,
  };
  if (!plan.parallel) {
    // The clauses only mean something on a loop that runs in parallel (possibly under its check), or pipelined.
    if (plan.runtimeCheck === null && !plan.doacross) dropClauses(plan);
  }
  return plan;
}

const errnoOfLink = new WeakMap<ProgramLink, boolean>();

/** Whether some file of a link reads C's errno: once per link, not once per file planned. */
function linkReadsErrno(link: ProgramLink): boolean {
  let r = errnoOfLink.get(link);
  if (r === undefined) errnoOfLink.set(link, (r = readsErrno(link.programs().flatMap((p) => p.procedures))));
  return r;
}

const bindingsOfLink = new WeakMap<ProgramLink, ParamBindings>();

/** One ParamBindings for all the files of a link (each file's planning asks it about its own functions). */
function linkedBindings(link: ProgramLink): ParamBindings {
  let b = bindingsOfLink.get(link);
  if (!b) bindingsOfLink.set(link, (b = new ParamBindings(link.programs(), link.closed)));
  return b;
}

/** The conjunction of comparisons as a run-time check. */
function conditionCheck(all: readonly Expr[]): RuntimeCheck {
  const conds = strongest(all);
  const expr = conds.slice(1).reduce<Expr>((a, b) => ({ kind: "binary", op: "and", left: a, right: b, span: a.span, type: { base: "logical" } }) as Expr, conds[0]!);
  return { expr, fortran: exprText(expr, "fortran"), c: exprText(expr, "c") };
}

/**
 * Comparisons `a <= b` reduced to the strongest of each kind: of
 * `1 <= n - 1`, `1 + 2 <= n - 1` and `2 + 2 <= n - 1` only the last is
 * kept (b - a differs by a constant), with its constant side folded
 * (`4 <= n - 1`).
 */
function strongest(conds: readonly Expr[]): Expr[] {
  const kept: { e: Expr; slack: Expr }[] = [];
  for (const c of conds) {
    if (c.kind !== "binary" || c.op !== "<=") {
      kept.push({ e: c, slack: c });
      continue;
    }
    const left = foldConstant(c.left);
    const e: Expr = { ...c, left };
    const slack: Expr = { kind: "binary", op: "-", left: c.right, right: left, span: c.span, type: { base: "integer", bytes: 4 } } as Expr;
    const k = kept.findIndex((x) => x.e.kind === "binary" && x.e.op === "<=" && constDifference(x.slack, slack) !== null);
    if (k < 0) kept.push({ e, slack });
    // The one with less slack implies the other.
    else if (constDifference(kept[k]!.slack, slack)! > 0) kept[k] = { e, slack };
  }
  return kept.map((x) => x.e);
}

/** An integer constant expression as its value (`1 + 2` as `3`). */
function foldConstant(e: Expr): Expr {
  const v = e.kind === "int" ? undefined : evalInt(e);
  return v === undefined || !Number.isSafeInteger(v) ? e : ({ kind: "int", value: v, span: e.span, type: e.type ?? { base: "integer", bytes: 4 } } as Expr);
}

/** Two run-time checks that must both hold. */
function both(a: RuntimeCheck, b: RuntimeCheck): RuntimeCheck {
  const expr: Expr = { kind: "binary", op: "and", left: a.expr, right: b.expr, span: a.expr.span, type: { base: "logical" } } as Expr;
  return { expr, fortran: `(${a.fortran}) .and. (${b.fortran})`, c: `(${a.c}) && (${b.c})` };
}

/**
 * Whether the pointer an argument passes never points into `v`: its base
 * is a parameter bound, at every call of its function, to objects other
 * than `v` (param-bindings.ts).
 */
function pointsApart(proc: Procedure, arg: Expr, v: Sym, bindings: ParamBindings | undefined): boolean {
  if (!bindings || proc.language !== "c") return false;
  const b = pointerBasesOf(proc).exprBase(pointedArgument(arg));
  return !!b && b.storage === "dummy" && bindings.disjoint(b, v);
}
