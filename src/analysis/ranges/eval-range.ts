import { castKeepsValue } from "../../ir/stored-as-is.js";
import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { IntSet } from "./int-set.js";
import { known, mergeWhy, UNKNOWN, type VarRange } from "./var-range.js";

/** What an expression's variables may hold where it is evaluated. */
export type RangeEnv = (sym: Sym) => VarRange;

/**
 * The range of an integer expression (seed 003's classic sources, issue 7
 * §4: constants, PARAMETER values, assignments of expressions over ranged
 * variables, integer division and MOD). Anything that is not an integer
 * built from integers the analysis knows (a real, an array element, a
 * call that is not a known intrinsic) may be any integer: the result is a
 * superset of every value the expression can take.
 */
export function rangeOf(e: Expr, env: RangeEnv): VarRange {
  if (e.type && ((e.type.base !== "integer" && e.type.base !== "unknown") || e.type.unsigned)) return UNKNOWN;
  switch (e.kind) {
    case "int":
      return known(IntSet.point(e.value));
    case "var": {
      const s = e.sym;
      if (s.storage === "parameter") {
        const v = evalInt(e);
        return v === undefined ? UNKNOWN : known(IntSet.point(v));
      }
      return isRangeType(s) ? env(s) : UNKNOWN;
    }
    case "cast":
      // A narrowing cast wraps (`(unsigned char)i`): its range is not the operand's.
      return e.to.base === "integer" && isIntegral(e.operand) && castKeepsValue(e) ? rangeOf(e.operand, env) : UNKNOWN;
    case "unary":
      if (e.op === "-") return lift1(rangeOf(e.operand, env), (a) => a.neg());
      if (e.op === "+") return rangeOf(e.operand, env);
      return UNKNOWN;
    case "binary":
      return binary(e.op, e.left, e.right, env);
    case "call":
      return intrinsic(e, env);
    case "cond": {
      const a = rangeOf(e.then, env);
      const b = rangeOf(e.else, env);
      return known(a.set.union(b.set), mergeWhy(a.why, b.why));
    }
    default:
      return UNKNOWN;
  }
}

/**
 * The scalars whose values the analysis follows: signed integers of at
 * least 4 bytes. C unsigned arithmetic wraps around and narrower C types
 * truncate on assignment, which interval arithmetic does not model.
 */
export function isRangeType(s: Sym): boolean {
  const t = s.type;
  return s.dims.length === 0 && t.base === "integer" && !t.unsigned && (t.bytes === undefined || t.bytes >= 4);
}

/** Whether an operand is known to be an integer (a cast of a real truncates: its range is not the operand's). */
function isIntegral(e: Expr): boolean {
  if (e.type) return e.type.base === "integer";
  return e.kind === "int" || (e.kind === "var" && e.sym.type.base === "integer");
}

function lift1(a: VarRange, f: (x: IntSet) => IntSet): VarRange {
  return a.set.isAll() ? UNKNOWN : known(f(a.set), a.why);
}

function lift2(a: VarRange, b: VarRange, f: (x: IntSet, y: IntSet) => IntSet): VarRange {
  return known(f(a.set, b.set), mergeWhy(a.why, b.why));
}

function binary(op: string, l: Expr, r: Expr, env: RangeEnv): VarRange {
  if (!isIntegral(l) && l.type) return UNKNOWN;
  if (!isIntegral(r) && r.type) return UNKNOWN;
  const a = rangeOf(l, env);
  const b = rangeOf(r, env);
  switch (op) {
    case "+":
      return lift2(a, b, (x, y) => x.add(y));
    case "-":
      return lift2(a, b, (x, y) => x.sub(y));
    case "*":
      return lift2(a, b, (x, y) => x.mul(y));
    case "/":
      return lift2(a, b, (x, y) => x.div(y));
    case "%":
      return lift2(a, b, (x, y) => x.mod(y));
    case "**": {
      const k = b.set.constant;
      if (k === undefined || k < 0 || k > 4) return UNKNOWN;
      let p = IntSet.point(1);
      for (let i = 0; i < k; i++) p = p.mul(a.set);
      // Even powers are never negative (the product of intervals does not know x·x ≥ 0).
      if (k % 2 === 0) p = p.intersect(IntSet.atLeast(0));
      return known(p, a.why);
    }
    default:
      return UNKNOWN;
  }
}

/** Integer intrinsics of Fortran (and C's abs): MOD, MODULO, MIN, MAX, ABS, and INT of an integer. */
function intrinsic(e: Extract<Expr, { kind: "call" }>, env: RangeEnv): VarRange {
  if (!e.intrinsic) return UNKNOWN;
  const name = e.name.toLowerCase();
  if (!e.args.every(isIntegral)) return UNKNOWN;
  const args = e.args.map((a) => rangeOf(a, env));
  const why = args.reduce<readonly number[]>((w, a) => mergeWhy(w, a.why), []);
  switch (name) {
    case "mod":
      return args.length === 2 ? known(args[0]!.set.mod(args[1]!.set), why) : UNKNOWN;
    case "modulo": {
      // MODULO takes the sign of the divisor: [0, p-1] for p > 0, [p+1, 0] for p < 0.
      if (args.length !== 2) return UNKNOWN;
      const p = args[1]!.set;
      if (p.min > 0 && Number.isFinite(p.max)) return known(IntSet.range(0, p.max - 1), why);
      if (p.max < 0 && Number.isFinite(p.min)) return known(IntSet.range(p.min + 1, 0), why);
      return UNKNOWN;
    }
    case "min":
    case "min0":
      return args.length ? known(args.map((a) => a.set).reduce((x, y) => x.min2(y)), why) : UNKNOWN;
    case "max":
    case "max0":
      return args.length ? known(args.map((a) => a.set).reduce((x, y) => x.max2(y)), why) : UNKNOWN;
    case "abs":
    case "iabs":
      return args.length === 1 ? known(args[0]!.set.abs(), why) : UNKNOWN;
    case "int":
      return args.length === 1 ? args[0]! : UNKNOWN;
    default:
      return UNKNOWN;
  }
}
