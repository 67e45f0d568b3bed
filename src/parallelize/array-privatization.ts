import type { Cfg } from "../analysis/cfg/cfg.js";
import type { CarriedDependence } from "../analysis/dependence/verdict.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { Expr } from "../ir/expr.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { childBlocks, childExprs, stmtExprs, walkExpr } from "../ir/walk.js";
import { exprEquals } from "../ir/expr-equals.js";
import { exprText } from "../ir/expr-text.js";
import { evalInt } from "../ir/const-eval.js";
import { implicitRef } from "./loop-refs.js";
import { constDifference, linearForm } from "../ir/linear-form.js";
import { constTrips } from "./trip-count.js";

/** Largest array privatized (elements): every thread gets a copy, on its stack in Fortran. */
const MAX_PRIVATE_ELEMENTS = 65536;

/**
 * Array privatization (seed 004 §2.2, with the per-iteration array region
 * the issue asks for): an array carrying dependences across iterations of
 * loop L can get a private copy per thread when, in every iteration,
 * every element it reads was written earlier in the same iteration, and
 * its values are not needed after the loop. Then no value flows between
 * iterations through it and the carried dependences are only storage
 * reuse (anti and output).
 *
 * The region of one iteration is approximated by rectangular sections:
 * a write x(s1, ..., sk) that runs unconditionally in the iteration adds
 * the box where each si is an inner loop index (unit step, bounds fixed in
 * the iteration) plus a constant, giving [lo + c, hi + c], or an
 * expression fixed during the iteration, giving [si, si]. A read is
 * covered when its box (same forms) lies in one box written before it
 * (the bounds compared by constant differences), or when the same element
 * was written earlier in the same iteration of the innermost loop around
 * both. "Fixed during the iteration" means built from literals, named
 * constants, L's index and scalars L only reads. Conservative: any other
 * access to the array (passed to a call, a whole-array or section
 * reference, an access a callee makes) gives up; so does an array that is
 * live after the loop, shares storage, or is a C pointer.
 */
export function arrayPrivatization(cfg: Cfg, info: LoopRegionInfo, loop: Loop, carried: CarriedDependence[]): { arrays: string[]; remaining: CarriedDependence[]; hints: string[] } {
  const syms = new Map<number, Sym>();
  for (const c of carried) {
    syms.set(c.source.sym.id, c.source.sym);
    syms.set(c.sink.sym.id, c.sink.sym);
  }
  const arrays: string[] = [];
  const hints: string[] = [];
  const done = new Set<number>();
  for (const sym of syms.values()) {
    const why = cannotPrivatize(cfg, info, loop, sym);
    if (why) {
      hints.push(`privatizing the array ${sym.name} is impossible because ${why}`);
      continue;
    }
    done.add(sym.id);
    arrays.push(sym.name);
  }
  return { arrays, hints, remaining: carried.filter((c) => !done.has(c.source.sym.id) && !done.has(c.sink.sym.id)) };
}

function cannotPrivatize(cfg: Cfg, info: LoopRegionInfo, loop: Loop, sym: Sym): string | null {
  const lang = cfg.proc.language;
  if (sym.dims.length === 0) return "it is not an array";
  if (sym.attrs.pointer || sym.attrs.allocatable || sym.type.base === "pointer") return "it has no fixed storage of its own";
  if (lang === "c" && sym.storage === "dummy") return "it is a pointer parameter (private would copy the pointer, not the array)";
  if (sym.storage === "parameter" || sym.equivalence !== undefined) return "it shares storage with other variables";
  let size = 1;
  for (const d of sym.dims) {
    const lo = evalInt(d.lower);
    const hi = d.upper ? evalInt(d.upper) : undefined;
    if (lo === undefined || hi === undefined) return "its size is not a constant";
    size *= Math.max(0, hi - lo + 1);
  }
  if (size > MAX_PRIVATE_ELEMENTS) return `it is too large to copy for every thread (${size} elements)`;
  const v = cfg.vars.lookup(sym);
  if (v === undefined) return "it is not analyzed";
  if (info.liveAfter.has(v)) return "its values may be used after the loop";
  const hidden = implicitRef(cfg, info, v);
  if (hidden) return `it is also accessed by ${hidden.callee ?? "a statement doall cannot model"} (line ${hidden.span.line})`;
  const fixed = new Set<Sym>();
  if (loop.index) fixed.add(loop.index);
  for (const s of info.scalars) if (s.class === "read-only") for (const x of cfg.vars.vars[s.var]!.syms) fixed.add(x);
  const c = new Coverage(sym, fixed, lang);
  return c.block(loop.body, new Map(), []) ? null : c.why ?? "some element may be read before it is written in the same iteration";
}

type Range = { lo: Expr; hi: Expr };
type Box = Range[];

/**
 * Walks one iteration's statements in order, collecting written boxes and
 * checking reads against them. Inside an inner loop its index is fixed
 * (one iteration at a time): a write there gives a point in that
 * dimension, and only when the loop is left are the boxes it wrote widened
 * over the index's range, so a read never counts on a write of a later
 * inner iteration. A box that does not use the index is kept only when
 * the loop surely runs (constant trip count ≥ 1).
 */
class Coverage {
  boxes: Box[] = [];
  why: string | null = null;
  constructor(
    readonly sym: Sym,
    readonly fixed: Set<Sym>,
    readonly lang: "fortran" | "c",
  ) {}

  /** `inner`: indices of the enclosing inner loops (fixed within their iteration); `elems`: elements written earlier in this iteration. */
  block(stmts: readonly Stmt[], inner: Map<Sym, Range>, elems: Expr[], conditional = false): boolean {
    for (const s of stmts) if (!this.stmt(s, inner, elems, conditional)) return false;
    return true;
  }

  stmt(s: Stmt, inner: Map<Sym, Range>, elems: Expr[], conditional: boolean): boolean {
    if (s.kind === "loop") {
      if (this.noAccess(s)) return true;
      if (s.form !== "do" || !s.index || !s.lower || !s.upper || (s.step && evalInt(s.step) !== 1)) return this.fail("a loop that touches it is not a unit-step counted loop");
      if (!this.isFixed(s.lower, inner) || !this.isFixed(s.upper, inner)) return this.fail("a loop that touches it has bounds that change during the iteration");
      const k = s.index;
      const saved = this.boxes.length;
      const here = new Map(inner).set(k, { lo: s.lower, hi: s.upper });
      if (!this.block(s.body, here, elems.filter((e) => !this.uses(e, k)), conditional)) return false;
      const made = this.boxes.splice(saved);
      const trips = constTrips(s);
      for (const b of made) {
        const w = this.widen(b, k, s.lower, s.upper, trips);
        if (w) this.boxes.push(w);
      }
      // Elements written inside are not known to be written for the index's current value any more.
      for (let n = elems.length - 1; n >= 0; n--) if (this.uses(elems[n]!, k)) elems.splice(n, 1);
      return true;
    }
    if (s.kind === "if") {
      if (!this.reads(s.cond, inner, elems)) return false;
      return this.block(s.then, inner, [...elems], true) && this.block(s.else, inner, [...elems], true);
    }
    if (s.kind === "assign") {
      if (!this.reads(s.rhs, inner, elems)) return false;
      if (s.lhs.kind === "elem" && s.lhs.sym === this.sym) {
        for (const x of s.lhs.subs) if (!this.reads(x, inner, elems)) return false;
        if (!conditional && s.lhs.subs.every((x) => this.isFixed(x, inner))) {
          elems.push(s.lhs);
          this.boxes.push(s.lhs.subs.map((x) => ({ lo: x, hi: x })));
        }
        return true;
      }
      return this.reads(s.lhs, inner, elems, true);
    }
    // The first pass of an array assignment that reads what it stores (array-assign.ts): reads only.
    if (s.kind === "expr" && readsOnly(s.expr)) return this.reads(s.expr, inner, elems);
    if (s.kind === "switch" || s.kind === "block") return this.noAccess(s) || this.fail("it is accessed in a statement doall does not follow");
    for (const e of stmtExprs(s)) if (this.mentions(e)) return this.fail(`line ${s.span.line} uses it in a way doall does not follow`);
    return true;
  }

  /** A box written in every iteration of a loop over k in [lo, hi], as one box over the whole loop. */
  widen(b: Box, k: Sym, lo: Expr, hi: Expr, trips: number | null): Box | null {
    const kv: Expr = { kind: "var", sym: k, span: lo.span };
    let uses = false;
    const out: Box = [];
    for (const r of b) {
      const usesK = this.uses(r.lo, k) || this.uses(r.hi, k);
      if (!usesK) {
        out.push(r);
        continue;
      }
      // Only a point k + c widens (to [lo + c, hi + c]).
      const c = constDifference(r.lo, kv);
      if (c === null || constDifference(r.hi, kv) !== c) return null;
      uses = true;
      out.push({ lo: plus(lo, c), hi: plus(hi, c) });
    }
    if (!uses && !(trips !== null && trips >= 1)) return null;
    return out;
  }

  uses(e: Expr, k: Sym): boolean {
    let yes = false;
    walkExpr(e, (x) => {
      if (x.kind === "var" && x.sym === k) yes = true;
    });
    return yes;
  }

  /** Every reference to the array in `e` is an element read covered by earlier writes. */
  reads(e: Expr, inner: Map<Sym, Range>, elems: readonly Expr[], asTarget = false): boolean {
    let ok = true;
    // Inside the arguments of a call that is not a pure intrinsic (it may write what it is given).
    let passed = 0;
    const visit = (x: Expr): void => {
      if (!ok) return;
      if (x.kind === "call" && !(x.intrinsic && x.pure)) {
        passed++;
        x.args.forEach(visit);
        passed--;
        return;
      }
      if (x.kind === "elem" && x.sym === this.sym) {
        x.subs.forEach(visit);
        if (elems.some((w) => exprEquals(w, x))) return;
        const fixed = x.subs.every((s) => this.isFixed(s, inner));
        const box: Box = x.subs.map((s) => ({ lo: s, hi: s }));
        if (fixed && this.boxes.some((b) => this.contains(b, box))) return;
        // Over the whole ranges of the enclosing inner loops, against boxes written before them.
        const wide = this.rangeBox(x.subs, inner);
        const before = this.boxes.filter((b) => b.every((r) => ![...inner.keys()].some((k) => this.uses(r.lo, k) || this.uses(r.hi, k))));
        if (!wide || !before.some((b) => this.contains(b, wide))) ok = this.fail(`${exprText(x, this.lang)} (line ${x.span.line}) may read a value written in another iteration`);
        return;
      }
      if ((x.kind === "var" || x.kind === "section") && x.sym === this.sym) {
        // A whole array or a section read (SUM(w), w(2:k)) is covered when its box, every element
        // it may read, lies in one box written before.
        if (x.kind === "section") for (const sub of x.subs) (sub.kind === "triplet" ? [sub.lo, sub.hi, sub.stride] : [sub]).forEach((q) => q && visit(q));
        const box = passed === 0 ? this.extent(x, inner) : null;
        if (!box || !this.boxes.some((b) => this.contains(b, box))) ok = this.fail(`line ${x.span.line} uses the whole array or a section`);
        return;
      }
      for (const c of childExprs(x)) visit(c);
    };
    if (asTarget && e.kind === "elem") e.subs.forEach(visit);
    else visit(e);
    return ok;
  }

  /** The box of a whole array (its declared bounds) or of a section (a triplet's ends, omitted ones declared; a stride only skips elements of it). */
  extent(x: Extract<Expr, { kind: "var" | "section" }>, inner: Map<Sym, Range>): Box | null {
    if (x.kind === "section" && x.substring) return null;
    const box: Box = [];
    for (let d = 0; d < this.sym.dims.length; d++) {
      const dim = this.sym.dims[d]!;
      const sub = x.kind === "var" ? null : x.subs[d];
      if (x.kind === "section" && !sub) return null;
      const lo = sub ? (sub.kind === "triplet" ? (sub.lo ?? dim.lower) : sub) : dim.lower;
      const hi = sub ? (sub.kind === "triplet" ? sub.hi ?? dim.upper : sub) : dim.upper;
      if (!hi || !this.isFixed(lo, inner) || !this.isFixed(hi, inner)) return null;
      box.push({ lo, hi });
    }
    return box;
  }

  contains(outer: Box, inner: Box): boolean {
    return (
      outer.length === inner.length &&
      outer.every((o, k) => {
        const dl = constDifference(inner[k]!.lo, o.lo);
        const dh = constDifference(o.hi, inner[k]!.hi);
        return dl !== null && dl >= 0 && dh !== null && dh >= 0;
      })
    );
  }

  /**
   * The box a subscript list spans while the enclosing inner indices run
   * over their ranges: each subscript linear in them (Σ c·k + fixed part)
   * goes from the fixed part plus Σ c·(lo or hi) to the other end.
   */
  rangeBox(subs: readonly Expr[], inner: Map<Sym, Range>): Box | null {
    const box: Box = [];
    for (const s of subs) {
      const f = linearForm(s);
      let lo: Expr = { kind: "int", value: f.constant, span: s.span };
      let hi: Expr = lo;
      for (const t of f.terms) {
        const k = t.e.kind === "var" && inner.has(t.e.sym) ? t.e.sym : null;
        if (k) {
          const r = inner.get(k)!;
          if (!this.isFixed(r.lo, new Map()) || !this.isFixed(r.hi, new Map())) return null;
          const [a, b] = t.coef > 0 ? [r.lo, r.hi] : [r.hi, r.lo];
          lo = add(lo, scale(a, t.coef));
          hi = add(hi, scale(b, t.coef));
        } else {
          if (!this.isFixed(t.e, new Map())) return null;
          lo = add(lo, scale(t.e, t.coef));
          hi = add(hi, scale(t.e, t.coef));
        }
      }
      box.push({ lo, hi });
    }
    return box;
  }

  /** Built from literals, named constants, L's index, scalars L only reads, and the current inner indices. */
  isFixed(e: Expr, inner: Map<Sym, Range>): boolean {
    let ok = true;
    walkExpr(e, (x) => {
      if (x.kind === "var" && !(x.sym.storage === "parameter" || this.fixed.has(x.sym) || inner.has(x.sym))) ok = false;
      if (x.kind === "elem" || x.kind === "section" || x.kind === "call" || x.kind === "assign-expr" || x.kind === "deref" || x.kind === "member" || x.kind === "unknown") ok = false;
    });
    return ok;
  }

  mentions(e: Expr): boolean {
    let yes = false;
    walkExpr(e, (x) => {
      if ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && x.sym === this.sym) yes = true;
    });
    return yes;
  }

  noAccess(s: Stmt): boolean {
    let yes = false;
    const visit = (st: Stmt) => {
      for (const e of stmtExprs(st)) if (this.mentions(e)) yes = true;
    };
    visit(s);
    const walk = (xs: readonly Stmt[]) => xs.forEach((x) => (visit(x), childBlocks(x).forEach(walk)));
    childBlocks(s).forEach(walk);
    return !yes;
  }

  fail(why: string): false {
    this.why ??= why;
    return false;
  }
}

/** An expression that only reads: no assignment inside, no call but to pure intrinsics. */
function readsOnly(e: Expr): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === "assign-expr" || x.kind === "deref" || (x.kind === "call" && !(x.intrinsic && x.pure))) ok = false;
  });
  return ok;
}

function add(a: Expr, b: Expr): Expr {
  return { kind: "binary", op: "+", left: a, right: b, span: a.span } as Expr;
}

function scale(e: Expr, c: number): Expr {
  if (c === 1) return e;
  return { kind: "binary", op: "*", left: { kind: "int", value: c, span: e.span }, right: e, span: e.span } as Expr;
}

function plus(e: Expr, c: number): Expr {
  if (c === 0) return e;
  return { kind: "binary", op: c > 0 ? "+" : "-", left: e, right: { kind: "int", value: Math.abs(c), span: e.span }, span: e.span, type: { base: "integer", bytes: 4 } } as Expr;
}
