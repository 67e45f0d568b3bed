import type { ElemRef, Expr, SectionRef } from "./expr.js";

/**
 * The elements a substring of array elements reaches: `w(i)(1:3)` is part
 * of element w(i), `w(1:n)(1:3)` part of each element of the section
 * w(1:n). The dependence tests and the access report take it so.
 */
export function substringElements(e: SectionRef): ElemRef | SectionRef {
  const subs = e.subs.slice(0, e.sym.dims.length);
  const typed = e.type ? { type: e.type } : {};
  if (subs.some((s) => s.kind === "triplet")) return { kind: "section", sym: e.sym, subs, span: e.span, ...typed };
  return { kind: "elem", sym: e.sym, subs: subs as Expr[], span: e.span, ...typed };
}
