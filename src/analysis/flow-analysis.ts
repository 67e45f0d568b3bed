import type { Sym } from "../ir/symbol.js";
import { confirmCountedLoops } from "./counted-loops.js";
import type { Procedure, Program } from "../ir/program.js";
import type { Stmt } from "../ir/stmt.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import { buildCfg } from "./cfg/build-cfg.js";
import type { Cfg } from "./cfg/cfg.js";
import { buildDependences } from "./deps/build-deps.js";
import type { DepOptions } from "./deps/dependence.js";
import type { DependenceGraph } from "./deps/dep-graph.js";
import { analyzeRegions, type ProcedureRegions } from "./regions/loop-regions.js";
import { summarize } from "./summaries/summarize.js";
import type { CommonFacts } from "./regions/common-facts.js";
import type { ProcedureSummary } from "./summaries/summary.js";
import type { Expr } from "../ir/expr.js";
import { callableByName, nameKey, resolveInFile } from "./link/resolve-in-file.js";

/** Everything the control- and data-flow analyses know about one procedure. */
export interface ProcedureFlow {
  proc: Procedure;
  cfg: Cfg;
  deps: DependenceGraph;
  regions: ProcedureRegions;
  summary: ProcedureSummary;
}

/** Time spent per phase (in the unit of the clock given), accumulated over calls. */
export interface FlowTimings {
  cfg: number;
  deps: number;
  regions: number;
  summaries: number;
}

export interface FlowOptions extends DepOptions {
  /** A clock (e.g. performance.now) to time the phases with; core code has none of its own. */
  clock?: () => number;
  /** Where the phase times are added. */
  timings?: FlowTimings;
  /**
   * The summary of what a call in `caller` reaches when the program is
   * linked with other files (link/link-programs.ts): it resolves names in
   * the file and across files, and has already left out recursive cycles.
   */
  linked?: (name: string, caller: Procedure) => ProcedureSummary | undefined;
  /** The summaries' array regions may rely on the bounds assumption (default true; analysis-options.ts). */
  assumeBounds?: boolean;
  /** A procedure's summary already made (by the link, from the same CFG and callee summaries): not made again. */
  made?: (proc: Procedure) => ProcedureSummary | undefined;
  /** COMMON scalars set once for the run (regions/common-facts.ts), for the summaries' regions. */
  facts?: CommonFacts;
  /**
   * Build each procedure's scalar dependence graph only when its `deps` is
   * first read. The parallelizer never reads it (its decisions come from
   * the regions and the array tests), and building it was about a tenth of
   * a `doall parallelize` run (issue 16).
   */
  lazyDependences?: boolean;
  /** C globals no pointer can reach in the whole program (ProgramLink.untakenGlobal). */
  untaken?: (s: Sym) => boolean;
  /** Whether a pointer argument of a call in `proc` never points into `v` (counted-loops.ts Reach). */
  apart?: (proc: Procedure, arg: Expr, v: Sym) => boolean;
}

/**
 * Runs the CFG, dependence graph, region analysis and summaries on every
 * procedure of a program. Callees are analyzed before their callers
 * (strongly connected components of the call graph in reverse
 * topological order) so each call can use its callee's summary; calls
 * inside a recursive cycle, and to procedures outside the file, assume the
 * worst. Results are in the order of `program.procedures`.
 */
export function analyzeFlow(program: Program, options: FlowOptions = {}): ProcedureFlow[] {
  const clock = options.clock;
  const linked = options.linked;
  const t = options.timings;
  const timed = <T>(phase: keyof FlowTimings, f: () => T): T => {
    if (!clock || !t) return f();
    const t0 = clock();
    const r = f();
    t[phase] += clock() - t0;
    return r;
  };
  const callable = callableByName(program);
  const resolve = (name: string, caller: Procedure): Procedure | undefined => resolveInFile(callable.get(nameKey(program.file.language, name)), caller, name);
  const callees = new Map<Procedure, Procedure[]>();
  for (const p of program.procedures) {
    const out = new Set<Procedure>();
    for (const n of calledNames(p)) {
      const t = resolve(n, p);
      if (t) out.add(t);
    }
    callees.set(p, [...out]);
  }

  const summaries = new Map<Procedure, ProcedureSummary>();
  const results = new Map<Procedure, ProcedureFlow>();
  for (const scc of stronglyConnected(program.procedures, (p) => callees.get(p)!)) {
    const inCycle = new Set(scc);
    for (const proc of scc) {
      // Conservative: calls inside a recursive cycle get no summary (the worst is assumed).
      const lookup = linked
        ? (name: string) => linked(name, proc)
        : (name: string) => {
            const t = resolve(name, proc);
            return t && !inCycle.has(t) ? summaries.get(t) : undefined;
          };
      // The front end's deferred counted loops, now that the callees' summaries are known.
      confirmCountedLoops(proc, lookup, { ...(options.untaken ? { unreached: options.untaken } : {}), ...(options.apart ? { apart: (a: Expr, v: Sym) => options.apart!(proc, a, v) } : {}) });
      const cfg = timed("cfg", () => buildCfg(proc, lookup, options.untaken));
      const deps = options.lazyDependences ? null : timed("deps", () => buildDependences(cfg, options));
      const regions = timed("regions", () => analyzeRegions(cfg));
      const summary = options.made?.(proc) ?? timed("summaries", () => summarize(cfg, regions.blocks, options.assumeBounds ?? true, options.facts));
      summaries.set(proc, summary);
      results.set(proc, deps ? { proc, cfg, deps, regions, summary } : lazyFlow(proc, cfg, regions, summary, () => timed("deps", () => buildDependences(cfg, options))));
    }
  }
  return program.procedures.map((p) => results.get(p)!);
}

/** A procedure's flow whose dependence graph is built when first read. */
function lazyFlow(proc: Procedure, cfg: Cfg, regions: ProcedureRegions, summary: ProcedureSummary, build: () => DependenceGraph): ProcedureFlow {
  let deps: DependenceGraph | undefined;
  return {
    proc,
    cfg,
    regions,
    summary,
    get deps(): DependenceGraph {
      return (deps ??= build());
    },
  };
}

/** Names a procedure calls (CALL statements and function references that are neither intrinsic nor statement functions). */
export function calledNames(p: Procedure): ReadonlySet<string> {
  // Per body: a variant plan swaps a procedure's body for a new list of new statements while it is analyzed.
  let known = called.get(p.body);
  if (!known) called.set(p.body, (known = namesCalled(p)));
  return known;
}
const called = new WeakMap<readonly Stmt[], Set<string>>();

function namesCalled(p: Procedure): Set<string> {
  const out = new Set<string>();
  const onExpr = (e: import("../ir/expr.js").Expr) => {
    if (e.kind === "call" && !e.intrinsic && !e.sym?.attrs.statementFunction) out.add(e.name);
  };
  walkStmts(p.body, (s) => {
    if (s.kind === "call" && !s.intrinsic) out.add(s.name);
    for (const e of stmtExprs(s)) walkExpr(e, onExpr);
  });
  for (const sf of p.statementFunctions.values()) walkExpr(sf.body, onExpr);
  return out;
}

/** Tarjan's strongly connected components, callees' components first. */
export function stronglyConnected<T>(nodes: readonly T[], next: (n: T) => readonly T[]): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const out: T[][] = [];
  let counter = 0;
  const visit = (v: T): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: T[] = [];
      let w: T;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      out.push(comp);
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return out;
}
