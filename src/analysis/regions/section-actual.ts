import { evalInt } from "../../ir/const-eval.js";
import type { Expr, SectionRef, Triplet } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import type { ArrayRegions } from "../summaries/summary.js";
import { addMay, type Box } from "./box.js";
import { offset } from "./offset-expr.js";

/**
 * A callee's regions of a rank-1 dummy moved onto an array section passed
 * for it with one ranged dimension (issue 14 §2: `call scale(v(:, j), n)`,
 * `v(2:n-1, j)`, `v(j, :)`): the dummy's element i is the section's
 * element lo + (i - dl) in that dimension (stride 1), the other dimensions
 * fixed at the section's subscripts. An assumed-shape dummy gets the
 * section itself (F2008 12.5.2.4); an explicit-shape or assumed-size one
 * its elements in order (sequence association, 12.5.2.11).
 *
 * What cannot be placed element by element is widened to the whole
 * section (may-regions) or dropped (must-regions): a strided section, a
 * box in terms the caller cannot name. A section that may be passed as a
 * copy (a dummy that is not assumed shape, given a section that is not
 * contiguous) is read whole before the call and written back whole after
 * it: its use and exposed use, and its writes when the callee writes,
 * cover the whole section. Null when the actual is not such a section
 * (more than one ranged dimension, a dummy of another rank or type): the
 * caller then takes every element of the array.
 */
export function sectionRegions(r: ArrayRegions, dummy: Sym, section: SectionRef, subst: (e: Expr) => Expr | null): ArrayRegions | null {
  const A = section.sym;
  if (section.substring || dummy.dims.length !== 1 || section.subs.length !== A.dims.length) return null;
  if (dummy.type.base !== A.type.base || (dummy.type.bytes ?? 0) !== (A.type.bytes ?? 0)) return null;
  const ranged = section.subs.flatMap((s, d) => (s.kind === "triplet" ? [d] : []));
  if (ranged.length !== 1) return null;
  const d = ranged[0]!;
  const t = section.subs[d] as Triplet;
  const step = t.stride ? evalInt(t.stride) : 1;
  if (step === undefined || step < 1) return null;
  const lo = t.lo ?? A.dims[d]!.lower;
  const hi = t.hi ?? A.dims[d]!.upper;
  const from = subst(dummy.dims[0]!.lower);
  const at = (range: { lo: Expr; hi: Expr } | null): Box => section.subs.map((s, e) => (e === d ? range : { lo: s as Expr, hi: s as Expr }));
  const whole = at(hi ? { lo, hi } : null);
  const place = (b: Box, must: boolean): Box | null => {
    const x = b.length === 1 ? b[0] : undefined;
    const l = x && step === 1 && from ? subst(x.lo) : null;
    const h = x && l ? subst(x.hi) : null;
    if (!l || !h) return must ? null : whole;
    return at({ lo: offset(lo, l, from!), hi: offset(lo, h, from!) });
  };
  const may = (bs: readonly Box[]) => bs.map((b) => place(b, false)!).reduce<Box[]>(addMay, []);
  const out: ArrayRegions = { mod: may(r.mod), use: may(r.use), euse: may(r.euse), ddef: r.ddef.map((b) => place(b, true)).filter((b): b is Box => b !== null) };
  const contiguous = d === 0 && step === 1 && A.layout === "column-major";
  if (!dummy.attrs.assumedShape && !contiguous) {
    out.use = addMay(out.use, whole);
    out.euse = addMay(out.euse, whole);
    if (r.mod.length > 0) out.mod = addMay(out.mod, whole);
  }
  return out;
}
