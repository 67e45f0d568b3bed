import type { Sym } from "../../ir/symbol.js";
import { haltBound, type Cfg } from "../cfg/cfg.js";
import { memberExtent } from "./common-layout.js";
import { procedureRegion } from "../regions/cfg-regions.js";
import type { RegionSets } from "../regions/region-sets.js";
import { callRegions } from "../regions/call-regions.js";
import { arrayRegions } from "./array-regions.js";
import { specializer } from "./specialized-regions.js";
import { hasFlagGuards, quietSummary, type QuietSummary } from "./quiet-summary.js";
import { buildCfg } from "../cfg/build-cfg.js";
import { analyzeRegions } from "../regions/loop-regions.js";
import type { CommonFacts } from "../regions/common-facts.js";
import { symBytes, type Extent } from "./common-layout.js";
import { throughParams, untracedWrites } from "./through-params.js";
import { keptPointers } from "./kept-pointers.js";
import { WORST_FORMAL, type CommonEffect, type FormalEffect, type ProcedureSummary, type SharedEffect, type UnseenCall } from "./summary.js";

/**
 * The summary of a procedure (seed 004 §1.1 Case 4): the region sets of
 * its whole body restricted to what a caller can see — its dummy
 * arguments by position, COMMON storage by byte extent, module, global and
 * host variables by symbol — plus what its callees' summaries add for
 * storage it does not name itself.
 */
export function summarize(cfg: Cfg, blocks: readonly RegionSets[], assumeBounds = true, facts?: CommonFacts): ProcedureSummary {
  const proc = cfg.proc;
  // Conservative: nothing computed for an unanalyzable procedure is trusted, so its callers assume the worst.
  if (proc.unanalyzable) return worstSummary(proc.name, proc.params.length);
  const whole = procedureRegion(cfg, blocks);
  const vars = cfg.vars;
  const used = new Uint8Array(vars.size);
  const modified = new Uint8Array(vars.size);
  let opaque = false;
  for (const r of cfg.refs.refs) {
    if (!r.rmw) (r.kind === "def" ? modified : used)[r.var] = 1;
    if (r.origin === "opaque") opaque = true;
  }
  // Globals touched only through a pointer parameter whose MOD/USE the callers apply (through-params.ts).
  const via = throughParams(proc);
  const untraced = untracedWrites(proc);
  const sharedUsed = new Uint8Array(vars.size);
  const sharedModified = new Uint8Array(vars.size);
  // A parameter's formal effects include every access through a pointer based on it (`u` after `u = (T)o`).
  const viaMod = new Set<Sym>();
  const viaUse = new Set<Sym>();
  for (const r of cfg.refs.refs) {
    if (r.rmw) continue;
    const p = via(r.expr);
    if (p) (r.kind === "def" ? viaMod : viaUse).add(p);
    const pv = p ? vars.lookup(p) : undefined;
    if (pv !== undefined && pv !== r.var) continue;
    (r.kind === "def" ? sharedModified : sharedUsed)[r.var] = 1;
  }

  // C pointer parameters the procedure never keeps past the call (kept-pointers.ts), by its callees' summaries.
  const calleeSummaries = new Map(cfg.calls.map((c) => [c.name, c.summary]));
  const kept = proc.language === "c" ? keptPointers(proc, (name) => calleeSummaries.get(name)) : null;
  const formals: FormalEffect[] = proc.params.map((p) => {
    const v = vars.lookup(p);
    const f: FormalEffect =
      v === undefined
        ? { use: viaUse.has(p), euse: viaUse.has(p), mod: viaMod.has(p), ddef: false }
        : // Conservative: a read through a pointer based on the parameter may come before any write (EUSE).
          // An access through a pointer based on another parameter is that parameter's (its caller applies it to what it passes there).
          { use: !!sharedUsed[v] || viaUse.has(p), euse: whole.euse.has(v) || viaUse.has(p), mod: !!sharedModified[v] || viaMod.has(p), ddef: whole.ddef.has(v) };
    const bytes = v !== undefined && p.dims.length === 0 ? symBytes(p) : undefined;
    if (bytes !== undefined) f.exactBytes = bytes;
    if (kept && (p.type.base === "pointer" || p.attrs.pointer || p.dims.length > 0) && !kept.has(p)) f.keeps = false;
    return f;
  });

  const commons = new Map<string, CommonEffect>();
  const shared = new Map<number, SharedEffect>();
  const own = new Set([...proc.symbols.values(), ...proc.params]);
  for (const v of vars.vars) {
    if (v.pseudo || (!used[v.id] && !modified[v.id])) continue;
    for (const s of v.syms) {
      if (s.storage === "common" && s.common !== undefined) {
        const ext = memberExtent(proc, s);
        const eff = commons.get(s.common) ?? { use: [], mod: [] };
        if (used[v.id]) eff.use = addExtent(eff.use, ext);
        if (modified[v.id]) eff.mod = addExtent(eff.mod, ext);
        commons.set(s.common, eff);
      } else if (s.storage === "module" || s.storage === "global" || ((s.storage === "local" || s.storage === "dummy" || s.storage === "result") && !own.has(s))) {
        if (sharedUsed[v.id] || sharedModified[v.id]) shared.set(s.id, { sym: s, use: !!sharedUsed[v.id], mod: !!sharedModified[v.id] });
      }
    }
  }
  // I/O on a path that can only end the program (a message before STOP) does not order the callers' loops.
  const doomed = haltBound(cfg);
  let io = cfg.refs.refs.some((r) => !doomed[r.block] && vars.vars[r.var]!.pseudo === "io");
  // A write through a pointer whose target is not followed may be to anything a caller sees (through-params.ts).
  const lost = cfg.refs.refs.find((r) => r.kind === "def" && vars.vars[r.var]!.pseudo === "memory" && untraced(r.expr));
  let unknown = opaque || lost !== undefined;
  let unseen: UnseenCall | undefined;
  for (const c of cfg.calls) {
    if (c.kind !== "user") continue;
    const k = c.summary;
    if (!k) {
      unknown = true;
      unseen ??= { name: c.name, file: c.span.file, line: c.span.line };
      continue;
    }
    // The callee's I/O reached us as a reference to the I/O state at the call (call-effects.ts).
    unknown ||= k.unknown;
    unseen ??= k.unseen;
    for (const [name, eff] of k.commons) {
      const mine = commons.get(name) ?? { use: [], mod: [] };
      mine.use = mergeExtents(mine.use, eff.use);
      mine.mod = mergeExtents(mine.mod, eff.mod);
      commons.set(name, mine);
    }
    for (const [id, eff] of k.shared) {
      // The callee's host variables are ours too only if we can see them; keeping them is harmless either way.
      const mine = shared.get(id);
      shared.set(id, { sym: eff.sym, use: eff.use || !!mine?.use, mod: eff.mod || !!mine?.mod });
    }
  }
  const summary: ProcedureSummary = { name: proc.name, formals, commons, shared, io, unknown, ...(lost ? { untracedWrite: lost.span.line } : {}), ...(unseen ? { unseen } : {}) };
  // The callees' summaries by name, as the CFG's calls used them (none: the worst).
  const key = (n: string) => (proc.language === "fortran" ? n.toLowerCase() : n);
  const callees = new Map(cfg.calls.map((c) => [key(c.name), c.summary]));
  const writes = (s: Sym) => {
    const v = vars.lookup(s);
    return v === undefined || !!modified[v];
  };
  const regionsOf = (p: typeof proc) => arrayRegions(p, writes, (call) => callRegions(p, call, callees.get(key(call.name)), assumeBounds), (name) => callees.get(key(name)) ?? undefined, assumeBounds, facts);
  summary.regions = regionsOf(proc);
  // Per call, for the constants it passes (specialized-regions.ts): over the run's procedures only.
  const specialize = facts && specializer(proc, regionsOf, facts.constants, facts.world);
  if (specialize) summary.specialize = specialize;
  // I/O only under a flag of the run (timers): what a call does while it is false.
  if ((summary.io || summary.unknown) && hasFlagGuards(proc)) {
    let made: { q: QuietSummary | undefined } | undefined;
    summary.quiet = () =>
      (made ??= {
        q: quietSummary(proc, summary, (variant) => {
          const vcfg = buildCfg(variant, (name) => callees.get(key(name)) ?? undefined);
          return summarize(vcfg, analyzeRegions(vcfg).blocks, assumeBounds, facts);
        }),
      }).q;
  }
  return summary;
}

/** What a call to an unanalyzable procedure may do: anything. */
export function worstSummary(name: string, params: number): ProcedureSummary {
  return { name, formals: Array.from({ length: params }, () => ({ ...WORST_FORMAL })), commons: new Map(), shared: new Map(), io: true, unknown: true };
}

/** Conservative: a member whose offset is not a constant stands for its whole block. */
function addExtent(list: Extent[] | "all", e: Extent | null): Extent[] | "all" {
  if (list === "all" || e === null) return "all";
  return [...list, e];
}

function mergeExtents(a: Extent[] | "all", b: Extent[] | "all"): Extent[] | "all" {
  return a === "all" || b === "all" ? "all" : [...a, ...b];
}
