import type { Expr } from "../../ir/expr.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import { narrowInteger, storedAsIs } from "../../ir/stored-as-is.js";
import {
  constantOf,
  polyAdd,
  polyConst,
  polyDivide,
  polyEquals,
  polyMul,
  polyScale,
  polySub,
  polySubstitute,
  polyVar,
  polyVars,
  PolyOverflow,
  type Poly,
} from "../symbolic/polynomial.js";
import { extremeOver, ratConstant } from "./ranges.js";
import type { ValueAnalyzer } from "./values.js";

/**
 * Closed forms of induction variables: a fact about the program, computed
 * here for the subscript analysis (the substitution itself is a transform of
 * the parallelization issue, seed 004 §2.1).
 *
 * A scalar v is an induction variable of loop L when every statement of L's
 * body that may modify v is, at the top level of the body,
 *   - an increment v = v + e (also v = e + v, v = v - e, C's v += e, v++),
 *     unconditional, or
 *   - an inner loop in which v is (recursively) an induction variable and
 *     whose trip count is an exact polynomial, provably ≥ 0,
 * and L has no jump, EXIT or CYCLE that could skip part of an iteration.
 * Seed 004 §2.1 asks for exactly this: no definition under a condition, one
 * that dominates the loop exit. The per-iteration effect E(τ) may depend on
 * the iteration τ linearly (e.g. v = v + i, or an inner triangular loop), so
 *
 *   v at the start of iteration t = v_entry + Σ_{τ<t} E(τ)
 *                                 = v_entry + α·t + β·t(t-1)/2,  E(τ) = α + β·τ,
 *
 * which is how OLDA's mrsij (seed 000 §3.3, Fig. 5) becomes
 * mrsij0 + mi(mi-1)/2 + mj. Anything else is not an induction variable
 * (undefined; the caller then uses an instance atom or gives up).
 */

/** A definition `v = rhs`, or an increment `v += delta` written in C style. */
export type PlainDef = { kind: "rhs"; rhs: Expr } | { kind: "inc"; delta: Expr | number; sign: 1 | -1 };

/** The statement as a plain definition of `v`, if it is one (and defines nothing else that matters). */
export function plainDef(s: Stmt, v: Sym): PlainDef | undefined {
  // A store that may change the value (into an integer narrower than int, or an int value into an unsigned
  // one) is no plain definition: `unsigned char k = i` is not i (found by fuzzing: a[k] = i with such a k,
  // and k++ in the loop, were taken as a[i]).
  if (narrowInteger(v)) return undefined;
  const kept = (e: Expr) => v.type.base !== "integer" || e.type?.base !== "integer" || storedAsIs(e.type, v.type);
  if (s.kind === "assign" && s.lhs.kind === "var" && s.lhs.sym === v && !hasSideEffects(s.rhs)) return kept(s.rhs) ? { kind: "rhs", rhs: s.rhs } : undefined;
  if (s.kind === "expr" && s.expr.kind === "assign-expr" && s.expr.target.kind === "var" && s.expr.target.sym === v) {
    const { op, value } = s.expr;
    if (value && hasSideEffects(value)) return undefined;
    switch (op) {
      case "=":
        return value && kept(value) ? { kind: "rhs", rhs: value } : undefined;
      case "+=":
        return value ? { kind: "inc", delta: value, sign: 1 } : undefined;
      case "-=":
        return value ? { kind: "inc", delta: value, sign: -1 } : undefined;
      case "++pre":
      case "++post":
        return { kind: "inc", delta: 1, sign: 1 };
      case "--pre":
      case "--post":
        return { kind: "inc", delta: 1, sign: -1 };
      default:
        return undefined;
    }
  }
  return undefined;
}

function hasSideEffects(e: Expr): boolean {
  let hit = false;
  walkExpr(e, (x) => {
    if (x.kind === "assign-expr" || (x.kind === "call" && !(x.intrinsic && x.pure))) hit = true;
  });
  return hit;
}

const MARK = "__v";

/** How much one iteration of `loop` adds to `v` (a polynomial that may mention the loop's counter), or undefined. */
export function perIterationEffect(va: ValueAnalyzer, v: Sym, loop: Loop): Poly | undefined {
  // A strided loop's counter is an offset, not the number of iterations run (LoopModel.stride).
  const model = va.model(loop);
  if (va.index.hasEarlyExit(loop) || model.kind === "opaque" || model.stride) return undefined;
  let eff = polyConst(0);
  for (const s of loop.body) {
    if (!va.index.modifies(s, v)) continue;
    const d = plainDef(s, v);
    let inc: Poly | undefined;
    if (d?.kind === "inc") {
      const delta = typeof d.delta === "number" ? polyConst(d.delta) : va.exprValue(d.delta, s);
      inc = delta && safe(() => polyScale(delta, d.sign));
    } else if (d?.kind === "rhs") {
      // v = rhs is an increment when rhs - v does not mention v.
      const rhs = va.exprValue(d.rhs, s, { sym: v, value: polyVar(MARK) });
      const diff = rhs && safe(() => polySub(rhs, polyVar(MARK)));
      inc = diff && !polyVars(diff).includes(MARK) ? diff : undefined;
    } else if (s.kind === "loop") {
      inc = totalEffect(va, v, s);
    }
    if (!inc) return undefined;
    const next = safe(() => polyAdd(eff, inc));
    if (!next) return undefined;
    eff = next;
  }
  return eff;
}

/** Σ_{τ=0}^{t-1} e(τ) for e of degree ≤ 1 in the variable `t`: α·t + β·t(t-1)/2. */
export function sumBefore(e: Poly, t: string, upTo: Poly = polyVar(t)): Poly | undefined {
  return safe(() => {
    const alpha = polySubstitute(e, t, polyConst(0));
    const beta = polySub(polySubstitute(e, t, polyConst(1)), alpha);
    if (polyVars(beta).includes(t) || !polyEquals(polyAdd(alpha, polyMul(beta, polyVar(t))), e)) return undefined;
    const tri = polyDivide(polySub(polyMul(upTo, upTo), upTo), 2);
    return tri && polyAdd(polyMul(alpha, upTo), polyMul(beta, tri));
  });
}

/** The value of `v` when an iteration of `loop` starts, if v is an induction variable of it. */
export function iterationStart(va: ValueAnalyzer, v: Sym, loop: Loop): Poly | undefined {
  const eff = perIterationEffect(va, v, loop);
  if (!eff) return undefined;
  const entry = va.before(v, loop) ?? va.atomFor(v, loop);
  const m = va.model(loop);
  const sum = sumBefore(eff, m.counter);
  return sum && safe(() => polyAdd(entry, sum));
}

/** The number of iterations of `loop` per instance, when it is an exact polynomial provably ≥ 0. */
export function tripCount(va: ValueAnalyzer, loop: Loop): Poly | undefined {
  const m = va.model(loop);
  if (m.kind === "opaque" || !m.span || m.stride) return undefined;
  const s = Math.abs(m.step);
  const q = polyDivide(m.span, s);
  if (!q) return undefined;
  const n = safe(() => polyAdd(q, polyConst(1)));
  if (!n) return undefined;
  const c = constantOf(n);
  if (c !== undefined) return c >= 0 ? n : undefined;
  // Conservative: the formula span/|s| + 1 is the trip count only where it is ≥ 0.
  const low = extremeOver(n, m.chain, (l) => va.model(l), "min");
  const k = low ? ratConstant(low) : undefined;
  return k !== undefined && k >= 0 ? n : undefined;
}

/** How much a whole execution of `loop` adds to `v`, as a value at the loop statement. */
export function totalEffect(va: ValueAnalyzer, v: Sym, loop: Loop): Poly | undefined {
  const eff = perIterationEffect(va, v, loop);
  const n = eff && tripCount(va, loop);
  if (!eff || !n) return undefined;
  const m = va.model(loop);
  const total = sumBefore(eff, m.counter, n);
  if (!total) return undefined;
  // Atoms of this loop's own instance mean nothing outside it.
  for (const a of polyVars(total)) if (a === m.counter || va.atoms.instanceOf(a) === loop) return undefined;
  return total;
}

function safe<T>(f: () => T | undefined): T | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof PolyOverflow) return undefined;
    throw e;
  }
}
