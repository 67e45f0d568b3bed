import type { Program } from "../../ir/program.js";
import { inLoop, type Cfg } from "../cfg/cfg.js";
import type { ProcedureFlow } from "../flow-analysis.js";
import type { Ref } from "../refs/ref.js";
import type { LoopRegionInfo, ScalarClass } from "../regions/loop-regions.js";
import type { RegionSets } from "../regions/region-sets.js";
import type { DepKind } from "./dependence.js";

/**
 * What `doall deps` shows, as plain data (the --json output): per
 * procedure the dependence edges at the level of source lines and, per
 * loop, the scalar classes and region sets. Field names are stable once
 * shipped.
 */
export interface DepsFileReport {
  file: string;
  procedures: DepsProcedureReport[];
}

export interface DepsProcedureReport {
  name: string;
  line: number;
  /** Why the procedure's results are not to be trusted, when the front end could not model it. */
  unanalyzable: string | null;
  edges: DepEdgeReport[];
  /** Edges left out by the filters (arrays, loop indices), so the reader knows they exist. */
  hidden: { arrays: number; indices: number };
  /** Array edges the array dependence tests proved impossible, by the test that proved it. */
  removedByTest?: Record<string, number>;
  loops: LoopDepsReport[];
}

export interface DepEdgeReport {
  kind: DepKind;
  var: string;
  source: number;
  sink: number;
  /** Line of the loop that carries the dependence, or null if loop-independent. */
  carrier: number | null;
  definite: boolean;
  /** How an end of the edge arises when not written as an access: "call NAME", "loop init", "loop step", "io", "statement function", "opaque". */
  sourceVia?: string;
  sinkVia?: string;
  /** The variable is an array (a whole-variable edge, to be refined by the array analysis). */
  array?: true;
  /** From the array dependence analysis: direction per common loop, outermost first ("<", "=", ">", "*"). */
  direction?: string[];
  /** Distance per common loop, in iterations (null where not constant). */
  distance?: (number | null)[];
  /** The test that decided the edge ("exact", "siv"). */
  test?: string;
}

export interface LoopDepsReport {
  line: number;
  endLine: number;
  index: string | null;
  depth: number;
  parent: number | null;
  /** Seed 004's merge rules on a structured body, or dataflow over the CFG for a body that jumps. */
  method: "structured" | "dataflow";
  scalars: { var: string; class: ScalarClass; live: boolean; why?: string; reduction?: string }[];
  /** One iteration's MOD/USE/DDEF/EUSE and the variables live after the loop, by name. */
  sets: { mod: string[]; use: string[]; ddef: string[]; euse: string[]; liveAfter: string[] };
}

export interface DepsReportOptions {
  /** Only this loop (by line): edges with both ends inside it, and it and its nested loops. */
  loop?: number;
  /** Include edges on array variables (whole-variable edges). */
  arrays?: boolean;
  /** Include the edges of a loop's own index between references inside the loop (private by construction). */
  indices?: boolean;
}

export function buildDepsReport(program: Program, flows: readonly ProcedureFlow[], o: DepsReportOptions = {}): DepsFileReport {
  const procedures: DepsProcedureReport[] = [];
  for (const f of flows) {
    const cfg = f.cfg;
    const focus = o.loop === undefined ? -1 : cfg.loops.findIndex((l) => l.loop.span.line === o.loop);
    if (o.loop !== undefined && focus < 0) continue;
    const refs = cfg.refs.refs;
    const lineOfLoop = new Map(cfg.loops.map((l) => [l.loop.id, l.loop.span.line]));
    const seen = new Set<string>();
    const edges: DepEdgeReport[] = [];
    const hidden = { arrays: 0, indices: 0 };
    for (const i of f.deps.indices()) {
      const s = refs[f.deps.source(i)]!;
      const t = refs[f.deps.sink(i)]!;
      if (focus >= 0 && !(inLoop(cfg, s.block, focus) && inLoop(cfg, t.block, focus))) continue;
      const v = cfg.vars.vars[t.var]!;
      if (!v.scalar && !v.pseudo && !o.arrays) {
        hidden.arrays++;
        continue;
      }
      if (!o.indices && ownIndexEdge(cfg, s, t)) {
        hidden.indices++;
        continue;
      }
      const carrier = f.deps.carrier(i);
      const e: DepEdgeReport = { kind: f.deps.kind(i), var: v.name, source: s.span.line, sink: t.span.line, carrier: carrier === null ? null : lineOfLoop.get(carrier)!, definite: f.deps.definite(i) };
      const sv = via(s);
      const tv = via(t);
      if (sv) e.sourceVia = sv;
      if (tv) e.sinkVia = tv;
      if (!v.scalar && !v.pseudo) {
        e.array = true;
        const d = f.deps.edge(i);
        if (d.direction) e.direction = d.direction;
        if (d.distance) e.distance = d.distance;
        if (d.test) e.test = d.test;
      }
      const key = JSON.stringify(e);
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push(e);
    }
    edges.sort((a, b) => a.source - b.source || a.sink - b.sink || cmp(a.var, b.var) || cmp(a.kind, b.kind) || (a.carrier ?? -1) - (b.carrier ?? -1) || Number(b.definite) - Number(a.definite) || cmp(a.sourceVia ?? "", b.sourceVia ?? "") || cmp(a.sinkVia ?? "", b.sinkVia ?? ""));
    const loops = f.regions.loops.filter((l) => focus < 0 || inLoopTree(cfg, l.cfgLoop.index, focus)).map((l) => loopReport(cfg, l));
    const pr: DepsProcedureReport = { name: f.proc.name, line: f.proc.span.line, unanalyzable: f.proc.unanalyzable?.reason ?? null, edges, hidden, loops };
    const removed: Record<string, number> = {};
    for (let i = 0; i < f.deps.size; i++) {
      const r = f.deps.refinement(i);
      if (!r?.removed) continue;
      const s = refs[f.deps.source(i)]!;
      const t = refs[f.deps.sink(i)]!;
      if (focus >= 0 && !(inLoop(cfg, s.block, focus) && inLoop(cfg, t.block, focus))) continue;
      removed[r.test ?? "?"] = (removed[r.test ?? "?"] ?? 0) + 1;
    }
    if (Object.keys(removed).length) pr.removedByTest = removed;
    procedures.push(pr);
  }
  return { file: program.file.path, procedures };
}

function loopReport(cfg: Cfg, l: LoopRegionInfo): LoopDepsReport {
  const cl = l.cfgLoop;
  const names = (s: RegionSets["mod"]) => s.toArray().map((v) => cfg.vars.vars[v]!.name).sort();
  return {
    line: l.loop.span.line,
    endLine: l.loop.endSpan.endLine,
    index: l.loop.index?.name ?? null,
    depth: cl.depth,
    parent: cl.parent >= 0 ? cfg.loops[cl.parent]!.loop.span.line : null,
    method: l.method,
    scalars: l.scalars.map((s) => {
      const r: LoopDepsReport["scalars"][number] = { var: s.name, class: s.class, live: s.live };
      if (s.why) r.why = s.why;
      if (s.reduction) r.reduction = s.reduction;
      return r;
    }),
    sets: { mod: names(l.one.mod), use: names(l.one.use), ddef: names(l.one.ddef), euse: names(l.one.euse), liveAfter: names(l.liveAfter) },
  };
}

/** An edge of a loop's index between two references inside that loop: private by construction, noise in a listing. */
function ownIndexEdge(cfg: Cfg, s: Ref, t: Ref): boolean {
  for (const l of cfg.loops) {
    if (!l.loop.index || cfg.vars.lookup(l.loop.index) !== t.var) continue;
    const inside = (r: Ref) => inLoop(cfg, r.block, l.index) || (r.origin === "loop-init" && r.loopId === l.loop.id);
    if (inside(s) && inside(t)) return true;
  }
  return false;
}

function inLoopTree(cfg: Cfg, l: number, root: number): boolean {
  for (let x = l; x >= 0; x = cfg.loops[x]!.parent) if (x === root) return true;
  return false;
}

function via(r: Ref): string | undefined {
  switch (r.origin) {
    case "call":
      return `call ${r.callee}`;
    case "loop-init":
      return "loop init";
    case "loop-step":
      return "loop step";
    case "io":
      return "io";
    case "stmt-function":
      return "statement function";
    case "opaque":
      return "opaque";
    default:
      return undefined;
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
