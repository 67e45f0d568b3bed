import type { Expr } from "../../ir/expr.js";
import { sameGlobal, type Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import { exprEquals } from "../../ir/expr-equals.js";
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
 * The regions are put in the first one's terms: every alternative's
 * dummies are declared in the same shapes (else the join has no regions),
 * so a box bounded by another one's k-th dummy is renamed to the first
 * one's k-th (NPB LU's blts and blts_vec sweep `v(1:5, ist:iend, jst:jend,
 * k-1:k)` of whatever they are given, and its rsd is what ssor's k loop
 * pipelines). Conservative: a COMMON array's or a C global's regions are
 * dropped when some alternative gives none for storage it touches or
 * declares the member in another shape, and so are a dummy's when one
 * alternative touches it with no regions; assumed EUSEs (under run-time
 * comparisons) are dropped too. Undefined when some alternative has no
 * summary.
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
  const unseen = list.find((s) => s.unseen)?.unseen;
  const out: ProcedureSummary = { name: first.name, formals, commons, shared, io: list.some((s) => s.io), unknown: list.some((s) => s.unknown), ...(unseen ? { unseen } : {}) };
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
  if (list.some((s) => s.regions!.dummies.length !== first.dummies.length || s.regions!.dummies.some((d, k) => !sameDummyShape(d, first.dummies[k]!, s.regions!.dummies, first.dummies)))) return undefined;
  const commonStarts = new Map<Sym, number>();
  for (const s of list) for (const [k, v] of s.regions!.commonStarts) commonStarts.set(k, v);
  // The COMMON arrays some alternative has regions for, by block and offset.
  const commons: CommonArrayRegions[] = [];
  for (const s of list)
    for (const c of s.regions!.commons) {
      if (commons.some((x) => x.block === c.block && x.start === c.start)) continue;
      const parts = list.map((o) => {
        const e = o.regions!.commons.find((x) => x.block === c.block && x.start === c.start);
        if (e) return sameShape(e.member, c.member) ? ownDummies(inFirst(o, e.regions), first) : "whole";
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
        if (e) return sameShape(e.sym, g.sym) ? ownDummies(inFirst(o, e.regions), first) : "whole";
        return [...o.shared.values()].some((x) => (x.use || x.mod) && sameGlobal(x.sym, g.sym)) ? "whole" : null;
      });
      const r = joinArrayRegions(parts);
      if (r) globals.push({ sym: g.sym, regions: r });
    }
  const formals = first.dummies.map((d, k) => {
    // A scalar dummy has no regions; an array one touched without them (null) is every element.
    if (d.dims.length === 0) return null;
    return joinArrayRegions(list.map((o, j) => (j === 0 ? o.regions!.formals[k] : inFirst(o, o.regions!.formals[k]!)) ?? (o.formals[k]!.use || o.formals[k]!.mod ? "whole" : null)));
  });
  return { dummies: first.dummies, formals, commons, globals, commonStarts };

  /** An alternative's regions with its dummies renamed to the first one's (null: its regions name storage that cannot be). */
  function inFirst(o: ProcedureSummary, r: ArrayRegions | null): ArrayRegions | null {
    if (!r || o === list[0]) return r;
    const to = new Map<Sym, Sym>();
    o.regions!.dummies.forEach((d, k) => to.set(d, first.dummies[k]!));
    const box = (b: Box): Box | null => {
      const out: Box = [];
      for (const x of b) {
        if (!x) {
          out.push(null);
          continue;
        }
        const lo = renamed(x.lo, to);
        const hi = renamed(x.hi, to);
        if (!lo || !hi) return null;
        out.push({ lo, hi });
      }
      return out;
    };
    const may = (l: Box[]) => l.map((b) => box(b) ?? b.map(() => null));
    return { mod: may(r.mod), use: may(r.use), euse: may(r.euse), ddef: r.ddef.map(box).filter((b): b is Box => b !== null) };
  }
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

/**
 * Whether two alternatives declare their k-th dummies alike: the same type
 * and rank, and each bound the same constant extent or the same expression
 * once the one's dummies are renamed to the other's (`v(5, ldmx/2*2+1, *)`
 * in both).
 */
function sameDummyShape(a: Sym, b: Sym, from: readonly Sym[], to: readonly Sym[]): boolean {
  if (sameShape(a, b)) return true;
  if (a.type.base !== b.type.base || a.type.bytes !== b.type.bytes || a.dims.length !== b.dims.length) return false;
  const map = new Map<Sym, Sym>(from.map((d, k) => [d, to[k]!]));
  const same = (x: Expr | null, y: Expr | null) => {
    if (!x || !y) return x === y;
    const r = renamed(x, map);
    return !!r && exprEquals(r, y);
  };
  return a.dims.every((d, k) => same(d.lower, b.dims[k]!.lower) && same(d.upper, b.dims[k]!.upper));
}

/** The regions, or "whole" when a bound names a dummy argument that is not one of the first alternative's (the join speaks in its terms). */
function ownDummies(r: ArrayRegions | null, first: RegionSummary): ArrayRegions | "whole" {
  if (!r) return "whole";
  const mine = new Set(first.dummies);
  let other = false;
  const look = (e: Expr) => walkExpr(e, (x) => void (x.kind === "var" && x.sym.storage === "dummy" && !mine.has(x.sym) && (other = true)));
  for (const b of [...r.mod, ...r.use, ...r.euse, ...r.ddef]) for (const d of b) if (d) (look(d.lo), look(d.hi));
  return other ? "whole" : r;
}

/** `e` with the symbols of `to` renamed; null when it holds one where renaming is not done (an expression kind not listed). */
function renamed(e: Expr, to: ReadonlyMap<Sym, Sym>): Expr | null {
  switch (e.kind) {
    case "int":
    case "real":
    case "logical":
      return e;
    case "var":
      return to.has(e.sym) ? { ...e, sym: to.get(e.sym)! } : e;
    case "elem": {
      const subs = e.subs.map((x) => renamed(x, to));
      return subs.every((x) => x !== null) && !to.has(e.sym) ? { ...e, subs: subs as Expr[] } : null;
    }
    case "unary": {
      const o = renamed(e.operand, to);
      return o && { ...e, operand: o };
    }
    case "binary": {
      const l = renamed(e.left, to);
      const r = renamed(e.right, to);
      return l && r && { ...e, left: l, right: r };
    }
    default: {
      let named = false;
      walkExpr(e, (x) => void ((x.kind === "var" || x.kind === "elem") && to.has(x.sym) && (named = true)));
      return named ? null : e;
    }
  }
}
