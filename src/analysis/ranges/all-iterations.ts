import { evalInt } from "../../ir/const-eval.js";
import type { ElemRef, Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import { dominators } from "../cfg/dominators.js";
import type { CfgLoop } from "../cfg/cfg.js";
import { affineOf, substitute } from "../symbolic/affine.js";
import { affineSubscripts, boundsSet, referenceText } from "./bounds-facts.js";
import { conditionConstraints, solveAffine, type Constraints } from "./condition-ranges.js";
import type { ForwardResult } from "./forward-ranges.js";
import { runsCondition, surelyRuns } from "./loop-index.js";
import type { RangeContext } from "./range-context.js";
import { envOf } from "./ref-transfer.js";
import type { Snapshot } from "./snapshot.js";
import { uncertainty, type Uncertain } from "./termination.js";
import { join, mergeWhy, narrow, UNKNOWN, type VarRange } from "./var-range.js";

/** Facts of references executed in every iteration, per clean loop (index in cfg.loops), by variable id. */
export interface LoopFacts {
  /** Hold in the body of the loop (every iteration). */
  bodyEntry: Map<number, Map<number, VarRange>>;
  /** Hold after the loop ends through its test (it ran all its iterations, or none). */
  loopExit: Map<number, Map<number, VarRange>>;
  /** What "the loop runs at least once" and "it does not run" say about the bounds' variables, where it starts. */
  runs: Map<number, { runs: Constraints | null; zero: Constraints | null }>;
  /** Where an execution may not get to a later reference (termination.ts). */
  uncertain: Uncertain;
}

/**
 * Seed 003 §3, second form: "if the reference is in a for loop without
 * early exit, and its subscript C0·V + C1·I + C2 contains the control
 * variable I, which takes every value from I_ini to I_fin, then
 * A_lb ≤ C0·V + C1·I_ini + C2 and C0·V + C1·I_fin + C2 ≤ A_ub" — a range
 * of V that holds during the whole loop, before the reference has run
 * with I_fin. It is a fact about the future: sound only when the
 * reference does run in the first and in the last iteration with the
 * same V. The paper states only "no early exit"; the conditions used here
 * are:
 *
 * - the loop is a clean counted loop (range-context.ts) with no exit but
 *   its test (no EXIT, GOTO out, RETURN or STOP), no call (which may stop
 *   the program) and no cycle that may not end (termination.ts);
 * - the reference is surely evaluated and its block dominates the loop's
 *   latch: it runs in every iteration (the paper does not say this; a
 *   reference under `if (i == 1)` would give a wrong range);
 * - the variables the fact is about, and those of the loop's bounds, are
 *   not assigned in the loop: V has one value through all iterations.
 *
 * The index is replaced by the lower bound (first iteration) and, when
 * the step is ±1, by the upper bound (last iteration), as expressions, so
 * the variables of the bounds get facts too (§5's last paragraph: a
 * subscript with the control variable bounds the variables of the loop's
 * final value; `do i = 1, n; a(i) = ...` with a(100) gives n ≤ 100 while
 * the loop runs). Other variables of the subscript enter with their
 * ranges at the reference.
 */
export function allIterationFacts(ctx: RangeContext, fr: ForwardResult, snap: Snapshot): LoopFacts {
  const cfg = ctx.cfg;
  const uncertain = uncertainty(ctx);
  const out: LoopFacts = { bodyEntry: new Map(), loopExit: new Map(), runs: new Map(), uncertain };
  if (cfg.loops.length === 0) return out;
  const dom = dominators(cfg);
  const states = snap.before;
  for (const k of ctx.cleanLoops) {
    const cl = cfg.loops[k]!;
    const bounds = fr.bounds.get(k);
    // The bounds are read before the index is set: "the loop runs" is a fact about the state before that.
    const init = cfg.blocks[cl.preheader]!.refs.find((id) => ctx.ref(id).origin === "loop-init" && ctx.ref(id).loopId === cl.loop.id);
    const pre = init === undefined ? undefined : states.get(init);
    if (!bounds || !pre) continue;
    const cond = runsCondition(cl.loop, bounds.step);
    if (cond) {
      const env = envOf(ctx, pre);
      out.runs.set(k, { runs: conditionConstraints(cond, true, env), zero: conditionConstraints(cond, false, env) });
    }
    if (!completes(ctx, cl, uncertain)) continue;
    const modified = assignedIn(ctx, cl);
    const facts = new Map<number, VarRange>();
    const latch = cl.latches;
    for (const b of cl.blocks) {
      if (!latch.every((l) => dom.dominates(b, l))) continue;
      for (const id of cfg.blocks[b]!.refs) {
        const r = ctx.ref(id);
        const e = r.expr;
        const st = states.get(id);
        if (!st || r.origin !== "explicit" || e?.kind !== "elem" || r.sym !== e.sym || !ctx.sure.has(e)) continue;
        const c = iterationFacts(ctx, cl, e, envOf(ctx, st), modified);
        if (!c || c.size === 0) continue;
        const id2 = ctx.sources.add("all-iterations", `${referenceText(e, cfg.proc.language)} at line ${r.span.line}, for every ${cl.loop.index!.name} = ${ctx.text(cl.loop.lower!)}..${ctx.text(cl.loop.upper!)}`, r.span.line);
        for (const [sym, range] of c) {
          const v = ctx.varOf(sym);
          if (v === undefined) continue;
          facts.set(v, narrow(facts.get(v) ?? UNKNOWN, range.set, mergeWhy(range.why, [id2])));
        }
      }
    }
    if (facts.size === 0) continue;
    out.bodyEntry.set(k, facts);
    // After the loop: it ran every iteration, or none (then only what "it does not run" says holds).
    const zero = surelyRuns(bounds) ? null : (out.runs.get(k)?.zero ?? new Map());
    const after = new Map<number, VarRange>();
    for (const [v, r] of facts) {
      const sym = ctx.symOfVar.get(v)!;
      const z = zero ? (zero.get(sym) ?? UNKNOWN) : null;
      const x = z ? join(r, z) : r;
      if (!x.set.isAll()) after.set(v, x);
    }
    out.loopExit.set(k, after);
  }
  return out;
}

/**
 * The loop runs to the end of its trip count once started: the only edge
 * leaving it is its header's test (an EXIT goes to the same block as the
 * test, so the exit blocks alone do not tell), and nothing in it may stop
 * or hang.
 */
function completes(ctx: RangeContext, cl: CfgLoop, uncertain: Uncertain): boolean {
  const inside = new Set(cl.blocks);
  for (const b of cl.blocks) {
    if (uncertain.endless.has(b) || uncertain.callBlocks.has(b)) return false;
    if (b !== cl.header && ctx.cfg.succs[b]!.some((s) => !inside.has(s))) return false;
  }
  return true;
}

/** Variables with a definition inside the loop (its index included). */
function assignedIn(ctx: RangeContext, cl: CfgLoop): Set<number> {
  const out = new Set<number>();
  for (const b of cl.blocks) for (const id of ctx.cfg.blocks[b]!.refs) if (ctx.ref(id).kind === "def") out.add(ctx.ref(id).var);
  return out;
}

/** The constraints of one reference at the first and last iterations, on variables the loop does not assign. */
function iterationFacts(ctx: RangeContext, cl: CfgLoop, e: ElemRef, env: (s: Sym) => VarRange, modified: Set<number>): Constraints | null {
  const l = cl.loop;
  const index = l.index!;
  const invariant = (x: Expr) => {
    let ok = true;
    walkExpr(x, (y) => {
      if (y.kind === "var" && y.sym.storage !== "parameter") {
        const v = ctx.varOf(y.sym);
        if (v === undefined || modified.has(v)) ok = false;
      } else if (y.kind !== "var" && y.kind !== "int" && y.kind !== "binary" && y.kind !== "unary") ok = false;
    });
    return ok;
  };
  const step = l.step ? evalInt(l.step) : 1;
  if (step === undefined || step === 0) return null;
  const ends: Expr[] = [];
  if (invariant(l.lower!)) ends.push(l.lower!);
  if ((step === 1 || step === -1) && invariant(l.upper!)) ends.push(l.upper!);
  const out: Constraints = new Map();
  const keep = (sym: Sym) => {
    const v = ctx.varOf(sym);
    return v !== undefined && !modified.has(v);
  };
  for (const s of affineSubscripts(e, ctx)) {
    const S = boundsSet(s.bounds, env);
    // A subscript without the index is the same in every iteration.
    const forms = !s.form.terms.some((t) => t.sym === index)
      ? [s.form]
      : ends.flatMap((x) => {
          const a = affineOf(x);
          const f = a && substitute(s.form, index, a);
          return f ? [f] : [];
        });
    for (const f of forms) {
      const c = solveAffine(f, S, env);
      if (!c) return null;
      for (const [sym, r] of c) {
        if (!keep(sym) || sym === index) continue;
        const prev = out.get(sym);
        out.set(sym, prev ? { set: prev.set.intersect(r.set), why: mergeWhy(prev.why, r.why) } : r);
      }
    }
  }
  return out;
}
