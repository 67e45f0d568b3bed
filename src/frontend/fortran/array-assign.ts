import type { Expr } from "../../ir/expr.js";
import { evalInt } from "../../ir/const-eval.js";
import { sameExpr } from "../../ir/same-expr.js";
import type { ImpliedLoopKind, Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { INTEGER, LOGICAL } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import type { Span } from "../../source/span.js";
import { elementAt, leftShape, type Bounds, type Position } from "./array-shape.js";
import { sameStorage } from "./construct-reads.js";
import { isStableBound } from "./stable-bounds.js";
import type { UnitContext } from "./unit-context.js";

/**
 * Array assignments as implied loops, so that every analysis sees the
 * elements they read and write as it sees a DO loop's (issue 17 §3).
 *
 * `a(2:n) = b(1:n-1) + c` becomes `do k = 2, n: a(k) = b(k - 1) + c` (the
 * loop is `Loop.implied`: never a directive, never listed). The standard
 * evaluates the whole right side before any element is stored (F2018
 * 10.2.1.3), which one loop models exactly only when no element the loop
 * stores is read at another position: `a(2:n) = a(1:n-1)` reads a(1..n-1)
 * before any store, while `do k: a(k) = a(k-1)` would read stored values.
 * When the right side (or a subscript, or the mask) may read the stored
 * array other than at the element being stored, the statement becomes two
 * loops: the first reads everything the right side reads (an expression
 * statement), the second stores an unknown value: the reads all come
 * before the stores, as in the standard. Nothing reads less than the
 * program does, so no dependence and no exposed use is lost.
 *
 * The same lowering serves WHERE (a mask guards each element, F2018
 * 10.2.3) and FORALL (its indices are loops around, F2018 10.2.4); their
 * modules pass the loops and conditions in an `Iteration`.
 */

/** Loops and conditions around an assignment: FORALL indices and mask, the WHERE mask. */
export interface Iteration {
  /** Outermost first. */
  loops: IterationLoop[];
  /** A scalar condition over the loops' indices (a FORALL mask), or null. */
  guard: Expr | null;
  /** The WHERE mask in effect, or null. */
  where: WhereMask | null;
  /** What the loops made for the assignment's own shape stand for. */
  kind: ImpliedLoopKind;
}

export interface IterationLoop {
  index: Sym;
  lower: Expr;
  upper: Expr;
  step: Expr | null;
  kind: ImpliedLoopKind;
}

/**
 * A WHERE mask: the array-valued expression itself (read element by
 * element where it guards), or, when the construct may change what the
 * mask reads, a condition standing for its value as evaluated once at the
 * WHERE (where-construct.ts reads it there).
 */
export type WhereMask = { kind: "mask"; expr: Expr } | { kind: "evaluated"; cond: Expr };

/**
 * The statements for `lhs = rhs` inside `it` (or alone), or null for an
 * assignment that is not an array assignment, or one alone that cannot be
 * read element by element (it stays an assignment of sections).
 */
export function lowerAssignment(lhs: Expr, rhs: Expr, it: Iteration | null, span: Span, u: UnitContext): Stmt[] | null {
  const bounds: Bounds = { stable: (e) => isStableBound(e, u) };
  const shape = leftShape(lhs, bounds);
  let target = lhs;
  let value = rhs;
  let maskCond: Expr | null = null;
  const before: Stmt[] = [];
  const loops: IterationLoop[] = [...(it?.loops ?? [])];
  let elementwise = false;
  if (shape) {
    const kind = it?.kind ?? "array assignment";
    const made = shape.map((d, r): IterationLoop => ({ index: impliedIndex(u, r, span), lower: d.lower, upper: d.upper, step: d.stride, kind }));
    const pos: Position[] = made.map((l) => ({ index: l.index, lower: l.lower, stride: l.step }));
    const t = elementAt(lhs, pos, bounds);
    const v = t && elementAt(rhs, pos, bounds);
    const m = v && it?.where?.kind === "mask" ? elementAt(it.where.expr, pos, bounds) : null;
    if (t && v && (it?.where?.kind !== "mask" || m)) {
      elementwise = true;
      target = t;
      value = v;
      maskCond = m;
      // Dimension 1 innermost, as a Fortran programmer nests them.
      loops.push(...made.reverse());
    }
  }
  // Alone, an assignment not read element by element stays as it is (analyses see its sections whole).
  if (!elementwise && !it) return null;
  if (it?.where) {
    if (it.where.kind === "evaluated") maskCond = it.where.cond;
    else if (!maskCond) {
      // Conservative: a mask not read element by element is read whole, before the assignment.
      before.push({ kind: "expr", expr: it.where.expr, span });
      maskCond = unknownCondition(`the WHERE mask`, span);
    }
  }
  const guard = and(it?.guard ?? null, maskCond, span);
  const subscripts = target.kind === "elem" ? target.subs : target.kind === "section" ? target.subs.flatMap((s) => (s.kind === "triplet" ? [s.lo, s.hi, s.stride].filter((x): x is Expr => x !== null) : [s])) : [];
  const reads = [value, ...subscripts, ...(guard ? [guard] : [])];
  if (loops.length === 0) return [...before, ...guarded(guard, [{ kind: "assign", lhs: target, rhs: value, span }], span)];
  if (!readsTarget(target, reads)) return [...before, nest(loops, guarded(guard, [{ kind: "assign", lhs: target, rhs: value, span }], span), span, u)];
  // Two passes: every read first, then every store (F2018 10.2.1.3, 10.2.4.2.3).
  // Subscripts that read no array have the same value in both passes (the passes store only array elements).
  const readAll: Stmt[] = [value, ...subscripts.filter(readsArray)].map((e) => ({ kind: "expr", expr: e, span }));
  const stored: Expr = { kind: "unknown", text: "the right side, evaluated before any element is stored", span };
  if (target.type) stored.type = target.type;
  return [...before, nest(loops, guarded(guard, readAll, span), span, u), nest(loops, guarded(guard, [{ kind: "assign", lhs: target, rhs: stored, span }], span), span, u)];
}

/** The index of the implied loop for rank dimension `r`: one per depth, shared by the unit's statements. */
export function impliedIndex(u: UnitContext, r: number, span: Span): Sym {
  const pool = (u.impliedIndices ??= []);
  while (pool.length <= r) {
    const name = `%${pool.length + 1}`;
    const sym: Sym = { id: u.ctx.ids.fresh(), name, type: INTEGER, dims: [], layout: "column-major", storage: "local", attrs: { constructEntity: true }, span };
    // Under a key no Fortran name can have: it never hides a variable of the unit.
    u.scope.syms.set(name, sym);
    pool.push(sym);
  }
  return pool[r]!;
}

/** `loops` around `body`, outermost first. */
export function nest(loops: readonly IterationLoop[], body: Stmt[], span: Span, u: UnitContext): Stmt {
  let inner = body;
  for (let i = loops.length - 1; i >= 0; i--) {
    const l = loops[i]!;
    const loop: Loop = { kind: "loop", id: 0, form: "do", index: l.index, lower: l.lower, upper: l.upper, step: l.step, cond: null, body: inner, candidate: true, span, endSpan: span, implied: l.kind };
    inner = [loop];
  }
  // Ids outermost first (nothing relies on their order; they are unique in the program).
  const top = inner[0]!;
  const number = (s: Stmt) => {
    if (s.kind !== "loop") return;
    s.id = u.ctx.nextLoopId();
    s.body.forEach(number);
  };
  number(top);
  return top;
}

export function guarded(cond: Expr | null, body: Stmt[], span: Span): Stmt[] {
  return cond ? [{ kind: "if", cond, then: body, else: [], span }] : body;
}

export function and(a: Expr | null, b: Expr | null, span: Span): Expr | null {
  if (!a) return b;
  if (!b) return a;
  return { kind: "binary", op: "and", left: a, right: b, span, type: LOGICAL };
}

/** A condition whose value was computed earlier (a mask evaluated once): it reads nothing here. */
export function unknownCondition(what: string, span: Span): Expr {
  return { kind: "unknown", text: what, span, type: LOGICAL };
}

/**
 * Whether the expressions may read what `target` stores other than the
 * element being stored: the same array elsewhere, storage that may be the
 * same (EQUIVALENCE, POINTER and TARGET, one COMMON block), or anything a
 * user function or statement function reads (Conservative).
 */
/** Two elements of one array that differ in a dimension where both subscripts are different constants: `a(k, 1)`, `a(k, 2)`. */
function apart(x: Extract<Expr, { kind: "elem" }>, y: Extract<Expr, { kind: "elem" }>): boolean {
  if (x.sym !== y.sym || x.subs.length !== y.subs.length) return false;
  return x.subs.some((s, d) => {
    const a = evalInt(s);
    const b = evalInt(y.subs[d]!);
    return a !== undefined && b !== undefined && a !== b;
  });
}

function readsArray(e: Expr): boolean {
  let yes = false;
  walkExpr(e, (x) => void ((x.kind === "elem" || x.kind === "section" || x.kind === "call" || (x.kind === "var" && x.sym.dims.length > 0)) && (yes = true)));
  return yes;
}

function readsTarget(target: Expr, reads: readonly Expr[]): boolean {
  if (target.kind !== "elem" && target.kind !== "section" && target.kind !== "var") return true;
  const t = target.sym;
  let yes = false;
  for (const e of reads)
    walkExpr(e, (x) => {
      if (yes) return;
      if ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && sameStorage(x.sym, t)) {
        if (!(x.kind === "elem" && target.kind === "elem" && (sameExpr(x, target) || apart(x, target)))) yes = true;
      } else if (x.kind === "call" && !(x.intrinsic && x.pure)) yes = true;
      else if (x.kind === "member" || x.kind === "deref" || x.kind === "assign-expr") yes = true;
    });
  return yes;
}
