import type { Expr } from "../../ir/expr.js";
import { sameGlobal, type Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import { addMay, boxContains, type Box } from "../regions/box.js";
import { sameShape } from "../regions/call-regions.js";
import { overlaps, symBytes, type Extent } from "./common-layout.js";
import type { ArrayRegions, CommonArrayRegions, CommonEffect, FormalEffect, ProcedureSummary, RegionSummary, SharedEffect } from "./summary.js";

/**
 * The summary of a call that reaches one of several procedures, which one
 * not known: a name defined in several files of the run (NPB LU ships
 * rhs.f and rhs_vec.f, ssor.f and ssor_vec.f side by side; its makefile
 * links one of each). Whatever any of them may do (seed 004 §1.1: regions
 * of alternative paths merge as the two branches of an IF do): may-sets
 * (USE, EUSE, MOD, the COMMON extents, shared variables, I/O, unknown
 * calls) are unions, must-sets (DDEF) what every one surely writes.
 *
 * Conservative, to stay in one procedure's terms: the regions of array
 * dummies are dropped (their boxes are in each callee's own dummies'
 * shapes: the formals' flags then stand for every element), and so are a
 * COMMON array's or a C global's regions when some alternative gives none
 * for storage it touches, declares the member in another shape, or bounds
 * them by its dummy arguments; assumed EUSEs (under run-time comparisons)
 * are dropped too. Undefined when some alternative has no summary.
 */
export function joinSummaries(all: readonly (ProcedureSummary | undefined)[]): ProcedureSummary | undefined {
  if (all.length === 0 || all.some((s) => s === undefined)) return undefined;
  const list = all as readonly ProcedureSummary[];
  const first = list[0]!;
  if (list.length === 1) return first;
  // Conservative: a different number of dummies: which actual is which is not one question.
  if (list.some((s) => s.formals.length !== first.formals.length)) return undefined;
  const formals = first.formals.map((_, k) => joinFormal(list.map((s) => s.formals[k]!)));
  const commons = new Map<string, CommonEffect>();
  for (const s of list)
    for (const [b, e] of s.commons) {
      const old = commons.get(b);
      commons.set(b, old ? { use: unionExtents(old.use, e.use), mod: unionExtents(old.mod, e.mod) } : e);
    }
  const shared = new Map<number, SharedEffect>();
  for (const s of list)
    for (const [k, e] of s.shared) {
      const old = shared.get(k);
      shared.set(k, old ? { sym: old.sym, use: old.use || e.use, mod: old.mod || e.mod } : e);
    }
  const out: ProcedureSummary = { name: first.name, formals, commons, shared, io: list.some((s) => s.io), unknown: list.some((s) => s.unknown) };
  const regions = joinRegions(list);
  return regions ? { ...out, regions } : out;
}

function joinFormal(fs: readonly FormalEffect[]): FormalEffect {
  const bytes = fs[0]!.exactBytes;
  const out: FormalEffect = { use: fs.some((f) => f.use), euse: fs.some((f) => f.euse), mod: fs.some((f) => f.mod), ddef: fs.every((f) => f.ddef) };
  if (bytes !== undefined && fs.every((f) => f.exactBytes === bytes)) out.exactBytes = bytes;
  if (fs.some((f) => f.keeps)) out.keeps = true;
  return out;
}

function unionExtents(a: Extent[] | "all", b: Extent[] | "all"): Extent[] | "all" {
  return a === "all" || b === "all" ? "all" : [...a, ...b];
}

/** The regions every alternative gives, joined; undefined when one gives none (every element). */
function joinRegions(list: readonly ProcedureSummary[]): RegionSummary | undefined {
  if (list.some((s) => !s.regions)) return undefined;
  const first = list[0]!.regions!;
  // Conservative: dummies of other shapes (a scalar here, an array there): the first one's say nothing of the others.
  if (list.some((s) => s.regions!.dummies.length !== first.dummies.length || s.regions!.dummies.some((d, k) => !sameShape(d, first.dummies[k]!)))) return undefined;
  const commonStarts = new Map<Sym, number>();
  for (const s of list) for (const [k, v] of s.regions!.commonStarts) commonStarts.set(k, v);
  // The COMMON arrays some alternative has regions for, by block and offset.
  const commons: CommonArrayRegions[] = [];
  for (const s of list)
    for (const c of s.regions!.commons) {
      if (commons.some((x) => x.block === c.block && x.start === c.start)) continue;
      const parts = list.map((o) => {
        const e = o.regions!.commons.find((x) => x.block === c.block && x.start === c.start);
        if (e) return sameShape(e.member, c.member) && !boundedByDummies(e.regions, o) ? e.regions : "whole";
        return touchesCommon(o, c.block, c.start, c.start + (symBytes(c.member) ?? Infinity)) ? "whole" : null;
      });
      const r = joinArrayRegions(parts);
      if (r) commons.push({ block: c.block, start: c.start, member: c.member, regions: r });
    }
  const globals: RegionSummary["globals"] = [];
  for (const s of list)
    for (const g of s.regions!.globals) {
      if (globals.some((x) => sameGlobal(x.sym, g.sym))) continue;
      const parts = list.map((o) => {
        const e = o.regions!.globals.find((x) => sameGlobal(x.sym, g.sym));
        if (e) return sameShape(e.sym, g.sym) && !boundedByDummies(e.regions, o) ? e.regions : "whole";
        return [...o.shared.values()].some((x) => (x.use || x.mod) && sameGlobal(x.sym, g.sym)) ? "whole" : null;
      });
      const r = joinArrayRegions(parts);
      if (r) globals.push({ sym: g.sym, regions: r });
    }
  return { dummies: first.dummies, formals: first.formals.map(() => null), commons, globals, commonStarts };
}

/**
 * One array's regions over the alternatives: each one's (null: it does
 * not touch the array; "whole": it touches it without regions, so the
 * join has none). EUSE, USE, MOD unions; DDEF the boxes every one holds.
 */
function joinArrayRegions(parts: readonly (ArrayRegions | null | "whole")[]): ArrayRegions | null {
  if (parts.includes("whole")) return null;
  const known = parts.filter((p): p is ArrayRegions => p !== null && p !== "whole");
  const union = (f: (r: ArrayRegions) => Box[]) => known.flatMap(f).reduce(addMay, [] as Box[]);
  // Conservative: surely written only when every alternative surely writes it (one that does not touch it writes nothing).
  // (Each one's boxes that all the others' hold too: [1:10] and [1:5] give [1:5].)
  const sure = known.length < parts.length ? [] : known.flatMap((r) => r.ddef).filter((b) => known.every((r) => r.ddef.some((o) => boxContains(o, b))));
  const ddef = sure.filter((b, k) => !sure.slice(0, k).some((o) => boxContains(o, b)));
  return { mod: union((r) => r.mod), use: union((r) => r.use), euse: union((r) => r.euse), ddef };
}

/** Whether an alternative touches the bytes [start, end) of a COMMON block (by its extents). */
function touchesCommon(s: ProcedureSummary, block: string, start: number, end: number): boolean {
  const e = s.commons.get(block);
  if (!e) return false;
  const hit = (l: Extent[] | "all") => l === "all" || l.some((x) => overlaps(x, { start, end }));
  return hit(e.use) || hit(e.mod);
}

/** Whether some box's bounds name a dummy argument of the alternative (the join keeps the first one's dummies only). */
function boundedByDummies(r: ArrayRegions, s: ProcedureSummary): boolean {
  const dummies = new Set(s.regions!.dummies);
  let yes = false;
  const look = (e: Expr) => walkExpr(e, (x) => void (x.kind === "var" && (dummies.has(x.sym) || x.sym.storage === "dummy") && (yes = true)));
  for (const b of [...r.mod, ...r.use, ...r.euse, ...r.ddef]) for (const d of b) if (d) (look(d.lo), look(d.hi));
  return yes;
}
