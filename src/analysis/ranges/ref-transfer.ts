import { MAX_NEST_DEPTH } from "../nest-depth.js";
import type { Expr } from "../../ir/expr.js";
import type { Loop } from "../../ir/stmt.js";
import { stmtExprs, walkExpr } from "../../ir/walk.js";
import type { Ref } from "../refs/ref.js";
import { referenceFacts } from "./bounds-facts.js";
import { rangeOf, type RangeEnv } from "./eval-range.js";
import { IntSet } from "./int-set.js";
import type { LoopBounds } from "./loop-index.js";
import type { RangeContext } from "./range-context.js";
import type { RangeState } from "./range-state.js";
import { known, mergeWhy, narrow, UNKNOWN, type VarRange } from "./var-range.js";

export function envOf(ctx: RangeContext, st: RangeState): RangeEnv {
  return (sym) => {
    const v = ctx.varOf(sym);
    return v === undefined ? UNKNOWN : st.get(v);
  };
}

/**
 * The effect of one reference on the ranges (`st` is changed in place):
 *
 * - a definition of a followed variable gives it the range of the value
 *   stored: the right-hand side of an assignment (seed 003's classic
 *   sources: constants, PARAMETERs, expressions of ranged variables,
 *   integer division, MOD), the lower bound at a DO loop's start, the old
 *   value plus the step at its end; any other definition (READ, a call
 *   that may change it through an argument or a COMMON block, a store
 *   through a pointer, an opaque statement) leaves it unknown. This is
 *   where a range "ends at the next definition of V" (seed 003 §4).
 * - an array element surely evaluated gives, under the bounds assumption,
 *   seed 003 §3's facts on its subscripts' variables (bounds-facts.ts).
 *
 * Returns false when no correct execution gets past the reference.
 */
export function transferRef(ctx: RangeContext, r: Ref, st: RangeState, bounds: Map<number, LoopBounds>): boolean {
  if (r.kind === "def" && ctx.symOfVar.has(r.var)) st.set(r.var, definedValue(ctx, r, st, bounds));
  const e = r.expr;
  if (ctx.boundsAssumption && r.origin === "explicit" && e?.kind === "elem" && r.sym === e.sym && ctx.sure.has(e)) {
    const facts = referenceFacts(e, envOf(ctx, st), ctx);
    if (!facts) return false;
    if (facts.size === 0) return true;
    const id = ctx.boundsSource(r, e);
    for (const [sym, range] of facts) {
      const v = ctx.varOf(sym);
      if (v === undefined) continue;
      const n = narrow(st.get(v), range.set, mergeWhy(range.why, [id]));
      if (n.set.isEmpty()) return false;
      st.set(v, n);
    }
  }
  return true;
}

function definedValue(ctx: RangeContext, r: Ref, st: RangeState, bounds: Map<number, LoopBounds>): VarRange {
  const env = envOf(ctx, st);
  if (r.origin === "loop-init" || r.origin === "loop-step") {
    const k = r.loopId === undefined ? undefined : ctx.cfg.loopIndex.get(r.loopId);
    // The index of a loop deeper than the dependence tests look stays unknown (nest-depth.ts): no test
    // needs its range, and keeping one per statement of a 500-deep nest cost a quadratic amount of memory.
    if (k === undefined || ctx.cfg.loops[k]!.depth > MAX_NEST_DEPTH) return UNKNOWN;
    const loop = ctx.cfg.loops[k]!.loop;
    if (r.origin === "loop-init") {
      const b = loopBounds(loop, env);
      if (b) bounds.set(k, b);
      return b ? b.lower : UNKNOWN;
    }
    const step = bounds.get(k)?.step ?? (loop.step ? rangeOf(loop.step, env).set : IntSet.point(1));
    const old = st.get(r.var);
    return known(old.set.add(step), old.why);
  }
  if (r.origin !== "explicit" || !r.expr || r.expr.kind !== "var" || !r.stmt) return UNKNOWN;
  const s = r.stmt;
  if (s.kind === "assign" && s.lhs === r.expr) return rangeOf(s.rhs, env);
  const a = assignmentTo(stmtExprs(s), r.expr);
  if (!a) return UNKNOWN;
  const old = st.get(r.var);
  const val = a.value ? rangeOf(a.value, env) : known(IntSet.point(1));
  const both = (f: (x: IntSet, y: IntSet) => IntSet) => known(f(old.set, val.set), mergeWhy(old.why, val.why));
  switch (a.op) {
    case "=":
      return val;
    case "+=":
    case "++pre":
    case "++post":
      return both((x, y) => x.add(y));
    case "-=":
    case "--pre":
    case "--post":
      return both((x, y) => x.sub(y));
    case "*=":
      return both((x, y) => x.mul(y));
    case "/=":
      return both((x, y) => x.div(y));
    case "%=":
      return both((x, y) => x.mod(y));
    default:
      return UNKNOWN;
  }
}

/** A C assignment expression (`i++`, `i += 2`) whose target is the given node. */
function assignmentTo(roots: Expr[], target: Expr): Extract<Expr, { kind: "assign-expr" }> | undefined {
  let found: Extract<Expr, { kind: "assign-expr" }> | undefined;
  for (const e of roots) {
    walkExpr(e, (x) => {
      if (x.kind === "assign-expr" && x.target === target) found = x;
    });
  }
  return found;
}

/** The ranges of a counted loop's bounds where they are evaluated, before its index is set. */
export function loopBounds(loop: Loop, env: RangeEnv): LoopBounds | undefined {
  if (loop.form !== "do" || !loop.lower || !loop.upper) return undefined;
  const step = loop.step ? rangeOf(loop.step, env).set.intersect(IntSet.point(0).complement()) : IntSet.point(1);
  return { lower: rangeOf(loop.lower, env), upper: rangeOf(loop.upper, env), step };
}
