import type { Expr, SectionRef, Triplet } from "../../ir/expr.js";
import { evalInt } from "../../ir/const-eval.js";
import { sameExpr } from "../../ir/same-expr.js";
import type { Sym } from "../../ir/symbol.js";
import { INTEGER } from "../../ir/types.js";
import type { Span } from "../../source/span.js";

/**
 * Array expressions element by element (F2018 10.1.4, 10.2.1.3): an
 * elemental operation on arrays of one shape is the operation on the
 * elements in corresponding positions. `a(2:n) = b(1:n-1) + c` has rank 1;
 * the element of position p (0-based) of each section is its lower bound
 * plus p times its stride, so with k running over the left side's section
 * (k = 2, ..., n), the right side's element is `b(1 + (k - 2))`. Scalars
 * (rank 0) are the same at every position.
 *
 * What cannot be read element by element gives null, and the caller keeps
 * the statement as it is (analyses then treat a section as any element of
 * its dimensions): a transformational intrinsic with an array result
 * (MATMUL, CSHIFT, SPREAD...), a call to a user function (it may return an
 * array), a component of a derived type, an array constructor, a character
 * substring of an array, a whole array whose lower bound is not known
 * (allocatable, pointer) or not stable (`Bounds.stable`).
 */

/** One rank dimension of the iteration: its implied loop's index and the left side's triplet it runs over. */
export interface Position {
  index: Sym;
  lower: Expr;
  stride: Expr | null;
}

/** Which declared bounds may be used at the statement (stable-bounds.ts). */
export interface Bounds {
  stable(e: Expr): boolean;
}

/** Elemental intrinsics (F2018 16.9): the result at a position is the function of the arguments there. */
const ELEMENTAL = new Set(
  (
    "abs max min mod modulo sign dim sqrt exp log log10 sin cos tan asin acos atan atan2 sinh cosh tanh aint anint conjg " +
    "iabs isign idim max0 min0 max1 min1 int ifix idint nint idnint ichar iachar floor ceiling iand ior ieor not ishft ishftc " +
    "ibset ibclr ibits btest popcnt leadz trailz exponent fraction nearest spacing scale set_exponent rrspacing " +
    "real float sngl alog alog10 amod amax0 amax1 amin0 amin1 aimag dble dfloat dabs dsqrt dexp dlog dlog10 dsin dcos dtan " +
    "dasin dacos datan datan2 dsinh dcosh dtanh dmod dsign dmax1 dmin1 dint dnint ddim dprod dimag cmplx cabs csqrt cexp clog " +
    "csin ccos dcmplx dconjg cdabs cdsqrt cdexp merge lge lgt lle llt char achar len_trim index scan verify adjustl adjustr"
  ).split(" "),
);

/** Intrinsics whose result is a scalar whatever the rank of their first argument (reductions with no DIM, inquiries). */
const SCALAR_OF_ARRAY = new Set("sum product maxval minval count any all norm2 dot_product size len kind huge tiny epsilon precision digits radix range present allocated associated minexponent maxexponent".split(" "));
/** Transformational intrinsics whose result is an array even from scalars (SPREAD, RESHAPE) or of another shape. */
const ARRAY_VALUED = new Set("matmul transpose cshift eoshift spread reshape pack unpack maxloc minloc findloc shape transfer".split(" "));
/** Reductions that take an optional DIM: with a second argument, scalar only over a rank-1 array. */
const REDUCTIONS = new Set("sum product maxval minval count any all norm2".split(" "));

/** The rank of an expression, or null when it cannot be told (or is not elemental). */
export function rankOf(e: Expr): number | null {
  switch (e.kind) {
    case "int":
    case "real":
    case "logical":
    case "string":
      return 0;
    case "unknown":
      return e.type?.base === "integer" ? 0 : null;
    case "var":
      return e.sym.dims.length;
    case "elem":
    case "section": {
      if (e.kind === "section" && e.substring) return e.sym.dims.length === 0 ? 0 : null;
      let r = 0;
      for (const s of e.subs) {
        if (s.kind === "triplet") r++;
        else {
          const x = rankOf(s);
          if (x === null || x > 1) return null;
          r += x;
        }
      }
      return r;
    }
    case "unary":
    case "cast":
      return rankOf(e.operand);
    case "binary":
      return common(rankOf(e.left), rankOf(e.right));
    case "call": {
      const ranks = e.args.map(rankOf);
      if (ranks.some((r) => r === null)) return null;
      const all0 = ranks.every((r) => r === 0);
      if (e.sym?.attrs.statementFunction) return all0 ? 0 : null;
      if (!e.intrinsic) return null; // a user function may return an array
      const n = e.name.toLowerCase();
      if (ARRAY_VALUED.has(n) || ((n === "lbound" || n === "ubound") && e.args.length < 2)) return null;
      if (all0) return 0;
      if (ELEMENTAL.has(n)) return ranks.reduce<number | null>((a, b) => common(a, b), 0);
      if (n === "lbound" || n === "ubound") return e.args.length === 2 ? 0 : null;
      if (SCALAR_OF_ARRAY.has(n)) return !REDUCTIONS.has(n) || e.args.length === 1 || ranks[0] === 1 ? 0 : null;
      return null;
    }
    default:
      return null;
  }
}

function common(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  if (a === 0) return b;
  if (b === 0 || a === b) return a;
  return null;
}

/** The element of `e` at the given positions (one per rank dimension of `e`), or null. */
export function elementAt(e: Expr, pos: readonly Position[], bounds: Bounds): Expr | null {
  const r = rankOf(e);
  if (r === null || (r !== 0 && r !== pos.length)) return null;
  if (r === 0) return e;
  switch (e.kind) {
    case "var":
    case "elem":
    case "section":
      return arrayElement(e, pos, bounds);
    case "unary":
    case "cast": {
      const x = elementAt(e.operand, pos, bounds);
      return x && { ...e, operand: x };
    }
    case "binary": {
      const l = elementAt(e.left, pos, bounds);
      const rr = l && elementAt(e.right, pos, bounds);
      return l && rr && { ...e, left: l, right: rr };
    }
    case "call": {
      // Elemental (rankOf refused the rest): each array argument at the position.
      const args: Expr[] = [];
      for (const a of e.args) {
        const x = elementAt(a, pos, bounds);
        if (!x) return null;
        args.push(x);
      }
      return { ...e, args };
    }
    default:
      return null;
  }
}

/** An element of a whole array, section or array with vector subscripts. */
function arrayElement(e: Extract<Expr, { kind: "var" | "elem" | "section" }>, pos: readonly Position[], bounds: Bounds): Expr | null {
  const sym = e.sym;
  const parts: (Expr | Triplet)[] = e.kind === "var" ? sym.dims.map(() => ({ kind: "triplet", lo: null, hi: null, stride: null, span: e.span })) : e.subs;
  const subs: Expr[] = [];
  let used = 0;
  for (let d = 0; d < parts.length; d++) {
    const s = parts[d]!;
    if (s.kind === "triplet") {
      const lo = s.lo ?? declaredLower(sym, d, bounds);
      if (!lo) return null;
      subs.push(atPosition(pos[used++]!, lo, s.stride, s.span));
    } else if (rankOf(s) === 1) {
      // A vector subscript: its own element at this position.
      const x = elementAt(s, [pos[used++]!], bounds);
      if (!x) return null;
      subs.push(x);
    } else subs.push(s);
  }
  return { kind: "elem", sym, subs, span: e.span, type: sym.type, asWritten: e };
}

/** The declared lower bound of dimension d when the statement may use it. */
export function declaredLower(sym: Sym, d: number, bounds: Bounds): Expr | null {
  const dim = sym.dims[d];
  if (!dim || sym.attrs.allocatable || sym.attrs.pointer) return null;
  return bounds.stable(dim.lower) ? dim.lower : null;
}

/** The declared upper bound of dimension d when known and stable (not assumed size or deferred shape). */
export function declaredUpper(sym: Sym, d: number, bounds: Bounds): Expr | null {
  const dim = sym.dims[d];
  if (!dim || !dim.upper || sym.attrs.allocatable || sym.attrs.pointer || sym.attrs.assumedShape) return null;
  return bounds.stable(dim.upper) ? dim.upper : null;
}

/**
 * The subscript of position p of a triplet `lo:...:stride`, where p is the
 * position of the index `k` in the driving triplet: lo + p * stride with
 * p = (k - P.lower) / P.stride. Kept affine where it can be: the same
 * triplet start and stride give k itself; equal strides give
 * lo + (k - P.lower); constant strides whose ratio is an integer give
 * lo + (k - P.lower) * ratio. Otherwise the division is written out (exact,
 * since k - P.lower is a multiple of P.stride).
 */
function atPosition(p: Position, lo: Expr, stride: Expr | null, span: Span): Expr {
  const k: Expr = { kind: "var", sym: p.index, span, type: p.index.type };
  const unit = (s: Expr | null) => s === null || evalInt(s) === 1;
  const sameStride = (unit(stride) && unit(p.stride)) || (stride !== null && p.stride !== null && sameExpr(stride, p.stride));
  if (sameStride && sameExpr(lo, p.lower)) return k;
  const lk = evalInt(lo);
  const pk = evalInt(p.lower);
  // k - P.lower, folded when both starts are constants below.
  const delta: Expr = bin("-", k, p.lower, span);
  let offset: Expr;
  if (sameStride) offset = delta;
  else {
    const a = p.stride === null ? 1 : evalInt(p.stride);
    const b = stride === null ? 1 : evalInt(stride);
    if (a !== undefined && b !== undefined && a !== 0 && b % a === 0) offset = b / a === 1 ? delta : bin("*", delta, int(b / a, span), span);
    else offset = bin("*", bin("/", delta, p.stride ?? int(1, span), span), stride ?? int(1, span), span);
  }
  if (sameStride && lk !== undefined && pk !== undefined) return lk === pk ? k : bin(lk > pk ? "+" : "-", k, int(Math.abs(lk - pk), span), span);
  return bin("+", lo, offset, span);
}

function bin(op: "+" | "-" | "*" | "/", left: Expr, right: Expr, span: Span): Expr {
  return { kind: "binary", op, left, right, span, type: INTEGER };
}

function int(value: number, span: Span): Expr {
  return { kind: "int", value, span, type: INTEGER };
}

/** One dimension of the left side's iteration: the triplet its implied loop runs over. */
export interface ShapeDim {
  lower: Expr;
  upper: Expr;
  stride: Expr | null;
}

/**
 * The iteration of an array assignment's left side: a whole array (its
 * declared bounds) or a section (each triplet, omitted ends from the
 * declaration). Null when it is not an array (rank 0), has a vector
 * subscript or a zero stride, or an end is not known.
 */
export function leftShape(lhs: Expr, bounds: Bounds): ShapeDim[] | null {
  if (lhs.kind !== "var" && lhs.kind !== "section") return null;
  if (lhs.kind === "section" && lhs.substring) return null;
  const sym = lhs.sym;
  if (sym.dims.length === 0) return null;
  const parts: (Expr | Triplet)[] = lhs.kind === "var" ? sym.dims.map(() => ({ kind: "triplet", lo: null, hi: null, stride: null, span: lhs.span })) : (lhs as SectionRef).subs;
  const out: ShapeDim[] = [];
  for (let d = 0; d < parts.length; d++) {
    const s = parts[d]!;
    if (s.kind !== "triplet") {
      if (rankOf(s) !== 0) return null;
      continue;
    }
    const lower = s.lo ?? declaredLower(sym, d, bounds);
    const upper = s.hi ?? declaredUpper(sym, d, bounds);
    if (!lower || !upper || (s.stride && evalInt(s.stride) === 0)) return null;
    out.push({ lower, upper, stride: s.stride });
  }
  return out.length ? out : null;
}
