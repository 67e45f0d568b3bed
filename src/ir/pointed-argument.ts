import { evalInt } from "./const-eval.js";
import { addConst } from "./add-const.js";
import { constDifference } from "./linear-form.js";
import type { Expr } from "./expr.js";
import type { Type } from "./types.js";

/**
 * A C argument as the address it is, when it points into an array:
 *
 * - `&a[j][0] + k` (what `a[j] + k` lowers to) is `&a[j][k]`: an offset
 *   from an element's address moves along the fastest dimension;
 * - `(double *)tm1`, `(double *)&a[j][0]`: a cast to a pointer to the
 *   array's own element type is the array (from its first element), or
 *   that element's address (NPB UA's `r_init((double *)tm1, NXYZ, 0.0)`).
 *
 * So a call that receives it starts there (issue 15's "pointer parameters
 * bound to their actuals", "casts of pointers to arrays"). Anything else
 * is returned as it is.
 */
export function pointedArgument(a: Expr): Expr {
  const x = a.kind === "cast" ? uncast(a) : a;
  return x.kind === "binary" ? offsetElement(x) : x;
}

function uncast(c: Extract<Expr, { kind: "cast" }>): Expr {
  let to = c.to.base === "pointer" ? c.to.pointee : undefined;
  const o = c.operand;
  if (c.rows && o.kind === "var" && o.sym.dims.length > c.rows.length) {
    // A pointer to rows of the array's own last extents (`(double (*)[5])p` for `double p[4][5][5]`):
    // the array, its leading dimensions flattened into the rows, from its first element.
    for (let k = 0; k < c.rows.length && to; k++) to = to.base === "pointer" ? to.pointee : undefined;
    const last = o.sym.dims.slice(o.sym.dims.length - c.rows.length);
    const extents = last.every((d, k) => d.upper !== null && evalInt(d.lower) === 0 && constDifference(addConst(c.rows![k]!, -1), d.upper) === 0);
    return to && extents && (!o.sym.attrs.pointer || o.sym.storage === "dummy") && sameScalar(o.sym.type, to) ? o : c;
  }
  if (!to) return c;
  // An array, or an array parameter (a pointer to its first element that C lets the function name as an array).
  if (o.kind === "var" && o.sym.dims.length > 0 && (!o.sym.attrs.pointer || o.sym.storage === "dummy") && (sameScalar(o.sym.type, to) || complexOf(o.sym.type, to))) return o;
  if (o.kind === "addr" && o.operand.kind === "elem" && o.operand.subs.length === o.operand.sym.dims.length && (sameScalar(o.operand.sym.type, to) || complexOf(o.operand.sym.type, to))) return o;
  return c;
}

/**
 * A struct of two numbers of type `part` (NPB-C FT's dcomplex, a real and an
 * imaginary double): its array cast to `part *` is the array of its parts,
 * two per element (NPB-C FT's `vranlc(2*d1, &x0, a, (double *)tmp)`), as a
 * Fortran COMPLEX array given to a REAL dummy (call-regions.ts's pun).
 */
export function complexOf(whole: Type, part: Type): boolean {
  const m = whole.base === "derived" ? whole.members : undefined;
  return !!m && m.length === 2 && part.base === "real" && part.bytes !== undefined && m.every((x) => x.base === "real" && x.bytes === part.bytes);
}

function sameScalar(a: Type, b: Type): boolean {
  // A struct of the same name (NPB-C FT's `(dcomplex *)y` for `dcomplex y[NZ][NY][NX+1]`).
  if (a.base === "derived" && b.base === "derived") return a.typeName !== undefined && a.typeName === b.typeName;
  return (a.base === "integer" || a.base === "real") && a.base === b.base && a.bytes !== undefined && a.bytes === b.bytes;
}

function offsetElement(a: Extract<Expr, { kind: "binary" }>): Expr {
  if (a.op !== "+" && a.op !== "-") return a;
  const [p, k] = a.left.kind === "addr" ? [a.left, a.right] : a.op === "+" && a.right.kind === "addr" ? [a.right, a.left] : [null, null];
  if (!p || p.kind !== "addr" || p.operand.kind !== "elem" || p.operand.subs.length === 0) return a;
  // Only integer offsets (a pointer difference or a cast could mean something else).
  if (k.type && k.type.base !== "integer") return a;
  const el = p.operand;
  const last = el.subs[el.subs.length - 1]!;
  const c = evalInt(k);
  const moved: Expr =
    c !== undefined
      ? addConst(last, a.op === "+" ? c : -c)
      : { kind: "binary", op: a.op, left: last, right: k, span: last.span, type: last.type ?? { base: "integer", bytes: 4 } };
  return { ...p, operand: { ...el, subs: [...el.subs.slice(0, -1), moved] } };
}
