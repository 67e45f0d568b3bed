import type { Cfg } from "../analysis/cfg/cfg.js";
import type { CarriedDependence } from "../analysis/dependence/verdict.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { Expr } from "../ir/expr.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { pureExpr } from "./trip-count.js";
import { comparisonOp } from "./conditional-minmax.js";
import { storedAsIs } from "../ir/stored-as-is.js";
import type { Sym } from "../ir/symbol.js";
import { childBlocks, stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import { evalInt } from "../ir/const-eval.js";
import { exprEquals } from "../ir/expr-equals.js";
import type { PlanReduction, PlanReductionOp } from "./loop-plan.js";
import { implicitRef } from "./loop-refs.js";
import { constantElements } from "../ir/constant-elements.js";
import { symBytes } from "../analysis/summaries/common-layout.js";
import { MAX_PRIVATE_BYTES } from "./array-privatization.js";

/**
 * Array reductions (seed 004 §2.3, the issue's `a(k(i)) = a(k(i)) + …`):
 * an array whose every reference in the loop is an update of one element
 * `x(s) = x(s) op e` (C `x[s] op= e`), with the same subscript on both
 * sides, e and s free of x, and one operator throughout, can be reduced
 * into per-thread copies of the whole array (OpenMP 4.5 array reduction).
 * Indirect updates are taken, where s reads another array (the scatter
 * the issue names), and updates of a small array (at most SMALL_ARRAY
 * elements: rms(m) = rms(m) + add*add in NPB's error norms, issue 14 §6).
 * An update of a large array whose subscript is direct, like
 * c(i,j) = c(i,j) + a(i,k)*b(k,j) in the k loop of an ikj product, is
 * better parallelized on another loop, and copying the whole array per
 * thread is what no expert would write.
 * The array must be a whole object with storage OpenMP can copy: explicit
 * bounds in every dimension, not a C pointer, not reached by a callee or
 * an opaque statement inside the loop.
 */
export function arrayReductions(cfg: Cfg, info: LoopRegionInfo, loop: Loop, carried: CarriedDependence[]): { reductions: PlanReduction[]; remaining: CarriedDependence[] } {
  const syms = new Map<number, Sym>();
  for (const c of carried) syms.set(c.source.sym.id, c.source.sym);
  const reduced = new Set<number>();
  const reductions: PlanReduction[] = [];
  for (const sym of syms.values()) {
    // Only dependences of the array on itself go away: one with another array (a C pointer that may
    // overlap it) stays, and the array is not reduced.
    if (carried.some((c) => (c.source.sym === sym) !== (c.sink.sym === sym))) continue;
    const u = arrayUpdateOp(cfg, info, loop, sym);
    if (u) {
      reduced.add(sym.id);
      const section = cfg.proc.language === "c" && sym.storage === "dummy" ? (u.section ?? `[${evalInt(sym.dims[0]!.lower)}:${constantElements(sym)}]`) : undefined;
      reductions.push({ op: u.op, var: sym.name, array: true, ...(section ? { section } : {}) });
    }
  }
  return { reductions, remaining: carried.filter((c) => !reduced.has(c.source.sym.id) && !reduced.has(c.sink.sym.id)) };
}

/** The largest array reduced through direct subscripts (a copy per thread of up to this many elements). */
const SMALL_ARRAY = 256;

const COMPOUND: Record<string, PlanReductionOp> = { "+=": "+", "-=": "+", "*=": "*", "&=": "bitand", "|=": "bitor", "^=": "bitxor" };

/**
 * The operator of the array's updates, and for a C pointer parameter of
 * unknown extent updated only at constant subscripts (`*rnmu`, rnmu[0]),
 * the section they span (`[0:1]`).
 */
function arrayUpdateOp(cfg: Cfg, info: LoopRegionInfo, loop: Loop, sym: Sym): { op: PlanReductionOp; section?: string } | null {
  const cParam = cfg.proc.language === "c" && sym.storage === "dummy";
  if (sym.dims.length === 0 || (sym.attrs.pointer && !cParam) || sym.attrs.allocatable) return null;
  if (sym.dims.some((d) => d.upper === null) && !(cParam && sym.dims.length === 1)) return null;
  if (sym.type.base !== "integer" && sym.type.base !== "real") return null;
  // A C pointer parameter: through an array section of its declared extent (OpenMP 4.5 2.15.3.6), one
  // dimension only (`double rms[5]`), with the bounds assumption that the loop's subscripts stay in it;
  // of unknown extent (`double *rnmu`), the section its constant subscripts span.
  if (cParam && (sym.dims.length !== 1 || constantElements(sym) === 0)) return null;
  if (sym.equivalence !== undefined) return null;
  // Each thread's copy is on its stack, as a private array's (array-privatization.ts): not one past the
  // limit there (found by fuzzing: a 12 MB histogram reduced this way crashed at every thread count).
  const bytes = symBytes(sym);
  if (bytes !== undefined && bytes > MAX_PRIVATE_BYTES) return null;
  // Hidden accesses: a callee or an opaque statement would touch the shared array.
  const v = cfg.vars.lookup(sym);
  if (v === undefined) return null;
  if (implicitRef(cfg, info, v)) return null;
  let op: PlanReductionOp | null = null;
  let ok = true;
  let indirect = false;
  /** The subscripts of updates of a one-dimensional array, as constants (undefined: not one). */
  const constants: (number | undefined)[] = [];
  const targets: { sub: Expr; stmt: Stmt }[] = [];
  const handled = new Set<Stmt>();
  walkStmts(loop.body, (s) => {
    if (!ok || handled.has(s)) return;
    const count = stmtExprs(s).reduce((n, e) => n + mentions(e, sym), 0);
    if (count === 0) return;
    let o: PlanReductionOp | null = null;
    let target: Expr | null = null;
    const mm = s.kind === "if" ? conditionalUpdate(s, sym) : null;
    if (mm) {
      handled.add(mm.assign);
      target = mm.assign.lhs;
      o = mm.op;
    } else if (s.kind === "assign" && s.lhs.kind === "elem" && s.lhs.sym === sym) {
      target = s.lhs;
      o = rhsOp(s.rhs, s.lhs, sym);
      if (count !== 2 || s.lhs.subs.some((x) => mentions(x, sym) > 0)) o = null;
    } else if (s.kind === "expr" && s.expr.kind === "assign-expr" && s.expr.target.kind === "elem" && s.expr.target.sym === sym && s.expr.value) {
      target = s.expr.target;
      o = COMPOUND[s.expr.op] ?? null;
      if (count !== 1 || mentions(s.expr.value, sym) > 0 || s.expr.target.subs.some((x) => mentions(x, sym) > 0)) o = null;
    }
    if (!o || (op && o !== op)) {
      ok = false;
      return;
    }
    op = o;
    if (target && target.kind === "elem" && target.subs.some(readsArray)) indirect = true;
    if (target && target.kind === "elem" && target.subs.length === 1) {
      constants.push(evalInt(target.subs[0]!));
      targets.push({ sub: target.subs[0]!, stmt: s });
    }
  });
  if (!ok || !op) return null;
  // A C parameter's declared extent (`long h[5]`) bounds nothing: it is a pointer, and the caller's
  // array may be longer (found by fuzzing: `h[k[i]] += 1` with k up to 9 reduced over h[0:5] wrote past
  // the copies). Its section must hold every subscript the updates may take: constants, or indices of
  // loops inside whose bounds are constants, within it.
  if (cParam && Number.isFinite(constantElements(sym))) {
    const around = enclosing(loop);
    return !indirect && targets.every((t) => withinSection(t.sub, evalInt(sym.dims[0]!.lower) ?? NaN, constantElements(sym), around.get(t.stmt) ?? [])) ? { op } : null;
  }
  if (Number.isFinite(constantElements(sym))) return indirect || constantElements(sym) <= SMALL_ARRAY ? { op } : null;
  // Unknown extent (a C pointer): every update at a constant subscript, the span small.
  if (!cParam || constants.length === 0 || constants.some((c) => c === undefined)) return null;
  const lo = Math.min(...(constants as number[]));
  const n = Math.max(...(constants as number[])) - lo + 1;
  return lo >= 0 && n <= SMALL_ARRAY ? { op, section: `[${lo}:${n}]` } : null;
}

/**
 * Whether the subscript `e` stays in [lo, lo + n): a constant there, or
 * the index of a counted unit-step loop around the update (`around`, the
 * loops inside the reduced loop) whose constant bounds are.
 */
function withinSection(e: Expr, lo: number, n: number, around: readonly Loop[]): boolean {
  const inside = (v: number | undefined) => v !== undefined && v >= lo && v < lo + n;
  const c = evalInt(e);
  if (c !== undefined) return inside(c);
  if (e.kind !== "var") return false;
  const l = [...around].reverse().find((x) => x.index === e.sym);
  if (!l || l.form !== "do" || !l.lower || !l.upper) return false;
  const step = l.step ? evalInt(l.step) : 1;
  // C's `for (m = 0; m < 5; m++)` is lowered with its last value as the upper bound.
  return (step === 1 || step === -1) && inside(evalInt(l.lower)) && inside(evalInt(l.upper));
}

/** The loops inside `loop` around each statement of its body, outermost first. */
function enclosing(loop: Loop): Map<Stmt, Loop[]> {
  const out = new Map<Stmt, Loop[]>();
  const visit = (list: readonly Stmt[], around: Loop[]) => {
    for (const s of list) {
      out.set(s, around);
      const inner = s.kind === "loop" ? [...around, s] : around;
      for (const b of childBlocks(s)) visit(b, inner);
    }
  };
  visit(loop.body, []);
  return out;
}

/**
 * `if (x > a[s]) a[s] = x` (max; `<` for min; also `a[s] < x`), no ELSE,
 * the assignment its only statement, x the same side-effect-free
 * expression in both and free of a: the array form of conditional-minmax.ts.
 */
function conditionalUpdate(s: Extract<Stmt, { kind: "if" }>, sym: Sym): { op: "max" | "min"; assign: Extract<Stmt, { kind: "assign" }> } | null {
  const then = s.then.filter((x) => x.kind !== "nop");
  const a = then[0];
  if (s.else.length || then.length !== 1 || !a || a.kind !== "assign" || a.lhs.kind !== "elem" || a.lhs.sym !== sym) return null;
  const x = a.rhs;
  if (mentions(x, sym) > 0 || a.lhs.subs.some((e) => mentions(e, sym) > 0) || !pureExpr(x) || a.lhs.subs.some((e) => !pureExpr(e)) || !storedAsIs(x.type, sym.type)) return null;
  const op = comparisonOp(s.cond, (e) => exprEquals(e, a.lhs), x);
  return op ? { op, assign: a } : null;
}

/** The operator combining x(s) (the target itself, once, as a direct operand) with the rest of the right-hand side. */
function rhsOp(rhs: Expr, target: Expr, sym: Sym): PlanReductionOp | null {
  const isT = (e: Expr) => e.kind === "elem" && e.sym === sym && exprEquals(e, target);
  if (rhs.kind === "binary" && (rhs.op === "+" || rhs.op === "*")) {
    const parts: { e: Expr; plus: boolean }[] = [];
    const flat = (e: Expr, plus: boolean) => {
      if (e.kind === "binary" && e.op === rhs.op) {
        flat(e.left, plus);
        flat(e.right, plus);
      } else if (rhs.op === "+" && e.kind === "binary" && e.op === "-") {
        flat(e.left, plus);
        flat(e.right, !plus);
      } else parts.push({ e, plus });
    };
    flat(rhs, true);
    const mine = parts.filter((p) => isT(p.e));
    return mine.length === 1 && mine[0]!.plus ? (rhs.op as "+" | "*") : null;
  }
  if (rhs.kind === "binary" && rhs.op === "-" && isT(rhs.left)) return "+";
  if (rhs.kind === "call" && rhs.intrinsic && rhs.args.length === 2 && rhs.args.some(isT)) {
    const n = rhs.name.toLowerCase();
    if (/^(max|max0|amax1|dmax1|fmax)$/.test(n)) return "max";
    if (/^(min|min0|amin1|dmin1|fmin)$/.test(n)) return "min";
  }
  return null;
}

function mentions(e: Expr, sym: Sym): number {
  let n = 0;
  walkExpr(e, (x) => {
    if ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && x.sym === sym) n++;
  });
  return n;
}

function readsArray(e: Expr): boolean {
  let yes = false;
  walkExpr(e, (x) => {
    if (x.kind === "elem") yes = true;
  });
  return yes;
}

