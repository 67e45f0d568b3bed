import { exprEquals } from "../../ir/expr-equals.js";
import type { BinaryOp, Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import { storedAsIs } from "../../ir/stored-as-is.js";
import { valueType } from "../../ir/value-type.js";
import type { Cfg, CfgLoop } from "../cfg/cfg.js";
import type { VarId } from "../refs/vars.js";

/** The associative, commutative operator of a reduction. */
export type ReductionOp = "+" | "*" | "max" | "min" | "and" | "or" | "eqv" | "neqv" | "bitand" | "bitor" | "bitxor";

const MAX = new Set(["max", "max0", "amax1", "dmax1", "amax0", "max1"]);
const MIN = new Set(["min", "min0", "amin1", "dmin1", "amin0", "min1"]);
const CHAIN: Partial<Record<BinaryOp, ReductionOp>> = { "*": "*", and: "and", or: "or", eqv: "eqv", neqv: "neqv", bitand: "bitand", bitor: "bitor", bitxor: "bitxor" };

/**
 * Whether a carried scalar is a reduction candidate in a loop: every
 * reference to it inside the loop (nested loops included) is in an
 * update `s = s op e` or `s = e op s` (C: `s op= e`) with one associative
 * operator throughout, s occurring once on the right and not in e, and
 * nothing else reads or writes it. Updates may sit under IF (seed 004
 * §1.2's conditional sum). Subtraction counts as addition of the negated
 * term when s keeps a plus sign. The parallelization decides what to do
 * with a candidate; this only recognizes the shape.
 */
export function reductionOp(cfg: Cfg, l: CfgLoop, v: VarId): ReductionOp | null {
  const stmts = new Set<Stmt>();
  let refs = 0;
  for (const b of l.blocks) {
    for (const id of cfg.blocks[b]!.refs) {
      const r = cfg.refs.refs[id]!;
      if (r.var !== v) continue;
      if (r.origin !== "explicit" || !r.stmt) return null;
      stmts.add(r.stmt);
      refs++;
    }
  }
  let op: ReductionOp | null = null;
  let expected = 0;
  const c = cfg.proc.language === "c";
  for (const s of stmts) {
    const o = updateOp(cfg, s, v, c) ?? conditionalUpdate(cfg, s, v);
    if (!o || (op && o !== op)) return null;
    op = o;
    expected += conditionalUpdate(cfg, s, v) ? 3 : 2;
  }
  // Every reference must belong to an update: one definition and one use per update (two for `?:`).
  return refs === expected ? op : null;
}

/**
 * `m = (x > m) ? x : m` (and its mirrors: `<`, `>=`, `<=`, m on either side
 * of the comparison, the branches the other way round): a max or min
 * reduction written with C's conditional operator (issue 14 §6), x free of m.
 */
function conditionalUpdate(cfg: Cfg, s: Stmt, v: VarId): ReductionOp | null {
  const isV = (e: Expr) => e.kind === "var" && cfg.vars.lookup(e.sym) === v;
  if (s.kind !== "assign" || !isV(s.lhs) || s.rhs.kind !== "cond") return null;
  const { cond, then, else: other } = s.rhs;
  if (cond.kind !== "binary" || !["<", "<=", ">", ">="].includes(cond.op)) return null;
  // x OP m, with x the branch that is not m.
  const x = isV(other) ? then : isV(then) ? other : null;
  if (!x || mentions(x, isV)) return null;
  // The comparison and the store in m's own type (conditional-minmax.ts's rule): `mx = u[i] > mx ? u[i] : mx`
  // with an unsigned u and an int mx compares as unsigned, and OpenMP's max(int) does not.
  const m = s.lhs.kind === "var" ? s.lhs.sym : null;
  if (!m || !storedAsIs(x.type, m.type) || !storedAsIs(s.rhs.type, m.type)) return null;
  const [l, r] = [cond.left, cond.right];
  let greater: boolean;
  if (isV(r) && exprEquals(l, x)) greater = cond.op === ">" || cond.op === ">=";
  else if (isV(l) && exprEquals(r, x)) greater = cond.op === "<" || cond.op === "<=";
  else return null;
  // x taken when x > m: max; when x < m: min.
  const takesX = isV(other);
  return greater === takesX ? "max" : "min";
}

function updateOp(cfg: Cfg, s: Stmt, v: VarId, c: boolean): ReductionOp | null {
  const isV = (e: Expr) => e.kind === "var" && cfg.vars.lookup(e.sym) === v;
  if (s.kind === "assign") {
    if (!isV(s.lhs)) return null;
    const o = rhsOp(s.rhs, isV, c);
    return o && truncates(o, s.lhs, s.rhs) ? null : o;
  }
  if (s.kind === "expr" && s.expr.kind === "assign-expr" && isV(s.expr.target) && s.expr.value && !mentions(s.expr.value, isV)) {
    const o = ({ "+=": "+", "-=": "+", "*=": "*", "&=": "bitand", "|=": "bitor", "^=": "bitxor" } as const)[s.expr.op as "+="];
    return o && truncates(o, s.expr.target, s.expr.value) ? null : o ?? null;
  }
  return null;
}

/**
 * An integer s updated by a floating-point sum or product (`s += d[i]` in
 * C, `s = s + a(i)` with a real a in Fortran) is truncated at every step:
 * `(int)(s + x)` rounds toward zero, which depends on the sign of the
 * running sum, so the partial sums of threads combine to another value
 * (found by fuzzing: -550002 for -400002). Integer wrap-around in a
 * narrower type is modular and combines exactly; max and min commute
 * with the truncation.
 */
function truncates(op: ReductionOp, target: Expr, value: Expr): boolean {
  if (op !== "+" && op !== "*") return false;
  const t = target.type ?? (target.kind === "var" ? target.sym.type : undefined);
  if (!t || (t.base !== "integer" && t.base !== "logical")) return false;
  // Any floating operand makes the sum floating (C's `s += e` is lowered to `s = s + e` typed as s).
  let floating = false;
  walkExprTypes(value, (x) => {
    const t = valueType(x);
    if (t?.base === "real" || t?.base === "complex") floating = true;
  });
  return floating;
}

function walkExprTypes(e: Expr, f: (x: Expr) => void): void {
  f(e);
  if (e.kind === "binary") {
    walkExprTypes(e.left, f);
    walkExprTypes(e.right, f);
  } else if (e.kind === "unary") walkExprTypes(e.operand, f);
}

/**
 * The operator by which the right-hand side combines s (occurring exactly once, as a direct operand) with the rest.
 * `c`: C, whose && and || skip their right operand once the left one decides: `s = s || e` evaluates e only
 * while s is false, and a thread's private s starts false, so e would run where the serial loop skips it.
 */
function rhsOp(rhs: Expr, isV: (e: Expr) => boolean, c: boolean): ReductionOp | null {
  // Sums: s must be a term with a plus sign.
  if (rhs.kind === "binary" && (rhs.op === "+" || rhs.op === "-")) {
    const terms: { e: Expr; plus: boolean }[] = [];
    flattenSum(rhs, true, terms);
    const mine = terms.filter((t) => isV(t.e));
    if (mine.length !== 1 || !mine[0]!.plus) return null;
    return terms.every((t) => isV(t.e) || !mentions(t.e, isV)) ? "+" : null;
  }
  if (rhs.kind === "binary" && CHAIN[rhs.op]) {
    const op = rhs.op;
    const parts: Expr[] = [];
    const flat = (e: Expr): void => {
      if (e.kind === "binary" && e.op === op) {
        flat(e.left);
        flat(e.right);
      } else parts.push(e);
    };
    flat(rhs);
    const mine = parts.filter(isV);
    if (c && (op === "and" || op === "or") && !parts.slice(parts.findIndex(isV) + 1).every(speculable)) return null;
    return mine.length === 1 && parts.every((p) => isV(p) || !mentions(p, isV)) ? CHAIN[op]! : null;
  }
  if (rhs.kind === "call" && rhs.intrinsic) {
    const name = rhs.name.toLowerCase();
    const op = MAX.has(name) ? "max" : MIN.has(name) ? "min" : null;
    if (!op) return null;
    const parts: Expr[] = [];
    const same = op === "max" ? MAX : MIN;
    const flat = (e: Expr): void => {
      if (e.kind === "call" && e.intrinsic && same.has(e.name.toLowerCase())) e.args.forEach(flat);
      else parts.push(e);
    };
    flat(rhs);
    const mine = parts.filter(isV);
    return mine.length === 1 && parts.every((p) => isV(p) || !mentions(p, isV)) ? op : null;
  }
  return null;
}

function flattenSum(e: Expr, plus: boolean, out: { e: Expr; plus: boolean }[]): void {
  if (e.kind === "binary" && (e.op === "+" || e.op === "-")) {
    flattenSum(e.left, plus, out);
    flattenSum(e.right, e.op === "+" ? plus : !plus, out);
  } else if (e.kind === "unary" && (e.op === "-" || e.op === "+")) {
    flattenSum(e.operand, e.op === "+" ? plus : !plus, out);
  } else out.push({ e, plus });
}

function mentions(e: Expr, isV: (e: Expr) => boolean): boolean {
  if (isV(e)) return true;
  switch (e.kind) {
    case "elem":
      return e.subs.some((x) => mentions(x, isV));
    case "section":
      return e.subs.some((x) => (x.kind === "triplet" ? [x.lo, x.hi, x.stride].some((y) => y && mentions(y, isV)) : mentions(x, isV)));
    case "call":
      return e.args.some((x) => mentions(x, isV));
    case "unary":
    case "cast":
    case "addr":
    case "deref":
      return mentions(e.operand, isV);
    case "binary":
      return mentions(e.left, isV) || mentions(e.right, isV);
    case "cond":
      return mentions(e.cond, isV) || mentions(e.then, isV) || mentions(e.else, isV);
    case "member":
      return mentions(e.base, isV);
    default:
      return false;
  }
}

/**
 * Whether evaluating `e` where the serial program would not can change
 * nothing and cannot fail: no assignment or increment, no call but a pure
 * intrinsic, no access through a pointer (it may be null where the
 * program's own test skips it), no division (by a zero the test guards).
 */
function speculable(e: Expr): boolean {
  switch (e.kind) {
    case "int":
    case "real":
    case "logical":
    case "string":
      return true;
    case "var":
      return !e.sym.attrs.pointer;
    case "elem":
      return e.sym.dims.length > 0 && !e.sym.attrs.pointer && e.sym.type.base !== "pointer" && e.subs.every(speculable);
    case "unary":
    case "cast":
      return speculable(e.operand);
    case "binary":
      return e.op !== "/" && e.op !== "%" && speculable(e.left) && speculable(e.right);
    case "cond":
      return speculable(e.cond) && speculable(e.then) && speculable(e.else);
    case "call":
      return !!e.intrinsic && !!e.pure && e.args.every(speculable);
    default:
      return false;
  }
}
