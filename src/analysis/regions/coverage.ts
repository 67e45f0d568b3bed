import type { Expr } from "../../ir/expr.js";
import { exprEquals } from "../../ir/expr-equals.js";
import { exprText } from "../../ir/expr-text.js";
import { evalInt } from "../../ir/const-eval.js";
import { Linear, constDifference, formExpr, linearForm } from "../../ir/linear-form.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { childBlocks, childExprs, stmtExprs, walkExpr } from "../../ir/walk.js";
import { addMay, addMust, anyBox, boxContains, mentions, pointBox, type Box, type Interval } from "./box.js";

/**
 * What a call does to the array being followed, in the caller's terms
 * (summaries/call-regions.ts): the elements it may read before writing
 * them (EUSE) and those it surely writes (DDEF), as boxes.
 */
export interface CallArrayEffect {
  euse: Box[];
  ddef: Box[];
}

/** A call's effect on the array: known, untouched (null), or unknown ("unknown"). */
export type CallEffectOn = (call: { name: string; args: readonly Expr[]; span: Expr["span"] }) => CallArrayEffect | null | "unknown";

export interface CoverageOptions {
  /** Scalars (and arrays, for their elements) whose values are fixed during the walk (an iteration of the loop, a call of the procedure). */
  fixed: (s: Sym) => boolean;
  lang: "fortran" | "c";
  /** What calls do to the array; without it, a call that mentions the array cannot be followed. */
  calls?: CallEffectOn;
  /**
   * Collect mode (procedure summaries): a read not covered is recorded in
   * `exposed` (EUSE) and the walk goes on; without it (privatization) the
   * first such read fails the walk.
   */
  collect?: boolean;
}

/**
 * Which elements of one array a sequence of statements surely writes
 * before reading them (seed 004 §1.1: DDEF and EUSE of a path, for an
 * array as boxes). Walks the statements in order, collecting written
 * boxes and checking reads against them. Inside an inner loop its index is
 * fixed (one iteration at a time): a write there gives a point in that
 * dimension, and only when the loop is left are the boxes it wrote widened
 * over the index's range, so a read never counts on a write of a later
 * inner iteration. A box that does not use the index is kept only when
 * the loop surely runs (constant trip count >= 1).
 *
 * Jumps: after a GOTO, EXIT, CYCLE or RETURN (in statement order) no
 * write is sure any more (the jump may skip it), and an inner loop that a
 * jump may leave early widens nothing. Reads need no such care: a read a
 * jump skips does not happen.
 */
export class Coverage {
  /** Boxes surely written so far. */
  boxes: Box[] = [];
  /** Collect mode: boxes read before being written (may). */
  exposed: Box[] = [];
  /** Collect mode: an access was not followed, so any element may be read before it is written. */
  exposedAll = false;
  why: string | null = null;
  /** A jump was met: writes from here on are not sure. */
  private jumped = false;

  constructor(
    readonly sym: Sym,
    readonly options: CoverageOptions,
  ) {}

  /** Walks `stmts` (one iteration, one call); false when some read may see a value from before (strict mode) or an access cannot be followed. */
  run(stmts: readonly Stmt[]): boolean {
    return this.block(stmts, new Map(), [], false);
  }

  /** `inner`: indices of the enclosing inner loops (fixed within their iteration); `elems`: elements written earlier in this iteration. */
  private block(stmts: readonly Stmt[], inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean): boolean {
    for (const s of stmts) if (!this.stmt(s, inner, elems, conditional)) return false;
    return true;
  }

  private stmt(s: Stmt, inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean): boolean {
    if (isJump(s)) {
      this.jumped = true;
      return s.kind === "computed-goto" ? this.reads(s.index, inner, elems) : s.kind === "arith-if" ? this.reads(s.expr, inner, elems) : true;
    }
    if (s.kind === "loop") return this.loop(s, inner, elems, conditional);
    if (s.kind === "if") {
      if (!this.reads(s.cond, inner, elems)) return false;
      return this.block(s.then, inner, [...elems], true) && this.block(s.else, inner, [...elems], true);
    }
    if (s.kind === "assign") {
      if (!this.reads(s.rhs, inner, elems)) return false;
      if (s.lhs.kind === "elem" && s.lhs.sym === this.sym) {
        for (const x of s.lhs.subs) if (!this.reads(x, inner, elems)) return false;
        if (this.sure(conditional) && s.lhs.subs.every((x) => this.isFixed(x, inner))) {
          elems.push(s.lhs);
          this.boxes = addMust(this.boxes, pointBox(s.lhs.subs));
        }
        return true;
      }
      if ((s.lhs.kind === "var" || s.lhs.kind === "section") && s.lhs.sym === this.sym) {
        // A whole-array or section store: sure when its extent is known.
        if (s.lhs.kind === "section") for (const sub of s.lhs.subs) for (const q of sub.kind === "triplet" ? [sub.lo, sub.hi, sub.stride] : [sub]) if (q && !this.reads(q, inner, elems)) return false;
        const box = this.extent(s.lhs, inner);
        const unitStride = s.lhs.kind === "var" || s.lhs.subs.every((x) => x.kind !== "triplet" || !x.stride || evalInt(x.stride) === 1);
        if (box && unitStride && this.sure(conditional)) this.boxes = addMust(this.boxes, box);
        return true;
      }
      return this.reads(s.lhs, inner, elems, true);
    }
    if (s.kind === "call") return this.call(s.name, s.args, s.span, inner, elems, conditional, false);
    if (s.kind === "block") return this.block(s.body, inner, elems, conditional);
    // The first pass of an array assignment that reads what it stores (array-assign.ts): reads only.
    if (s.kind === "expr" && readsOnly(s.expr)) return this.reads(s.expr, inner, elems);
    if (s.kind === "switch") {
      if (!this.noAccess(s)) return this.fail("it is accessed in a statement doall does not follow");
      if (leaves(s)) this.jumped = true;
      return true;
    }
    for (const e of stmtExprs(s)) if (this.accesses(e)) return this.fail(`line ${s.span.line} uses it in a way doall does not follow`);
    return true;
  }

  private sure(conditional: boolean): boolean {
    return !conditional && !this.jumped;
  }

  private loop(s: Loop, inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean): boolean {
    if (this.noAccess(s)) {
      // A jump inside still makes later writes unsure.
      if (leaves(s)) this.jumped = true;
      return true;
    }
    if (s.form !== "do" || !s.index || !s.lower || !s.upper || (s.step && evalInt(s.step) !== 1)) return this.fail("a loop that touches it is not a unit-step counted loop");
    if (!this.isFixed(s.lower, inner) || !this.isFixed(s.upper, inner)) return this.fail("a loop that touches it has bounds that change during the iteration");
    const k = s.index;
    const outer = this.boxes;
    this.boxes = outer.slice();
    const here = new Map(inner).set(k, { lo: s.lower, hi: s.upper });
    const wasJumped = this.jumped;
    // A jump inside the body that does not leave it (CYCLE of this loop, a GOTO to a label of the body)
    // makes unsure what follows it in the same iteration only.
    if (!this.block(s.body, here, elems.filter((e) => !mentions(e, k)), conditional)) return false;
    const made = this.boxes.filter((b) => !outer.includes(b));
    this.boxes = outer;
    const early = leaves(s);
    this.jumped = wasJumped || early;
    const trips = constTrip(s);
    if (!early)
      for (const b of made) {
        const w = widen(b, k, s.lower, s.upper, trips);
        if (w) this.boxes = addMust(this.boxes, w);
      }
    // Elements written inside are not known to be written for the index's current value any more.
    for (let n = elems.length - 1; n >= 0; n--) if (mentions(elems[n]!, k)) elems.splice(n, 1);
    return true;
  }

  /** A call (statement or function): what it reads of the array before writing must be covered; what it surely writes is. */
  private call(name: string, args: readonly Expr[], span: Expr["span"], inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean, pure: boolean): boolean {
    const touches = args.some((a) => this.mentionsArray(a));
    // A pure function only reads its arguments; any other call is what `calls` says (unknown when it is not told).
    const eff = pure ? null : this.options.calls ? this.options.calls({ name, args, span }) : touches ? "unknown" : null;
    // The values of arguments are read (subscripts of elements passed, expressions).
    for (const a of args) {
      if ((a.kind === "elem" || a.kind === "section" || a.kind === "var") && a.sym === this.sym && eff !== null) {
        if (a.kind === "elem") for (const x of a.subs) if (!this.reads(x, inner, elems)) return false;
        if (a.kind === "section") for (const sub of a.subs) for (const q of sub.kind === "triplet" ? [sub.lo, sub.hi, sub.stride] : [sub]) if (q && !this.reads(q, inner, elems)) return false;
        continue;
      }
      if (!this.reads(a, inner, elems)) return false;
    }
    if (eff === null) return true;
    if (eff === "unknown") return this.fail(`it is passed to ${name} (line ${span.line}), which doall cannot follow`);
    for (const b of eff.euse) if (!this.readBox(b, inner, `${name} (line ${span.line}) may read an element written in another iteration`)) return false;
    if (this.sure(conditional)) for (const b of eff.ddef) if (b.every((r) => r && this.isFixed(r.lo, inner) && this.isFixed(r.hi, inner))) this.boxes = addMust(this.boxes, b);
    return true;
  }

  /** A read of every element of `box` (bounds in terms of fixed scalars and inner indices): covered by a box written before? */
  private readBox(box: Box, inner: Map<Sym, Interval>, why: string): boolean {
    if (box.some((r) => !r || !this.isFixed(r.lo, inner) || !this.isFixed(r.hi, inner))) return this.uncovered(anyBox(box.length), why, true);
    if (this.boxes.some((b) => boxContains(b, box))) return true;
    // Over the whole ranges of the enclosing inner loops, against boxes written before them.
    const wide = this.spread(box, inner);
    const before = this.boxes.filter((b) => b.every((r) => !r || ![...inner.keys()].some((k) => mentions(r.lo, k) || mentions(r.hi, k))));
    if (wide && before.some((b) => boxContains(b, wide))) return true;
    return this.uncovered(wide ?? anyBox(box.length), why, !wide);
  }

  /** A read not covered: fails the walk, or (collect mode) is recorded as exposed. */
  private uncovered(box: Box, why: string, all: boolean): boolean {
    if (!this.options.collect) return this.fail(why);
    if (all) this.exposedAll = true;
    else this.exposed = addMay(this.exposed, box);
    return true;
  }

  /** Every reference to the array in `e` is an element read covered by earlier writes. */
  private reads(e: Expr, inner: Map<Sym, Interval>, elems: readonly Expr[], asTarget = false): boolean {
    let ok = true;
    const visit = (x: Expr): void => {
      if (!ok) return;
      if (x.kind === "call" && !(x.intrinsic && x.pure)) {
        // A function's writes are never sure (its value may not be needed: C's && and ?:, Fortran may skip it).
        ok = this.call(x.name, x.args, x.span, inner, elems as Expr[], true, !!x.pure);
        return;
      }
      if (x.kind === "elem" && x.sym === this.sym) {
        x.subs.forEach(visit);
        if (!ok || elems.some((w) => exprEquals(w, x))) return;
        if (x.subs.every((s) => this.isFixed(s, inner)) && this.boxes.some((b) => boxContains(b, pointBox(x.subs)))) return;
        const wide = this.spread(pointBox(x.subs), inner);
        const before = this.boxes.filter((b) => b.every((r) => !r || ![...inner.keys()].some((k) => mentions(r.lo, k) || mentions(r.hi, k))));
        if (!wide || !before.some((b) => boxContains(b, wide))) ok = this.uncovered(wide ?? anyBox(x.subs.length), `${exprText(x, this.options.lang)} (line ${x.span.line}) may read a value written in another iteration`, !wide);
        return;
      }
      if ((x.kind === "var" || x.kind === "section") && x.sym === this.sym) {
        // A whole array or a section read (SUM(w), w(2:k)) is covered when its box, every element
        // it may read, lies in one box written before.
        if (x.kind === "section") for (const sub of x.subs) (sub.kind === "triplet" ? [sub.lo, sub.hi, sub.stride] : [sub]).forEach((q) => q && visit(q));
        const box = this.extent(x, inner);
        if (!box || !this.boxes.some((b) => boxContains(b, box))) ok = this.uncovered(box ?? anyBox(this.sym.dims.length), `line ${x.span.line} uses the whole array or a section`, !box);
        return;
      }
      for (const c of childExprs(x)) visit(c);
    };
    if (asTarget && e.kind === "elem") e.subs.forEach(visit);
    else visit(e);
    return ok;
  }

  /** The box of a whole array (its declared bounds) or of a section (a triplet's ends, omitted ones declared; a stride only skips elements of it). */
  private extent(x: Extract<Expr, { kind: "var" | "section" }>, inner: Map<Sym, Interval>): Box | null {
    if (x.kind === "section" && x.substring) return null;
    const box: Box = [];
    for (let d = 0; d < this.sym.dims.length; d++) {
      const dim = this.sym.dims[d]!;
      const sub = x.kind === "var" ? null : x.subs[d];
      if (x.kind === "section" && !sub) return null;
      const lo = sub ? (sub.kind === "triplet" ? (sub.lo ?? dim.lower) : sub) : dim.lower;
      const hi = sub ? (sub.kind === "triplet" ? (sub.hi ?? dim.upper) : sub) : dim.upper;
      if (!hi || !this.isFixed(lo, inner) || !this.isFixed(hi, inner)) return null;
      box.push({ lo, hi });
    }
    return box;
  }

  /**
   * The box a box spans while the enclosing inner indices run over their
   * ranges: each bound linear in them (Σ c·k + fixed part) goes from the
   * fixed part plus Σ c·(lo or hi) to the other end.
   */
  private spread(box: Box, inner: Map<Sym, Interval>): Box | null {
    const out: Box = [];
    for (const r of box) {
      if (!r) return null;
      const lo = this.end(r.lo, inner, "lo");
      const hi = this.end(r.hi, inner, "hi");
      if (!lo || !hi) return null;
      out.push({ lo, hi });
    }
    return out;
  }

  private end(e: Expr, inner: Map<Sym, Interval>, which: "lo" | "hi"): Expr | null {
    const f = linearForm(e);
    const l = new Linear();
    l.constant = f.constant;
    for (const t of f.terms) {
      const k = t.e.kind === "var" && inner.has(t.e.sym) ? t.e.sym : null;
      if (k) {
        const r = inner.get(k)!;
        if (!this.isFixed(r.lo, new Map()) || !this.isFixed(r.hi, new Map())) return null;
        l.add((t.coef > 0) === (which === "lo") ? r.lo : r.hi, t.coef);
      } else {
        if (!this.isFixed(t.e, new Map())) return null;
        l.add(t.e, t.coef);
      }
    }
    return formExpr(l, e.span);
  }

  /** Built from literals, named constants, fixed scalars, elements of fixed arrays and the current inner indices. */
  isFixed(e: Expr, inner: Map<Sym, Interval>): boolean {
    let ok = true;
    walkExpr(e, (x) => {
      if (x.kind === "var" && !(x.sym.storage === "parameter" || this.options.fixed(x.sym) || inner.has(x.sym))) ok = false;
      if (x.kind === "elem" && (x.sym === this.sym || !this.options.fixed(x.sym))) ok = false;
      if (x.kind === "section" || (x.kind === "call" && !(x.intrinsic && x.pure)) || x.kind === "assign-expr" || x.kind === "deref" || x.kind === "member" || x.kind === "unknown") ok = false;
    });
    return ok;
  }

  private mentionsArray(e: Expr): boolean {
    let yes = false;
    walkExpr(e, (x) => {
      if ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && x.sym === this.sym) yes = true;
    });
    return yes;
  }

  /** Whether `e` names the array or calls something that touches it. */
  private accesses(e: Expr): boolean {
    let yes = false;
    walkExpr(e, (x) => {
      if ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && x.sym === this.sym) yes = true;
      else if (x.kind === "call" && !x.pure && this.options.calls && this.options.calls({ name: x.name, args: x.args, span: x.span }) !== null) yes = true;
    });
    return yes;
  }

  private noAccess(s: Stmt): boolean {
    let yes = false;
    const visit = (st: Stmt) => {
      for (const e of stmtExprs(st)) if (this.accesses(e)) yes = true;
      if (st.kind === "call" && this.options.calls && this.options.calls({ name: st.name, args: st.args, span: st.span }) !== null) yes = true;
    };
    const walk = (xs: readonly Stmt[]) => xs.forEach((x) => (visit(x), childBlocks(x).forEach(walk)));
    walk([s]);
    return !yes;
  }

  private fail(why: string): false {
    this.why ??= why;
    return false;
  }
}

/** A statement that may skip what follows it: GOTO, EXIT and CYCLE of a loop, RETURN (a C break out of a switch is not). */
function isJump(s: Stmt): boolean {
  if (s.kind === "exit") return s.loopId !== null;
  return s.kind === "goto" || s.kind === "computed-goto" || s.kind === "arith-if" || s.kind === "cycle" || s.kind === "return";
}

/**
 * Whether a jump inside `s` may leave it early (or end the procedure):
 * a GOTO or RETURN, an EXIT of `s` or of a loop around it, a CYCLE of a
 * loop around it. EXIT and CYCLE of loops inside, and CYCLE of `s` itself
 * (its next iteration), do not.
 */
function leaves(s: Stmt): boolean {
  let yes = false;
  const inside = new Set<number>();
  const walk = (xs: readonly Stmt[]) => {
    for (const x of xs) {
      if (x.kind === "loop") inside.add(x.id);
      if (x.kind === "goto" || x.kind === "computed-goto" || x.kind === "arith-if" || x.kind === "return") yes = true;
      if (x.kind === "exit" && x.loopId !== null && (!inside.has(x.loopId) || (s.kind === "loop" && x.loopId === s.id))) yes = true;
      if (x.kind === "cycle" && (x.loopId === null || !inside.has(x.loopId))) yes = true;
      childBlocks(x).forEach(walk);
    }
  };
  if (s.kind === "loop") {
    inside.add(s.id);
    walk(s.body);
  } else walk([s]);
  return yes;
}

/** A box written in every iteration of a loop over k in [lo, hi], as one box over the whole loop. */
function widen(b: Box, k: Sym, lo: Expr, hi: Expr, trips: number | null): Box | null {
  const kv: Expr = { kind: "var", sym: k, span: lo.span };
  let uses = false;
  const out: Box = [];
  for (const r of b) {
    if (!r) return null;
    if (!mentions(r.lo, k) && !mentions(r.hi, k)) {
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

function constTrip(s: Loop): number | null {
  const lo = s.lower && evalInt(s.lower);
  const hi = s.upper && evalInt(s.upper);
  if (lo !== undefined && lo !== null && hi !== undefined && hi !== null) return Math.max(0, hi - lo + 1);
  const d = s.lower && s.upper ? constDifference(s.upper, s.lower) : null;
  return d === null ? null : Math.max(0, d + 1);
}

/** An expression that only reads: no assignment inside, no call but to pure intrinsics. */
function readsOnly(e: Expr): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === "assign-expr" || x.kind === "deref" || (x.kind === "call" && !(x.intrinsic && x.pure))) ok = false;
  });
  return ok;
}

function plus(e: Expr, c: number): Expr {
  if (c === 0) return e;
  return { kind: "binary", op: c > 0 ? "+" : "-", left: e, right: { kind: "int", value: Math.abs(c), span: e.span }, span: e.span, type: { base: "integer", bytes: 4 } } as Expr;
}
