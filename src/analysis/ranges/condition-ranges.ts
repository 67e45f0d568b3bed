import type { BinaryOp, Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { affineOf, sub, type Affine } from "../symbolic/affine.js";
import { rangeOf, type RangeEnv } from "./eval-range.js";
import { IntSet } from "./int-set.js";
import { mergeWhy, type VarRange } from "./var-range.js";

/** Per symbol, a set its value must lie in; a symbol not listed is not constrained. */
export type Constraints = Map<Sym, VarRange>;

/**
 * What a branch condition says about the integer variables on the side
 * where it is `truth` (seed 003 §4: "at a branch, the range facts that
 * reach it and the condition are combined with 'and'"; issue 7 §4: `if
 * (n > 0)` guards). A comparison of affine forms d = l - r is solved for
 * each variable V with coefficient c: c·V ∈ S ⊖ range(d - c·V), where S is
 * the set the comparison allows (d < 0, d = 0, ...). The false side uses
 * the negated comparison, never the complement of a derived set (which is
 * an over-approximation, so its complement would not be).
 *
 * Returns null when no value satisfies the condition: the side cannot be
 * taken with the ranges in `env`. Anything not understood (logical
 * variables, reals, calls) constrains nothing.
 */
export function conditionConstraints(cond: Expr, truth: boolean, env: RangeEnv): Constraints | null {
  switch (cond.kind) {
    case "logical":
      return cond.value === truth ? new Map() : null;
    case "unary":
      return cond.op === "not" ? conditionConstraints(cond.operand, !truth, env) : integerTest(cond, truth, env);
    case "binary": {
      const op = cond.op;
      if (op === "and" || op === "or") {
        const l = conditionConstraints(cond.left, truth, env);
        const r = conditionConstraints(cond.right, truth, env);
        return (op === "and") === truth ? both(l, r) : either(l, r);
      }
      if (isComparison(op)) return compare(cond.left, truth ? op : negate(op), cond.right, env);
      return integerTest(cond, truth, env);
    }
    default:
      return integerTest(cond, truth, env);
  }
}

/** A C condition that is an integer: true when it is not zero. */
function integerTest(e: Expr, truth: boolean, env: RangeEnv): Constraints | null {
  if (e.type?.base !== "integer" && !(e.kind === "var" && e.sym.type.base === "integer")) return new Map();
  const zero: Expr = { kind: "int", value: 0, span: e.span };
  return compare(e, truth ? "!=" : "==", zero, env);
}

type Cmp = "<" | "<=" | ">" | ">=" | "==" | "!=";

function isComparison(op: BinaryOp): op is Cmp {
  return op === "<" || op === "<=" || op === ">" || op === ">=" || op === "==" || op === "!=";
}

function negate(op: Cmp): Cmp {
  return ({ "<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "==" } as const)[op];
}

/** The values d = l - r may take for `l op r` to hold. */
function allowed(op: Cmp): IntSet {
  switch (op) {
    case "<":
      return IntSet.atMost(-1);
    case "<=":
      return IntSet.atMost(0);
    case ">":
      return IntSet.atLeast(1);
    case ">=":
      return IntSet.atLeast(0);
    case "==":
      return IntSet.point(0);
    case "!=":
      return IntSet.point(0).complement();
  }
}

function compare(l: Expr, op: Cmp, r: Expr, env: RangeEnv): Constraints | null {
  const S = allowed(op);
  const la = affineOf(l);
  const ra = la && affineOf(r);
  const d = la && ra ? sub(la, ra) : undefined;
  if (!d) {
    // Not affine: only a test of feasibility from the two ranges.
    const lr = rangeOf(l, env);
    const rr = rangeOf(r, env);
    if (lr.set.isAll() || rr.set.isAll()) return new Map();
    return lr.set.sub(rr.set).intersect(S).isEmpty() ? null : new Map();
  }
  return solveAffine(d, S, env);
}

/**
 * Constraints on each variable of `d` for d ∈ S, using the ranges of the
 * other variables (Seed 003 §3 solves A_lb ≤ C0·V + C1 ≤ A_ub the same way).
 * Null when d cannot lie in S at all.
 */
export function solveAffine(d: Affine, S: IntSet, env: RangeEnv): Constraints | null {
  const ranges = d.terms.map((t) => env(t.sym));
  let total: VarRange = { set: IntSet.point(d.c), why: [] };
  const parts: VarRange[] = d.terms.map((t, k) => ({ set: ranges[k]!.set.scale(t.coeff), why: ranges[k]!.why }));
  for (const p of parts) total = { set: total.set.add(p.set), why: mergeWhy(total.why, p.why) };
  if (total.set.intersect(S).isEmpty()) return null;
  const out: Constraints = new Map();
  d.terms.forEach((t, k) => {
    let rest: VarRange = { set: IntSet.point(d.c), why: [] };
    parts.forEach((p, j) => {
      if (j !== k) rest = { set: rest.set.add(p.set), why: mergeWhy(rest.why, p.why) };
    });
    const set = S.sub(rest.set).solveScale(t.coeff);
    if (!set.isAll()) out.set(t.sym, { set, why: rest.why });
  });
  return out;
}

/** Both conditions hold: intersect the constraints of each symbol. */
export function both(a: Constraints | null, b: Constraints | null): Constraints | null {
  if (!a || !b) return null;
  const out: Constraints = new Map(a);
  for (const [s, r] of b) {
    const prev = out.get(s);
    const set = prev ? prev.set.intersect(r.set) : r.set;
    if (set.isEmpty()) return null;
    out.set(s, { set, why: prev ? mergeWhy(prev.why, r.why) : r.why });
  }
  return out;
}

/** One of two conditions holds: a symbol is constrained only if both constrain it (by the union). */
export function either(a: Constraints | null, b: Constraints | null): Constraints | null {
  if (!a) return b;
  if (!b) return a;
  const out: Constraints = new Map();
  for (const [s, r] of a) {
    const o = b.get(s);
    if (!o) continue;
    const set = r.set.union(o.set);
    if (!set.isAll()) out.set(s, { set, why: mergeWhy(r.why, o.why) });
  }
  return out;
}
