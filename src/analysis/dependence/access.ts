import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { exprText } from "../../ir/expr-text.js";
import { stmtExprs, walkExpr } from "../../ir/walk.js";
import { isAffinePoly, polyAdd, polyConst, polySub, polyVars, PolyOverflow, type Poly } from "../symbolic/polynomial.js";
import type { Fit } from "../regions/call-regions.js";
import type { ArrayRef, Guard } from "./references.js";
import type { LoopModel, ValueAnalyzer } from "./values.js";

/**
 * A reference with its subscripts as polynomials over atoms (seed 004
 * §1.2, the subscripts of the dependence equation; seed 000 §3.3 for the
 * polynomial ones), the models of its loops, and what its guards say
 * (affine constraints p ≥ 0 that hold whenever it executes).
 */
export interface AccessForm {
  ref: ArrayRef;
  /** Models of ref.loops, outermost first. */
  models: LoopModel[];
  /** Per declared dimension (null: unknown); null: any element. */
  dims: (Poly | null)[] | null;
  /** Why some subscript is unknown. */
  why?: string;
  /** Constraints p ≥ 0 known to hold when the reference executes. */
  guards: Poly[];
  /**
   * Constraints p ≥ 0 its subscripts rely on, over values fixed in the
   * whole nest (ArrayRef.fits): every pair it is in assumes them, and a
   * loop they decide runs in parallel under a run-time check of them.
   */
  fits?: Poly[];
}

export function accessForm(ref: ArrayRef, va: ValueAnalyzer, proved?: (f: Fit, at: Stmt) => boolean): AccessForm {
  const models = ref.loops.map((l) => va.model(l));
  const guards = ref.guards.flatMap((g) => guardConstraints(g, va));
  if (!ref.subs) return { ref, models, dims: null, why: ref.why ?? "any element", guards };
  const sideEffects = cSideEffectTargets(ref);
  let why = ref.why;
  const dims = ref.subs.map((s) => {
    if (!s) return null;
    if (mentions(s, sideEffects)) {
      why = "the statement changes a variable of the subscript";
      return null;
    }
    const p = va.exprValue(s, ref.stmt);
    if (!p) why ??= `subscript ${describe(s, ref)} is not a polynomial in loop indices and invariants`;
    return p ?? null;
  });
  const form: AccessForm = { ref, models, dims, guards };
  if (why) form.why = why;
  if (!ref.fits) return form;
  // Those the value ranges prove where the call runs are no assumption (fit-proof.ts).
  const open = proved ? ref.fits.filter((f) => !proved(f, ref.stmt)) : ref.fits;
  return open.length ? fitted(form, open, va) : form;
}

/**
 * A call's access placed in its array while comparisons hold (ArrayRef.fits):
 * with them as constraints `hi - lo >= 0`, affine in values fixed in the
 * whole nest, so that they can be checked before any loop of it; else any
 * element (as without the placement).
 */
function fitted(form: AccessForm, fits: readonly Fit[], va: ValueAnalyzer): AccessForm {
  const out: Poly[] = [];
  // exprValue gives an invariant expression it cannot follow (`m = (int)a[0][2] + 190`) an atom of its own.
  const value = (e: Expr): Poly | null => va.exprValue(e, form.ref.stmt) ?? null;
  for (const f of fits) {
    const lo = value(f.lo);
    const hi = lo && value(f.hi);
    let p: Poly | null = null;
    try {
      p = lo && hi ? polySub(hi, lo) : null;
    } catch (e) {
      if (!(e instanceof PolyOverflow)) throw e;
    }
    if (!p || !isAffinePoly(p) || !polyVars(p).every((v) => va.isInvariant(v))) {
      const what = "as long as it fits in the dimension where the argument starts, which is not known (nor checkable before the loop)";
      return { ...form, dims: null, why: `${form.ref.why ?? `${form.ref.call ?? "a call"} touches it`} ${what}` };
    }
    out.push(p);
  }
  return { ...form, fits: out };
}

/** The subscript as written, shortened (an empty name read "subscript  is not ..."). */
function describe(e: Expr, ref: ArrayRef): string {
  if (e.kind === "elem") return `${e.sym.name}(...)`;
  if (e.kind === "call") return `${e.name}(...)`;
  const text = exprText(e, ref.sym.layout === "row-major" ? "c" : "fortran");
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Variables a C expression statement assigns as a side effect (a[i++] = ...). */
function cSideEffectTargets(ref: ArrayRef): Set<Sym> {
  const out = new Set<Sym>();
  for (const e of stmtExprs(ref.stmt)) {
    walkExpr(e, (x) => {
      if (x.kind === "assign-expr" && x.target.kind === "var") out.add(x.target.sym);
    });
  }
  return out;
}

function mentions(e: Expr, syms: Set<Sym>): boolean {
  if (syms.size === 0) return false;
  let hit = false;
  walkExpr(e, (x) => {
    if (x.kind === "var" && syms.has(x.sym)) hit = true;
  });
  return hit;
}

/**
 * Affine constraints p ≥ 0 implied by a guard. Only what can be read
 * exactly is kept: a conjunction of comparisons on the THEN side, a
 * disjunction (negated) on the ELSE side; anything else gives nothing,
 * which is sound (fewer facts, never wrong ones).
 */
export function guardConstraints(g: Guard, va: ValueAnalyzer): Poly[] {
  return constraints(g.cond, g.positive, g, va);
}

function constraints(c: Expr, positive: boolean, g: Guard, va: ValueAnalyzer): Poly[] {
  if (c.kind === "unary" && c.op === "not") return constraints(c.operand, !positive, g, va);
  if (c.kind !== "binary") return [];
  if ((c.op === "and" && positive) || (c.op === "or" && !positive)) {
    return [...constraints(c.left, positive, g, va), ...constraints(c.right, positive, g, va)];
  }
  const ops = ["<", "<=", ">", ">=", "==", "!="];
  if (!ops.includes(c.op)) return [];
  const l = va.exprValue(c.left, g.at);
  const r = l && va.exprValue(c.right, g.at);
  if (!l || !r) return [];
  try {
    const d = polySub(l, r); // l - r
    if (!isAffinePoly(d)) return [];
    const neg = polySub(polyConst(0), d); // r - l
    const op = positive ? c.op : negate(c.op);
    switch (op) {
      case "<":
        return [polyAdd(neg, polyConst(-1))];
      case "<=":
        return [neg];
      case ">":
        return [polyAdd(d, polyConst(-1))];
      case ">=":
        return [d];
      case "==":
        return [d, neg];
      default:
        return [];
    }
  } catch (e) {
    if (e instanceof PolyOverflow) return [];
    throw e;
  }
}

function negate(op: string): string {
  return ({ "<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "==" } as Record<string, string>)[op]!;
}
