import type { Expr } from "../../ir/expr.js";
import type { Language } from "../../ir/program.js";
import type { Loop } from "../../ir/stmt.js";
import { LOGICAL } from "../../ir/types.js";
import { exprEquals } from "../../ir/expr-equals.js";
import { exprText } from "../../ir/expr-text.js";
import type { NestDeps, PairResult, PairStatus, ProcedureDeps } from "./analyze.js";
import { carriedVectors } from "./lazy-solution.js";
import type { TestName } from "./outcome.js";
import type { DirVector } from "./solve-pair.js";
import type { DepProblem, Dir } from "./problem.js";
import type { ArrayRef } from "./references.js";
import type { Sym } from "../../ir/symbol.js";
import { overlapCheck } from "./overlap-check.js";
import { polyKey, type Poly } from "../symbolic/polynomial.js";
import { conditionExpr, conditionForLevel, simplifyConjunction, subscriptSymbols, type Condition } from "./runtime-condition.js";

/**
 * "Is loop L parallel with respect to arrays, and if not, what blocks it?"
 * A dependence is carried by L when its direction vector is "=" on every
 * common loop outside L and not "=" at L (seed 004 §1.2: a loop-carried
 * dependence crosses L's back edge); only those prevent running L's
 * iterations in parallel. Pairs outside L or with no common loop at L do
 * not matter here.
 */
export type DepKind = "flow" | "anti" | "output" | "input";

export interface CarriedDependence {
  kind: DepKind;
  var: string;
  source: ArrayRef;
  sink: ArrayRef;
  /** Over the pair's common loops, outermost first, oriented source → sink. */
  direction: Dir[];
  /** Iterations of L from source to sink, when constant (for this direction vector). */
  distance: number | null;
  /** A certain dependence (the exact test found it in an exact model). */
  exact: boolean;
  status: PairStatus;
  /** What decided it: "exact" (integer solution), "siv" (exact distance), or null (no test could disprove it). */
  test: TestName | null;
  why?: string;
  /** When the pair is independent if this holds (see runtime-condition.ts). */
  condition: Condition | null;
  /** For two C arrays that may share storage: the run-time check that they do not overlap during the loop (overlap-check.ts). */
  overlap?: Expr;
  /** The expression of `condition` as tested before the loop. */
  check?: { expr: Expr; atoms: number };
  pair: PairResult;
  /** The pair's direction vector this is (oriented as the pair, source first). */
  vector: DirVector;
}

export interface RuntimeCheck {
  expr: Expr;
  fortran: string;
  c: string;
}

export interface ArrayLoopVerdict {
  loop: Loop;
  /** Proved: no array dependence is carried by the loop, without any run-time condition. */
  parallel: boolean;
  carried: CarriedDependence[];
  /** In-bounds atoms (p ≥ 0) the analysis of the loop's pairs relied on. */
  assumes: Poly[];
  /** When every carried dependence disappears under a run-time condition: their conjunction. */
  runtimeCheck: RuntimeCheck | null;
  /** The pairs of arrays whose non-overlap `runtimeCheck` tests, by name. */
  overlaps: [string, string][];
  /** Calls whose accesses hold as placed only while their argument fits its column (ArrayRef.fits): the call and the array, by name. */
  fitted: [string, string][];
  /** Every assumption is a strided loop's step ≥ 1 (PairResult.steps): a check every correct run passes. */
  stepsOnly?: boolean;
}

export function depKind(source: "def" | "use", sink: "def" | "use"): DepKind {
  if (source === "def") return sink === "use" ? "flow" : "output";
  return sink === "def" ? "anti" : "input";
}

const flip = (d: Dir): Dir => (d === "<" ? ">" : d === ">" ? "<" : d);

const MAX_CHECK_ATOMS = 8;
/**
 * At most this many pairs of arrays checked for overlap before one loop:
 * each pair is a few pointer comparisons, and PolyBench's gesummv (two
 * vectors written, three arrays read, five parameters) needs seven, which
 * Polly's alias checks cover.
 */
const MAX_OVERLAP_CHECKS = 8;

export function arrayVerdict(deps: ProcedureDeps, loop: Loop): ArrayLoopVerdict {
  const carried: CarriedDependence[] = [];
  const overlaps: { a: Sym; b: Sym; expr: Expr }[] = [];
  let allConditional = true;
  const assumes = new Map<string, Poly>();
  const fitted = new Map<string, [string, string]>();
  const steps = new Set<string>();
  const memo = memoOf(deps);
  for (const { nest, pr, k } of memo.pairsAt(loop)) {
    // A strided loop's step ≥ 1 only where what is carried at k rests on it (PairResult.steps).
    const skip = pr.steps?.free[k] ? new Set(pr.steps.assumes.map(polyKey)) : null;
    for (const a of pr.assumes) if (!skip?.has(polyKey(a))) assumes.set(polyKey(a), a);
    for (const a of pr.steps?.assumes ?? []) steps.add(polyKey(a));
    if (pr.assumes.length) for (const r of [pr.src, pr.snk]) if (r.fits && r.call) fitted.set(`${r.call}\n${r.sym.name}`, [r.call, r.sym.name]);
    // An independent pair has no vector at all, so none carried at any level (most pairs: issue 16).
    if (pr.status === "independent") continue;
    // The first vectors carried at k each way: all the verdict and its reasons use (lazy-solution.ts).
    const vs = carriedVectors(pr.solution, k);
    if (vs.length === 0) continue;
    const cond = pr.rowsMayOverlap ? null : memo.condition(pr.problem, k, nest);
    // Banerjee with "=" on every outer level proves it outright: nothing is carried.
    if (cond && cond.some((c) => c.length === 0)) continue;
    const check = cond ? { expr: memo.check(cond, pr.problem, loop, deps), atoms: cond.reduce((n, c) => n + c.length, 0) } : undefined;
    let overlap: Expr | undefined;
    if (!cond && pr.mayOverlap) {
      const [a, b] = [pr.src.sym, pr.snk.sym];
      overlap = overlaps.find((o) => (o.a === a && o.b === b) || (o.a === b && o.b === a))?.expr;
      if (!overlap) {
        const e = overlapCheck(deps.refs, loop, a, b, deps.index, deps.inBounds);
        if (e) overlaps.push({ a, b, expr: (overlap = e) });
      }
    }
    if (!cond && !overlap) allConditional = false;
    const seen = new Set<string>();
    for (const v of vs) {
      const forward = v.dirs[k] !== ">";
      if (seen.has(String(forward))) continue;
      seen.add(String(forward));
      const [source, sink] = forward ? [pr.src, pr.snk] : [pr.snk, pr.src];
      const d = v.distance[k];
      const dep: CarriedDependence = {
        kind: depKind(source.kind, sink.kind),
        var: source.sym === sink.sym ? source.sym.name : `${source.sym.name}/${sink.sym.name}`,
        source,
        sink,
        direction: forward ? v.dirs : v.dirs.map(flip),
        distance: d === null || d === undefined ? null : forward ? d : 0 - d, // never -0
        exact: v.exact,
        status: pr.status,
        test: v.exact ? "exact" : d !== null && d !== undefined ? "siv" : null,
        condition: cond,
        pair: pr,
        vector: v,
      };
      if (overlap) dep.overlap = overlap;
      if (check) dep.check = check;
      if (pr.why) dep.why = pr.why;
      carried.push(dep);
    }
  }
  // An atom with no variable left (a fit `128 <= n1` once n1 is known to be 128) holds or fails by itself:
  // one that holds asks nothing of the run.
  for (const [key, a] of assumes) if ([...a.terms.keys()].every((t) => t === "") && (a.terms.get("") ?? 0) >= 0) assumes.delete(key);
  const needed = simplifyConjunction([...assumes.values()]);
  const conditional = carried.length > 0 ? allConditional : assumes.size > 0;
  const runtimeCheck = conditional ? combinedCheck(carried, needed, deps, loop) : null;
  const out: ArrayLoopVerdict = { loop, parallel: carried.length === 0 && assumes.size === 0, carried, assumes: needed, runtimeCheck, overlaps: overlaps.map((o) => [o.a.name, o.b.name]), fitted: [...fitted.values()] };
  if (assumes.size > 0 && [...assumes.keys()].every((k) => steps.has(k))) out.stepsOnly = true;
  return out;
}

/**
 * The run-time check under which none of `list` is carried (each has a
 * condition or an overlap check) and the in-bounds atoms `needed` hold:
 * their conjunction, or null when one has neither or it grows too large.
 * The planner asks it for the dependences left after privatization and
 * reductions, which may be conditional when the others were not.
 */
export function combinedCheck(list: readonly CarriedDependence[], needed: readonly Poly[], deps: ProcedureDeps, loop: Loop): RuntimeCheck | null {
  const checks: { expr: Expr; atoms: number }[] = [];
  const overlaps: Expr[] = [];
  for (const c of list) {
    if (c.check) {
      if (!checks.some((x) => exprEquals(x.expr, c.check!.expr))) checks.push(c.check);
    } else if (c.overlap) {
      if (!overlaps.includes(c.overlap)) overlaps.push(c.overlap);
    } else return null;
  }
  if (checks.reduce((n, c) => n + c.atoms, 0) + needed.length > MAX_CHECK_ATOMS || overlaps.length > MAX_OVERLAP_CHECKS) return null;
  // Conjuncts once each: an overlap check of a loop stepping by a variable asks the step >= 1 that the pair's assumptions ask too.
  const parts: Expr[] = [];
  const add = (e: Expr): void => {
    if (e.kind === "binary" && e.op === "and") return void (add(e.left), add(e.right));
    if (!parts.some((x) => exprEquals(x, e))) parts.push(e);
  };
  for (const e of [...(needed.length ? [conditionExpr([[...needed]], deps.atoms, new Set(), loop)] : []), ...checks.map((c) => c.expr), ...overlaps]) add(e);
  if (parts.length === 0) return null;
  const expr = parts.reduce((x, y) => ({ kind: "binary", op: "and", left: x, right: y, span: loop.span, type: LOGICAL }));
  return { expr, fortran: exprText(expr, "fortran"), c: exprText(expr, "c") };
}

/**
 * What the verdicts of a procedure's loops share, computed once per
 * procedure analysis rather than once per loop: its pairs listed by loop
 * (a procedure's loops each looked through every pair of every nest), and
 * the run-time condition of a problem at a level (pairs share problems,
 * and a pair is asked at each of its loops) as an expression.
 */
class VerdictMemo {
  private byLoop: Map<Loop, { nest: NestDeps; pr: PairResult; k: number }[]> | null = null;
  private readonly conditions = new Map<DepProblem, Map<number, Condition | null>>();
  private readonly checks = new Map<Condition, Map<Loop, Expr>>();

  constructor(private readonly deps: ProcedureDeps) {}

  /** The pairs with `loop` among their common loops that may matter to it (a vector, or assumptions), in the order of the nests and their pairs; k: its level. */
  pairsAt(loop: Loop): readonly { nest: NestDeps; pr: PairResult; k: number }[] {
    if (!this.byLoop) {
      this.byLoop = new Map();
      for (const nest of this.deps.nests)
        for (const pr of nest.pairs) {
          // An independent pair that assumes nothing says nothing of any loop (most pairs).
          if (pr.status === "independent" && pr.assumes.length === 0) continue;
          // A loop, not forEach and a closure: every call of pairsAt allocated the closure's context.
          for (let k = 0; k < pr.loops.length; k++) {
            const l = pr.loops[k]!;
            let list = this.byLoop.get(l);
            if (!list) this.byLoop.set(l, (list = []));
            list.push({ nest, pr, k });
          }
        }
    }
    return this.byLoop.get(loop) ?? [];
  }

  condition(p: DepProblem, k: number, nest: NestDeps): Condition | null {
    let m = this.conditions.get(p);
    if (!m) this.conditions.set(p, (m = new Map()));
    let c = m.get(k);
    if (c === undefined) m.set(k, (c = conditionForLevel(p, k, nest.va)));
    return c;
  }

  /** The condition as an expression tested before `loop` (one condition object per problem and level). */
  check(cond: Condition, p: DepProblem, loop: Loop, deps: ProcedureDeps): Expr {
    let m = this.checks.get(cond);
    if (!m) this.checks.set(cond, (m = new Map()));
    let c = m.get(loop);
    if (!c) m.set(loop, (c = conditionExpr(cond, deps.atoms, subscriptSymbols(p), loop)));
    return c;
  }
}

const memos = new WeakMap<ProcedureDeps, VerdictMemo>();

function memoOf(deps: ProcedureDeps): VerdictMemo {
  let m = memos.get(deps);
  if (!m) memos.set(deps, (m = new VerdictMemo(deps)));
  return m;
}

/** The check in the program's language. */
export function checkText(r: RuntimeCheck, lang: Language): string {
  return lang === "c" ? r.c : r.fortran;
}
