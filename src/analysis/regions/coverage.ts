import { projectSide } from "./project.js";
import { backwardTargets } from "./backward-jump.js";
import type { Expr } from "../../ir/expr.js";
import { exprEquals } from "../../ir/expr-equals.js";
import { exprText } from "../../ir/expr-text.js";
import { pointedArgument } from "../../ir/pointed-argument.js";
import type { ProcedureFacts } from "./common-facts.js";
import type { RunCondition } from "../summaries/summary.js";
import { evalInt } from "../../ir/const-eval.js";
import { MAX_NEST_DEPTH } from "../nest-depth.js";
import { Linear, constDifference, formExpr, linearForm } from "../../ir/linear-form.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { childBlocks, childExprs, stmtExprs, walkExpr } from "../../ir/walk.js";
import { addMay, addMust, anyBox, boxContains, mentions, pointBox, provedLe, type Box, type Interval } from "./box.js";

/**
 * What a call does to the array being followed, in the caller's terms
 * (summaries/call-regions.ts): the elements it may read before writing
 * them (EUSE) and those it surely writes (DDEF), as boxes.
 */
export interface CallArrayEffect {
  euse: Box[];
  ddef: Box[];
  /** Comparisons the EUSE holds under (a summary's assumed EUSE, with `assume`): recorded in `carried` when the call is passed. */
  conditions?: RunCondition[];
}

/** Where a walk stopped: the statement's line, and the callee when a call's access stopped it. */
export interface StopPoint {
  line: number;
  call?: string;
}

/** A call's effect on the array: known, untouched (null), or unknown ("unknown"). */
export type CallEffectOn = (call: { name: string; args: readonly Expr[]; span: Expr["span"]; intrinsic?: boolean }, assume: boolean) => CallArrayEffect | null | "unknown";

export interface CoverageOptions {
  /** Scalars (and arrays, for their elements) whose values are fixed during the walk (an iteration of the loop, a call of the procedure). */
  fixed: (s: Sym) => boolean;
  lang: "fortran" | "c";
  /** C: the locals no pointer reaches (their address never taken: taken-addresses.ts), which may get phis (`joined`). */
  untaken?: (s: Sym) => boolean;
  /** What calls do to the array; without it, a call that mentions the array cannot be followed. */
  calls?: CallEffectOn;
  /**
   * The bounds assumption (seed 003): an element read lies within the
   * array's declared bounds, so a read box is covered by a written box that
   * covers its part within them (lhs(.., jsize - 1) by lhs(.., 0:jsize)).
   */
  assumeBounds?: boolean;
  /**
   * When a read is covered only if some fixed bounds compare a certain way
   * (nz >= 5 for utmp(m, 5)), take it as covered and record the comparison
   * in `conditions`, for a run-time check.
   */
  assume?: boolean;
  /**
   * COMMON scalars, and elements of COMMON arrays with constant
   * subscripts, set once for the run (common-facts.ts): `value` gives
   * what one equals wherever it is read (bounds are compared with it, and
   * values are followed through other facts: nx2 = grid_points(1) - 2),
   * `stable` says the value never changes (so it is fixed).
   */
  facts?: ProcedureFacts;
  /** Scalars' values where the walk starts (a continuation's: values-before.ts); kept when fixed. */
  initial?: readonly (readonly [Sym, Expr])[];
  /** The index of the loop whose iteration is walked: fixed within it, but not before the loop, where conditions are checked. */
  index?: Sym;
  /** Whether a call may write the variable given as its argument k (default: yes); a scalar a call only reads keeps its value. */
  argWritten?: (call: { name: string; args: readonly Expr[]; span: Expr["span"] }, k: number) => boolean;
  /**
   * Collect mode (procedure summaries): a read not covered is recorded in
   * `exposed` (EUSE) and the walk goes on; without it (privatization) the
   * first such read fails the walk.
   */
  collect?: boolean;
  /**
   * Collect mode for a yes-or-no question (liveness: is any element read
   * before it is written?): the walk ends, failed, at the first exposed
   * read. A continuation that reads a value early need not be walked to
   * its end (issue 16: LU's and BT's long procedures were walked whole,
   * once per loop asking).
   */
  firstExposure?: boolean;
  /**
   * Without `assume`: find out whether a walk with it could end otherwise
   * (`assumable`), so that a caller need not walk again to learn that it
   * would not (issue 16: the summaries walked every exposed array twice).
   */
  probeAssume?: boolean;
}

/** No inner loop: what isFixed is asked of values fixed before any loop of the walk (never changed). */
const NO_INNER: Map<Sym, Interval> = new Map();

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
  /** Where the reason in `why` was found: its line, and the call when a callee's access (or a call doall cannot follow) it is. */
  stoppedAt: StopPoint | null = null;
  /**
   * With `probeAssume`: some read was covered only under comparisons of
   * fixed values, or some call's effect has an assumed form. Until the
   * first such point a walk with `assume` is this walk step for step; with
   * none, it is this walk, with no conditions.
   */
  assumable = false;
  /** A jump was met: writes from here on are not sure. */
  private jumped = false;
  /** Inside a first walk of a loop body (dryRun). */
  private dry = false;
  /** The counted loops being walked, outermost first: what each iteration surely writes, and what was written before the loop. */
  private earlier: { index: Sym; lo: Expr; hi: Expr; down: boolean; perIteration: () => Box[]; before: Box[]; at: Expr }[] = [];
  /**
   * Scalars assigned an expression of fixed values and inner indices
   * earlier in the same iteration (`jp1 = j + 1`): subscripts that use
   * them are read through their values.
   */
  private values = new Map<Sym, Expr>();

  constructor(
    readonly sym: Sym,
    public options: CoverageOptions,
  ) {}

  /** Walks `stmts` (one iteration, one call); false when some read may see a value from before (strict mode) or an access cannot be followed. */
  run(stmts: readonly Stmt[]): boolean {
    for (const [x, v] of this.options.initial ?? []) this.define(x, v, new Map());
    return this.block(stmts, new Map(), [], false);
  }

  /** `inner`: indices of the enclosing inner loops (fixed within their iteration); `elems`: elements written earlier in this iteration. */
  private block(stmts: readonly Stmt[], inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean): boolean {
    const level = { stmts, at: 0 };
    this.lists.push(level);
    try {
      for (let i = 0; i < stmts.length; i++) {
        level.at = i;
        const label = stmts[i]!.label;
        if (label !== undefined && this.landings.has(label)) this.land(label, elems);
        // A label a later jump goes back to: the statements from it on may run again, after changing what
        // they assign (`n = n + 1; if (n .le. 15) goto 20`): no value of those is known here.
        if (label !== undefined && backwardTargets(stmts).has(i)) for (let j = i; j < stmts.length; j++) this.forget(stmts[j]!);
        this.follower = stmts[i + 1]?.label ?? null;
        if (!this.stmt(stmts[i]!, inner, elems, conditional)) return false;
      }
      return true;
    } finally {
      this.lists.pop();
    }
  }
  /** The statement lists being walked, outermost first, and the index of the statement walked in each. */
  private lists: { stmts: readonly Stmt[]; at: number }[] = [];
  /**
   * Forward GOTOs to a label later in a list being walked (F77 11.1: a
   * GOTO may not enter a block, so its target is in the GOTO's list or an
   * enclosing one): what each surely had written, their common part. The
   * statements between a GOTO and its label run only when it was not
   * taken, so their writes cover the reads after them there; at the label
   * the paths meet and only what both had stays sure (land). NPB LU's
   * ssor leaves its iteration loop by `go to 900` once converged; before,
   * every write after it was unsure, and the blocks jacld writes for blts
   * looked read after their loop. Any other jump makes later writes unsure
   * (jumped).
   */
  private landings = new Map<string, WayIn>();

  /** Whether a GOTO's target is a label later in a list being walked. */
  private ahead(label: string): boolean {
    return this.lists.some((l) => l.stmts.some((x, i) => i > l.at && x.label === label));
  }

  /** A forward GOTO: what is sure now is what its way to the label has. */
  private leaveFor(label: string, elems: readonly Expr[]): void {
    const now = { boxes: this.boxes.slice(), strided: this.strided.slice(), values: new Map(this.values), elems: elems.slice() };
    const was = this.landings.get(label);
    this.landings.set(label, was ? meet(was, now) : now);
  }

  /** At a label forward GOTOs go to: only what they and the statements before it all wrote stays sure. */
  private land(label: string, elems: Expr[]): void {
    const was = this.landings.get(label)!;
    this.landings.delete(label);
    const m = meet(was, { boxes: this.boxes, strided: this.strided, values: this.values, elems });
    this.boxes = m.boxes;
    this.strided = m.strided;
    this.values = m.values;
    for (let n = elems.length - 1; n >= 0; n--) if (!m.elems.includes(elems[n]!)) elems.splice(n, 1);
  }
  /** The label of the statement after the one being walked (a loop reads it first: a GOTO there only ends the loop early). */
  private follower: string | null = null;
  /**
   * Must-writes over a strided index set: MG's rprj3 writes x1(i1 - 1),
   * i1 = 2*j1 - d1, for j1 = 2..m1j: in dimension `dim` the elements lo,
   * lo + stride, ..., hi. Kept apart from `boxes`, which the users of a
   * walk (summaries, liveness) read as contiguous; only this walk's own
   * reads consult them.
   */
  private strided: Strided[] = [];

  private stmt(s: Stmt, inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean): boolean {
    if (s.kind === "goto" && this.ahead(s.target)) {
      this.leaveFor(s.target, elems);
      return true;
    }
    if (isJump(s)) {
      this.jumped = true;
      // What a jump evaluates is read (C's `return w[3];` reads w after every loop before it).
      if (s.kind === "return") return !s.value || this.reads(s.value, inner, elems);
      return s.kind === "computed-goto" ? this.reads(s.index, inner, elems) : s.kind === "arith-if" ? this.reads(s.expr, inner, elems) : true;
    }
    if (s.kind === "loop") return this.loop(s, inner, elems, conditional);
    if (s.kind === "if") {
      if (!this.reads(s.cond, inner, elems)) return false;
      // A condition that assigns (C's `if (n++ > 3)`, a function writing its argument) does so before either branch.
      if (exprHasSideEffects(s.cond)) this.forget({ kind: "expr", expr: s.cond, span: s.span } as Stmt);
      // A branch's writes cover the reads after them in that branch (when it runs, they ran), not
      // what follows the IF: each branch starts from the boxes before it, and they are restored after.
      const saved = new Map(this.values);
      const boxes = this.boxes;
      const strided = this.strided;
      this.boxes = boxes.slice();
      const ok = this.block(s.then, inner, [...elems], conditional);
      const afterThen = this.values;
      this.values = new Map(saved);
      this.boxes = boxes.slice();
      this.strided = strided;
      const ok2 = ok && this.block(s.else, inner, [...elems], conditional);
      const afterElse = this.values;
      this.values = saved;
      this.boxes = boxes;
      this.strided = strided;
      this.forget(s);
      this.joined(s, (x) => saved.has(x) || afterThen.has(x) || afterElse.has(x));
      return ok2;
    }
    if (s.kind === "assign") {
      // Conservative: what the statement assigns on the way (C's `m = n++`, a function that writes its
      // argument or a COMMON scalar) is no longer what the walk remembered, once the statement is done.
      const effects = hasSideEffects(s);
      // The value stored in a scalar, with the values before the statement.
      const stored = (x: Sym) => {
        const v = this.subst(s.rhs);
        if (effects) this.forget(s);
        this.define(x, v, inner);
      };
      // Nothing of the array in it (most statements of a body, for each array a summary follows): only
      // what a scalar assignment tells of the subscripts read later.
      if (this.noAccess(s)) {
        if (s.lhs.kind === "var" && s.lhs.sym.dims.length === 0) stored(s.lhs.sym);
        else if (effects) this.forget(s);
        return true;
      }
      if (!this.reads(s.rhs, inner, elems)) return false;
      if (s.lhs.kind === "elem" && s.lhs.sym === this.sym) {
        for (const x of s.lhs.subs) if (!this.reads(x, inner, elems)) return false;
        const subs = s.lhs.subs.map((x) => this.subst(x));
        if (this.sure(conditional) && subs.every((x) => this.isFixed(x, inner))) {
          elems.push({ ...s.lhs, subs });
          this.boxes = addMust(this.boxes, pointBox(subs));
        }
        if (effects) this.forget(s);
        return true;
      }
      if (s.lhs.kind === "var" && s.lhs.sym.dims.length === 0 && s.lhs.sym !== this.sym) {
        stored(s.lhs.sym);
        return true;
      }
      if ((s.lhs.kind === "var" || s.lhs.kind === "section") && s.lhs.sym === this.sym) {
        // A whole-array or section store: sure when its extent is known.
        if (s.lhs.kind === "section") for (const sub of s.lhs.subs) for (const q of sub.kind === "triplet" ? [sub.lo, sub.hi, sub.stride] : [sub]) if (q && !this.reads(q, inner, elems)) return false;
        const box = this.extent(s.lhs, inner);
        const unitStride = s.lhs.kind === "var" || s.lhs.subs.every((x) => x.kind !== "triplet" || !x.stride || evalInt(x.stride) === 1);
        if (box && unitStride && this.sure(conditional)) this.boxes = addMust(this.boxes, box);
        if (effects) this.forget(s);
        return true;
      }
      const ok = this.reads(s.lhs, inner, elems, true);
      if (effects) this.forget(s);
      return ok;
    }
    this.forget(s);
    if (s.kind === "call") return this.call(s.name, s.args, s.span, inner, elems, conditional, false, s.intrinsic);
    if (s.kind === "block") return this.block(s.body, inner, elems, conditional);
    // The first pass of an array assignment that reads what it stores (array-assign.ts): reads only.
    if (s.kind === "expr" && readsOnly(s.expr)) return this.reads(s.expr, inner, elems);
    if (s.kind === "switch") {
      if (!this.noAccess(s)) return this.fail("it is accessed in a statement doall does not follow", { line: s.span.line });
      if (leaves(s)) this.jumped = true;
      return true;
    }
    for (const e of stmtExprs(s)) if (this.accesses(e)) return this.fail(`line ${s.span.line} uses it in a way doall does not follow`, { line: s.span.line });
    return true;
  }

  /** A scalar assigned `v` (substituted): remembered when `v` is fixed, forgotten otherwise; values that used it are stale. */
  private define(x: Sym, v: Expr, inner: Map<Sym, Interval>): void {
    for (const [y, w] of this.values) if (namesOf(w).has(x)) this.values.delete(y);
    // Conservative: a scalar in an EQUIVALENCE changes the others of its group (`equivalence (n, m)`, then
    // `m = 25` moves n): no value of any of them, nor one naming them, is kept.
    if (x.equivalence !== undefined) return this.forgetGroup(x);
    if (this.isFixed(v, inner) && !mentions(v, x)) this.values.set(x, v);
    else this.values.delete(x);
  }

  /** Forgets every remembered value of the EQUIVALENCE group of `x`, and every value naming one of them. */
  private forgetGroup(x: Sym): void {
    const group = (y: Sym) => y.equivalence === x.equivalence;
    for (const [y, w] of this.values) if (group(y) || [...namesOf(w)].some(group)) this.values.delete(y);
  }

  /**
   * After an IF, a scalar of the procedure's own that a branch assigns has
   * a value the walk does not know, but one that stays until the scalar is
   * assigned again: a name of its own (a phi), fixed. NPB FT's fftXYZ sets
   * `ble = bls + fftblock - 1` then `if (ble .gt. n2) ble = n2`, and its
   * loops over j = bls..ble write the rows they then read. A phi made in a
   * loop's body names one iteration's value: nothing the walk keeps after
   * the loop may name it (leftLoop). In C only a local whose address the
   * procedure never takes (`untaken`: no pointer reaches it; NPB-C FT's ble).
   */
  private joined(s: Stmt, known: (x: Sym) => boolean): void {
    const untaken = this.options.untaken;
    if (this.options.lang !== "fortran" && !untaken) return;
    const set = assignedBy(s, this.options.argWritten);
    for (const x of set) {
      // Only a scalar the walk followed (a value before the IF, or from a branch): bounds are made of those.
      if (!known(x) || x === this.sym || x.dims.length > 0 || x.storage !== "local" || x.equivalence !== undefined || x.attrs.pointer || x.attrs.target || x.type.base !== "integer") continue;
      if (this.options.lang === "c" && !untaken?.(x)) continue;
      const phi: Sym = { ...x, id: -1_000_000 - this.phiOrder.size, name: `${x.name}'` };
      this.phiOrder.set(phi, this.phiOrder.size);
      this.values.set(x, { kind: "var", sym: phi, span: s.span, type: x.type } as Expr);
    }
  }
  private readonly phiOrder = new Map<Sym, number>();
  /** Indices of the loops walked any number of times (anyTimes) around the statement: fixed within an iteration. */
  private readonly steady = new Set<Sym>();

  /** Whether `e` names a phi made since `mark` (phiOrder.size when a loop started). */
  private namesPhiSince(e: Expr, mark: number): boolean {
    if (this.phiOrder.size === mark) return false;
    let yes = false;
    walkExpr(e, (x) => void (x.kind === "var" && (this.phiOrder.get(x.sym) ?? -1) >= mark && (yes = true)));
    return yes;
  }

  /** Leaving a loop: what names a phi of its body (one iteration's value) is dropped from `boxes` and the values. */
  private leftLoop(mark: number, boxes: Box[]): Box[] {
    if (this.phiOrder.size === mark) return boxes;
    for (const [x, v] of this.values) if (this.namesPhiSince(v, mark)) this.values.delete(x);
    return boxes.filter((b) => !b.some((r) => r && (this.namesPhiSince(r.lo, mark) || this.namesPhiSince(r.hi, mark))));
  }

  /** Forgets the values of every scalar a statement (and what it contains) may assign. */
  private forget(s: Stmt): void {
    if (this.values.size === 0) return;
    this.forgetAssigned(s);
  }

  /** forget's work when values are remembered, apart: its closures made every call allocate a context. */
  private forgetAssigned(s: Stmt): void {
    const set = assignedBy(s, this.options.argWritten);
    // One pass over the values, not one per assigned scalar.
    if (set.size > 0) this.dropNaming(set);
    // What shares its storage changes with it (EQUIVALENCE).
    for (const x of set) if (x.equivalence !== undefined) this.forgetGroup(x);
    // A call may also assign what its callee names itself (a COMMON, module or C global scalar), or what a
    // pointer it was given reaches (a C local whose address was taken): `calls` tells the walk of its array
    // only. Conservative: every remembered value of such a scalar that is not fixed for the walk, and every
    // value naming one, is dropped.
    if (usesOf(s).calls.length > 0) {
      const reached = (x: Sym) => !this.options.fixed(x) && (x.storage === "common" || x.storage === "module" || x.storage === "global" || (this.options.lang === "c" && !this.options.untaken?.(x)));
      this.dropNaming({ has: reached });
    }
  }

  /** Drops the value of every scalar `of` has, and every value naming one (whatever was dropped before it). */
  private dropNaming(of: { has(x: Sym): boolean }): void {
    for (const [y, w] of this.values) {
      if (of.has(y)) this.values.delete(y);
      else
        for (const n of namesOf(w))
          if (of.has(n)) {
            this.values.delete(y);
            break;
          }
    }
  }

  /** `e` with the remembered scalars replaced by their values. */
  private subst(e: Expr): Expr {
    const facts = this.options.facts;
    if (this.values.size === 0 && !facts) return e;
    // A fact's value is in terms of other facts, which may have values too (nx2 = grid_points(1) - 2): bounded.
    let depth = 0;
    const fact = (v: Expr | undefined): Expr | undefined => {
      if (!v || depth >= 8) return v;
      depth++;
      const out = go(v);
      depth--;
      return out;
    };
    // A node none of whose parts change is returned itself: what is keyed or formed per node (exprKey,
    // linearForm) is then not made again for a copy (issue 16).
    const list = (xs: Expr[]): Expr[] => {
      const ys = xs.map(go);
      return ys.every((y, k) => y === xs[k]) ? xs : ys;
    };
    const go = (x: Expr): Expr => {
      switch (x.kind) {
        case "var":
          return this.values.get(x.sym) ?? (x.sym.dims.length === 0 ? fact(facts?.value(x.sym)) : undefined) ?? x;
        case "binary": {
          const left = go(x.left);
          const right = go(x.right);
          return left === x.left && right === x.right ? x : { ...x, left, right };
        }
        case "unary":
        case "cast": {
          const operand = go(x.operand);
          return operand === x.operand ? x : { ...x, operand };
        }
        case "elem": {
          const subs = list(x.subs);
          const e = subs === x.subs ? x : { ...x, subs };
          return (x.sym !== this.sym ? fact(facts?.elemValue?.(e)) : undefined) ?? e;
        }
        case "call": {
          if (!(x.intrinsic && x.pure)) return x;
          const args = list(x.args);
          return args === x.args ? x : { ...x, args };
        }
        default:
          return x;
      }
    };
    return go(e);
  }

  private sure(conditional: boolean): boolean {
    return !conditional && !this.jumped;
  }

  private loop(s: Loop, inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean): boolean {
    if (this.noAccess(s)) {
      // A jump inside still makes later writes unsure (one to the statement right after the loop does not).
      if (leaves(s, this.follower)) this.jumped = true;
      // Conservative: what it assigns is no longer what the walk remembered (`n = 10`, then a loop doing
      // `n = n + i`, then a read of a(n): a(n) is not the a(10) written before the loop).
      this.forget(s);
      return true;
    }
    // Bounded (issue 21): each level of a walk costs in proportion to the levels around it.
    if (this.levels >= MAX_NEST_DEPTH) return this.fail(`it is accessed in loops nested deeper than ${MAX_NEST_DEPTH}`);
    this.levels++;
    try {
      return this.levelLoop(s, inner, elems, conditional);
    } finally {
      this.levels--;
    }
  }
  private levels = 0;

  private levelLoop(s: Loop, inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean): boolean {
    const step = s.step ? evalInt(s.step) : 1;
    if (s.form !== "do" || !s.index || !s.lower || !s.upper || (step !== 1 && step !== -1)) return this.anyTimes(s, inner, elems, conditional);
    // Bounds through the scalars assigned before the loop (jsize = grid_points(2) - 1); a loop counting
    // down by one takes the same values, from the other end.
    const lower = this.subst(step === 1 ? s.lower : s.upper);
    const upper = this.subst(step === 1 ? s.upper : s.lower);
    if (!this.isFixed(lower, inner) || !this.isFixed(upper, inner)) return this.anyTimes(s, inner, elems, conditional);
    const k = s.index;
    const follower = this.follower;
    const outer = this.boxes;
    this.boxes = outer.slice();
    const outerStrided = this.strided;
    this.strided = outerStrided.slice();
    const mark = this.phiOrder.size;
    // Values the body assigns change from one iteration to the next.
    this.forget(s);
    const here = new Map(inner).set(k, { lo: lower, hi: upper });
    const wasJumped = this.jumped;
    // What every iteration surely writes (a first walk, its findings discarded): a later iteration may
    // read what an earlier one wrote (lhs(.., j - 1) after lhs(.., j)).
    // Bounded: two levels of loops, and none inside a first walk (each level would double the walks).
    // A body that writes nothing of the array surely writes nothing per iteration: no first walk (issue 16:
    // most arrays a summary follows are only read in a given loop). Otherwise the first walk is made when a
    // read first asks for it (byEarlier), from the state here: most loops never ask (NPB BT: 37 of 312).
    const perIteration = this.earlier.length < 2 && !this.dry && this.writes(s) ? this.deferredDryRun(s.body, here, elems.filter((e) => !mentions(e, k)), conditional, outer) : () => [];
    // `at`: the index as an expression, one node for every read of the loop (its linear form is kept per node).
    this.earlier.push({ index: k, lo: lower, hi: upper, down: step === -1, perIteration, before: outer, at: { kind: "var", sym: k, span: lower.span } as Expr });
    // A jump inside the body that does not leave it (CYCLE of this loop, a GOTO to a label of the body)
    // makes unsure what follows it in the same iteration only.
    const ok = this.block(s.body, here, elems.filter((e) => !mentions(e, k)), conditional);
    this.earlier.pop();
    if (!ok) return false;
    const made = this.leftLoop(mark, this.boxes.filter((b) => !outer.includes(b)));
    this.boxes = outer;
    this.strided = outerStrided;
    this.forget(s);
    for (const [x, v] of this.values) if (namesOf(v).has(k)) this.values.delete(x);
    // Leaving early (EXIT, a GOTO out) leaves the loop's writes unsure; what follows the loop is unsure
    // only when the jump goes elsewhere than to the statement right after it (EP's `goto 130`).
    const early = leaves(s);
    this.jumped = wasJumped || leaves(s, follower);
    const trips = constTrip(lower, upper);
    if (!early)
      for (const b of made) {
        const w = widen(b, k, lower, upper, trips);
        if (w) this.boxes = addMust(this.boxes, w);
        else {
          const st = widenStrided(b, k, lower, upper);
          if (st) this.strided = [...this.strided, st];
        }
      }
    // Elements written inside are not known to be written for the index's current value any more.
    for (let n = elems.length - 1; n >= 0; n--) if (mentions(elems[n]!, k)) elems.splice(n, 1);
    return true;
  }

  /**
   * dryRun of a loop's body as the walk stands at the loop, made when
   * first asked (and then remembered): whatever the walk has done since,
   * the state the first walk reads (values, jumps and labels ahead, the
   * enclosing loops, the statement lists around it) is put back to what
   * it was here for its length, then restored.
   */
  private deferredDryRun(body: readonly Stmt[], here: Map<Sym, Interval>, elems: Expr[], conditional: boolean, outer: Box[]): () => Box[] {
    const at = {
      strided: this.strided,
      exposed: this.exposed,
      jumped: this.jumped,
      landings: new Map(this.landings),
      values: new Map(this.values),
      lists: this.lists.map((l) => ({ stmts: l.stmts, at: l.at })),
      follower: this.follower,
      levels: this.levels,
      earlier: this.earlier.slice(),
      steady: [...this.steady],
    };
    let made: Box[] | null = null;
    return () => {
      if (made) return made;
      const now = { strided: this.strided, exposed: this.exposed, jumped: this.jumped, landings: this.landings, values: this.values, lists: this.lists, follower: this.follower, levels: this.levels, earlier: this.earlier, steady: [...this.steady], dry: this.dry };
      Object.assign(this, { strided: at.strided, exposed: at.exposed, jumped: at.jumped, landings: new Map(at.landings), values: new Map(at.values), lists: at.lists.map((l) => ({ ...l })), follower: at.follower, levels: at.levels, earlier: at.earlier });
      this.steady.clear();
      for (const x of at.steady) this.steady.add(x);
      try {
        made = this.dryRun(body, here, elems, conditional, outer);
      } finally {
        Object.assign(this, { strided: now.strided, exposed: now.exposed, jumped: now.jumped, landings: now.landings, values: now.values, lists: now.lists, follower: now.follower, levels: now.levels, earlier: now.earlier, dry: now.dry });
        this.steady.clear();
        for (const x of now.steady) this.steady.add(x);
      }
      return made;
    };
  }

  /**
   * The boxes one iteration of a loop body surely writes (the index a
   * point), from a walk whose exposures and failures are thrown away: the
   * walker's state is put back as it was.
   */
  private dryRun(body: readonly Stmt[], here: Map<Sym, Interval>, elems: Expr[], conditional: boolean, outer: Box[]): Box[] {
    const saved = { boxes: this.boxes, strided: this.strided, exposed: this.exposed, exposedAll: this.exposedAll, why: this.why, stoppedAt: this.stoppedAt, jumped: this.jumped, landings: new Map(this.landings), values: new Map(this.values), collect: this.options.collect, assume: this.options.assume, conditions: this.conditions, carried: this.carried };
    this.boxes = outer.slice();
    this.conditions = [];
    this.carried = [];
    this.options = { ...this.options, collect: true, assume: false };
    this.dry = true;
    const ok = this.block(body, here, elems.slice(), conditional);
    this.dry = false;
    const made = ok ? this.boxes.filter((b) => !outer.includes(b)) : [];
    Object.assign(this, { boxes: saved.boxes, strided: saved.strided, exposed: saved.exposed, exposedAll: saved.exposedAll, why: saved.why, stoppedAt: saved.stoppedAt, jumped: saved.jumped, landings: saved.landings, values: saved.values, conditions: saved.conditions, carried: saved.carried });
    this.options = { ...this.options, collect: saved.collect, assume: saved.assume };
    return made;
  }

  /**
   * Whether a read box (a point in an enclosing loop's index, k + r, in
   * one dimension) holds only elements an earlier iteration of that loop
   * surely wrote (every iteration writes k + w there, w > r counting up,
   * w < r counting down) or that were written before the loop (the first
   * iterations' reads, which no earlier iteration wrote): seed 004's
   * Case 3 run inside the iteration being checked.
   */
  private byEarlier(box: Box, inner: Map<Sym, Interval>): boolean {
    const keys = [...inner.keys()];
    for (const l of this.earlier) {
      const at = keys.indexOf(l.index);
      if (at < 0) continue;
      // The loops nested in l: their indices run over their ranges within one of l's iterations.
      const nested = new Map(keys.slice(at + 1).map((x) => [x, inner.get(x)!] as const));
      const kv = l.at;
      for (let d = 0; d < box.length; d++) {
        const r = box[d];
        if (!r) continue;
        const rd = constDifference(r.lo, kv);
        if (rd === null || constDifference(r.hi, kv) !== rd) continue;
        // The other dimensions over the nested loops' ranges; none may use l's index.
        const rest: Box = [];
        let ok = true;
        box.forEach((x, e) => {
          if (e === d) return void rest.push(x);
          const lo = x && this.end(x.lo, nested, "lo");
          const hi = x && this.end(x.hi, nested, "hi");
          if (!lo || !hi || mentions(lo, l.index) || mentions(hi, l.index)) ok = false;
          rest.push(lo && hi ? { lo, hi } : null);
        });
        if (!ok) continue;
        for (const w of l.perIteration()) {
          const wd = w[d] ? constDifference(w[d]!.lo, kv) : null;
          if (wd === null || constDifference(w[d]!.hi, kv) !== wd || (l.down ? wd >= rd : wd <= rd)) continue;
          if (!rest.every((x, e) => e === d || (x && w[e] && boxContains([w[e]], [x])))) continue;
          // The first iterations read what no earlier one wrote: it must have been written before the loop.
          const first = l.down ? { lo: plus(l.hi, wd + 1), hi: plus(l.hi, rd) } : { lo: plus(l.lo, rd), hi: plus(l.lo, wd - 1) };
          const initial = rest.map((x, e) => (e === d ? first : x));
          if (l.before.some((b) => this.holds(b, initial))) return true;
        }
      }
    }
    return false;
  }

  /**
   * A loop whose iterations cannot be followed one index value at a time
   * (not a unit-step counted loop, or bounds not fixed): its body may run
   * any number of times, with any index values. Its reads are checked
   * against what was written before it, and earlier in the same
   * iteration (an iteration that runs, runs its straight-line code: BT's
   * `tmp1 = dt * tx1` before its reads, in a loop whose bound is not
   * known in a continuation); its writes are not sure after it.
   */
  private anyTimes(s: Loop, inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean): boolean {
    const follower = this.follower;
    for (const x of s.init ?? []) if (!this.stmt(x, inner, elems, false)) return false;
    this.forget(s);
    for (const e of [s.lower, s.upper, s.step, s.cond]) if (e && !this.reads(e, inner, elems)) return false;
    const wasJumped = this.jumped;
    const mine = elems.filter((e) => !s.index || !mentions(e, s.index));
    // Writes of one iteration cover its later reads; none is sure once the loop is done (it may run no iteration).
    const outer = this.boxes;
    const outerStrided = this.strided;
    this.boxes = outer.slice();
    const mark = this.phiOrder.size;
    // A counted loop's index (stepping by a variable: NPB FT's `do bls = 1, n2, fftblock`) keeps its value
    // through an iteration: fixed there, as a name of that iteration's value (its own map of inner loops:
    // what is fixed is remembered per map).
    const steady = s.form === "do" && s.index && !s.body.some((x) => assignedBy(x, this.options.argWritten).has(s.index!)) ? s.index : null;
    const here = steady ? new Map(inner) : inner;
    if (steady) this.steady.add(steady);
    let ok: boolean;
    try {
      ok = this.block([...s.body, ...(s.update ?? [])], here, mine, conditional);
    } finally {
      if (steady) this.steady.delete(steady);
    }
    this.boxes = outer;
    this.strided = outerStrided;
    this.forget(s);
    this.leftLoop(mark, []);
    this.jumped = wasJumped || leaves(s, follower);
    if (s.index) for (let n = elems.length - 1; n >= 0; n--) if (mentions(elems[n]!, s.index)) elems.splice(n, 1);
    return ok;
  }

  /** A call (statement or function): what it reads of the array before writing must be covered; what it surely writes is. */
  private call(name: string, args: readonly Expr[], span: Expr["span"], inner: Map<Sym, Interval>, elems: Expr[], conditional: boolean, pure: boolean, intrinsic?: boolean): boolean {
    const touches = args.some((a) => this.mentionsArray(a));
    // A pure function only reads its arguments; any other call is what `calls` says (unknown when it is not told).
    const site = siteOf({ name, args, span, intrinsic });
    const eff = pure ? null : this.options.calls ? this.options.calls(site, !!this.options.assume) : touches ? "unknown" : null;
    if (eff !== null && this.probing()) {
      const assumed = this.options.calls!(site, true);
      if (assumed !== null && assumed !== "unknown" && assumed.conditions !== undefined) this.assumable = true;
    }
    // The values of arguments are read (subscripts of elements passed, expressions).
    for (const written of args) {
      // C's &w[k][0], (double *)w, w[k] + 1 (pointed-argument.ts): the address of the element passed is
      // not a read of it (what the callee does there, `eff` says); its subscripts are read.
      const arg = this.options.lang === "c" ? pointedArgument(written) : written;
      const a = arg.kind === "addr" && (arg.operand.kind === "elem" || arg.operand.kind === "var") && arg.operand.sym === this.sym && eff !== null ? arg.operand : arg;
      if ((a.kind === "elem" || a.kind === "section" || a.kind === "var") && a.sym === this.sym && eff !== null) {
        if (a.kind === "elem") for (const x of a.subs) if (!this.reads(x, inner, elems)) return false;
        if (a.kind === "section") for (const sub of a.subs) for (const q of sub.kind === "triplet" ? [sub.lo, sub.hi, sub.stride] : [sub]) if (q && !this.reads(q, inner, elems)) return false;
        continue;
      }
      if (!this.reads(a, inner, elems)) return false;
    }
    if (eff === null) return true;
    const at = { line: span.line, call: name };
    if (eff === "unknown") return this.fail(`it is passed to ${name} (line ${span.line}), which doall cannot follow`, at);
    // The boxes' bounds through the scalars assigned earlier (an actual lhs(1, 1, aa, jsize)).
    const placed = (b: Box): Box => b.map((r) => r && { lo: this.subst(r.lo), hi: this.subst(r.hi) });
    for (const b of eff.euse) if (!this.readBox(placed(b), inner, `${name} (line ${span.line}) may read an element written in another iteration`, at)) return false;
    for (const c of eff.conditions ?? []) if (!this.carried.some((x) => x.proc === c.proc && exprEquals(x.expr, c.expr))) this.carried.push(c);
    if (this.sure(conditional))
      for (const b of eff.ddef.map(placed)) if (b.every((r) => r && this.isFixed(r.lo, inner) && this.isFixed(r.hi, inner))) this.boxes = addMust(this.boxes, b);
    return true;
  }

  /** A read of every element of `box` (bounds in terms of fixed scalars and inner indices): covered by a box written before? */
  private readBox(box: Box, inner: Map<Sym, Interval>, why: string, at: StopPoint): boolean {
    if (box.some((r) => !r || !this.isFixed(r.lo, inner) || !this.isFixed(r.hi, inner))) return this.uncovered(anyBox(box.length), why, true, at);
    if (this.readCovered(box, inner, true)) return true;
    const wide = this.spread(box, inner);
    return this.uncovered(wide ?? anyBox(box.length), why, !wide, at);
  }

  /**
   * Whether a read box (fixed, or a point of the current inner
   * iterations when `point`) holds only elements written before: in this
   * iteration, by an earlier iteration of an inner loop, or, over the
   * whole ranges of the enclosing inner loops, before them. Proved first;
   * with `assume`, then also when some bounds compare as the walk needs
   * (each such comparison recorded in `conditions`, to be checked at run
   * time).
   */
  private readCovered(box: Box, inner: Map<Sym, Interval>, point: boolean): boolean {
    const attempt = (): boolean => {
      if (point && (this.holdsIn(this.boxes, box) || this.byEarlier(box, inner) || this.stridedHolds(box, inner))) return true;
      // Over the whole ranges of the enclosing inner loops, against boxes written before them.
      const wide = this.spread(box, inner);
      const before = this.boxes.filter((b) => b.every((r) => !r || ![...inner.keys()].some((k) => mentions(r.lo, k) || mentions(r.hi, k))));
      return !!wide && this.holdsIn(before, wide);
    };
    if (attempt()) return true;
    if (!this.options.assume) {
      if (this.probing()) {
        this.pending = [];
        if (attempt()) this.assumable = true;
        this.pending = null;
      }
      return false;
    }
    this.pending = [];
    const ok = attempt();
    if (ok) for (const c of this.pending) if (!this.conditions.some((x) => exprEquals(x, c))) this.conditions.push(c);
    this.pending = null;
    return ok;
  }

  /**
   * Whether one of the written boxes holds the read box; assuming, the one
   * that needs the fewest comparisons: SP's lhs(3, i, 1) lies in the loop's
   * lhs(1:5, i, 1:ny2) when 1 <= ny2, not in lhsinitj's lhs(1:5, i, ny2+1)
   * when ny2 + 1 = 1, which would make the check fail on every real grid.
   */
  private holdsIn(boxes: readonly Box[], r: Box): boolean {
    const pending = this.pending;
    if (pending === null) return boxes.some((b) => this.holds(b, r));
    const at = pending.length;
    // The comparisons the best box needs so far (each try's are taken back).
    let best: Expr[] | null = null;
    for (const b of boxes) {
      if (this.holds(b, r) && (best === null || pending.length - at < best.length)) best = pending.slice(at);
      pending.length = at;
      if (best?.length === 0) break;
    }
    if (best) pending.push(...best);
    return best !== null;
  }

  /**
   * Whether a written box holds every element of a read box that a
   * correct program can read: all of it, or (with the bounds assumption)
   * its part within the array's declared bounds, each end of the read
   * clipped to the declared one when that is what the written box reaches.
   */
  private holds(w: Box, r: Box): boolean {
    if (boxContains(w, r)) return true;
    if (w.length !== r.length) return false;
    const dims = w.length === this.sym.dims.length && this.options.assumeBounds ? this.sym.dims : null;
    const needed: Expr[] = [];
    // Loops and a method rather than `every` and a closure: this runs for every box a read is checked against.
    for (let k = 0; k < w.length; k++) {
      const x = w[k];
      if (x === null || x === undefined) continue;
      const y = r[k];
      if (!y) return false;
      const d = dims?.[k];
      const lo = (d && provedLe(x.lo, d.lower)) || this.le(x.lo, y.lo, needed);
      const hi = (d && d.upper !== null && provedLe(d.upper, x.hi)) || this.le(y.hi, x.hi, needed);
      if (!(lo && hi)) return false;
    }
    if (needed.length) this.pending!.push(...needed);
    return true;
  }

  /** a <= b: proved, or (assuming) a comparison of values fixed before the loop, to check then (added to `needed`). */
  private le(a: Expr, b: Expr, needed: Expr[]): boolean {
    // Decided by the linear forms (b - a a constant): never a condition.
    const d = constDifference(b, a);
    if (d !== null) return d >= 0;
    if (this.pending === null || !this.isFixed(a, NO_INNER) || !this.isFixed(b, NO_INNER)) return false;
    const i = this.options.index;
    if (i && (mentions(a, i) || mentions(b, i))) return false;
    needed.push({ kind: "binary", op: "<=", left: a, right: b, span: a.span, type: { base: "logical" } } as Expr);
    return true;
  }

  /** Comparisons of fixed values the walk relied on (with `assume`): all must hold at run time. */
  conditions: Expr[] = [];
  /** Comparisons callees' assumed EUSE relied on (CallArrayEffect.conditions): all must hold too. */
  carried: RunCondition[] = [];
  /** While an assuming pass runs: the comparisons it needs so far. */
  private pending: Expr[] | null = null;

  /** Whether this walk is still looking for a point where an assuming walk would part from it (dry runs assume nothing in either). */
  private probing(): boolean {
    return !!this.options.probeAssume && !this.options.assume && !this.assumable && !this.dry;
  }

  /** A read not covered: fails the walk, or (collect mode) is recorded as exposed. */
  private uncovered(box: Box, why: string | (() => string), all: boolean, at: StopPoint): boolean {
    const failed = () => this.fail(typeof why === "string" ? why : why(), at);
    if (!this.options.collect) return failed();
    if (all) this.exposedAll = true;
    else this.exposed = addMay(this.exposed, box);
    // A yes-or-no walk ends at the first exposure; a dry run's exposures are thrown away: it goes on.
    return this.options.firstExposure && !this.dry ? failed() : true;
  }

  /** Every reference to the array in `e` is an element read covered by earlier writes. */
  private reads(e: Expr, inner: Map<Sym, Interval>, elems: readonly Expr[], asTarget = false): boolean {
    let ok = true;
    const visit = (x: Expr): void => {
      if (!ok) return;
      if (x.kind === "call" && !(x.intrinsic && x.pure)) {
        // A function's writes are never sure (its value may not be needed: C's && and ?:, Fortran may skip it).
        ok = this.call(x.name, x.args, x.span, inner, elems as Expr[], true, !!x.pure, x.intrinsic);
        return;
      }
      if (x.kind === "elem" && x.sym === this.sym) {
        x.subs.forEach(visit);
        if (!ok) return;
        const subs = x.subs.map((q) => this.subst(q));
        const el = { ...x, subs };
        if (elems.some((w) => exprEquals(w, el))) return;
        if (this.readCovered(pointBox(subs), inner, subs.every((q) => this.isFixed(q, inner)))) return;
        const wide = this.spread(pointBox(subs), inner);
        // The reason printed only when a failed walk keeps it (collect mode records the box alone).
        ok = this.uncovered(wide ?? anyBox(x.subs.length), () => `${exprText(x, this.options.lang)} (line ${x.span.line}) may read a value written in another iteration`, !wide, { line: x.span.line });
        return;
      }
      if ((x.kind === "var" || x.kind === "section") && x.sym === this.sym) {
        // A whole array or a section read (SUM(w), w(2:k)) is covered when its box, every element
        // it may read, lies in one box written before.
        if (x.kind === "section") for (const sub of x.subs) (sub.kind === "triplet" ? [sub.lo, sub.hi, sub.stride] : [sub]).forEach((q) => q && visit(q));
        const box = this.extent(x, inner);
        if (!box || !this.boxes.some((b) => this.holds(b, box))) ok = this.uncovered(box ?? anyBox(this.sym.dims.length), `line ${x.span.line} uses the whole array or a section`, !box, { line: x.span.line });
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
   * Whether a read point (the current inner iterations) lies, over the
   * whole ranges of the inner indices, in a strided must-write: in the
   * strided dimension the read is a*k + c for one inner index k (or no
   * index), a multiple of the stride apart from the write's start and
   * within its ends; the other dimensions spread over the inner ranges
   * lie in the write's intervals. Proved only (no run-time condition).
   */
  private stridedHolds(box: Box, inner: Map<Sym, Interval>): boolean {
    return this.strided.some((st) => {
      if (box.length !== st.box.length) return false;
      return box.every((r, d) => {
        const w = st.box[d]!;
        if (!r) return false;
        const lo = this.end(r.lo, inner, "lo");
        const hi = this.end(r.hi, inner, "hi");
        if (!lo || !hi) return false;
        if (d !== st.dim) return provedLe(w.lo, lo) && provedLe(hi, w.hi);
        // The strided dimension: one value per iteration, stepping by a multiple of the stride.
        if (constDifference(r.hi, r.lo) !== 0) return false;
        for (const t of linearForm(r.lo).terms) if (t.e.kind === "var" && inner.has(t.e.sym) && t.coef % st.stride !== 0) return false;
        const off = constDifference(lo, w.lo);
        return off !== null && off >= 0 && off % st.stride === 0 && provedLe(hi, w.hi);
      });
    });
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
    // Remembered per set of inner loops (a map is made once per loop level and never changed) and
    // expression: the same subscripts are spread again for each box they are compared with (issue 16).
    let perInner = this.ends.get(inner);
    if (!perInner) this.ends.set(inner, (perInner = new WeakMap()));
    let both = perInner.get(e);
    if (!both) perInner.set(e, (both = {}));
    let r = both[which];
    if (r === undefined) r = both[which] = this.plainEnd(e, inner, which) ?? this.projectedEnd(e, inner, which);
    return r;
  }
  private readonly ends = new WeakMap<Map<Sym, Interval>, WeakMap<Expr, { lo?: Expr | null; hi?: Expr | null }>>();

  /**
   * The end by project.ts, where plainEnd has none: inner bounds that name
   * outer inner indices (triangular), or a min or max of changing values
   * (NPB LU's blts_vec reads ldy(m, n, i, l - i) for i from max(l - jend,
   * ist) to min(l - jst, iend)); null if that has none either.
   */
  private projectedEnd(e: Expr, inner: Map<Sym, Interval>, which: "lo" | "hi"): Expr | null {
    const v = (sym: Sym): Expr => ({ kind: "var", sym, span: e.span });
    const r = projectSide(e, which, inner, (s) => !inner.has(s) && this.isFixed(v(s), NO_INNER), 0);
    return r && this.isFixed(r, NO_INNER) ? r : null;
  }

  private plainEnd(e: Expr, inner: Map<Sym, Interval>, which: "lo" | "hi"): Expr | null {
    const f = linearForm(e);
    const l = new Linear();
    l.constant = f.constant;
    for (const t of f.terms) {
      const k = t.e.kind === "var" && inner.has(t.e.sym) ? t.e.sym : null;
      if (k) {
        const r = inner.get(k)!;
        if (!this.isFixed(r.lo, NO_INNER) || !this.isFixed(r.hi, NO_INNER)) return null;
        l.add((t.coef > 0) === (which === "lo") ? r.lo : r.hi, t.coef);
      } else {
        if (!this.isFixed(t.e, NO_INNER)) return null;
        l.add(t.e, t.coef);
      }
    }
    return formExpr(l, e.span);
  }

  /** Built from literals, named constants, fixed scalars, elements of fixed arrays and the current inner indices. */
  isFixed(e: Expr, inner: Map<Sym, Interval>): boolean {
    // What is fixed depends on the walk's options (the same for the whole walk) and the inner loops.
    let perInner = this.fixedIn.get(inner);
    if (!perInner) this.fixedIn.set(inner, (perInner = new WeakMap()));
    let known = perInner.get(e);
    if (known === undefined) perInner.set(e, (known = this.fixedNow(e, inner)));
    return known;
  }
  private readonly fixedIn = new WeakMap<Map<Sym, Interval>, WeakMap<Expr, boolean>>();

  private fixedNow(e: Expr, inner: Map<Sym, Interval>): boolean {
    let ok = true;
    walkExpr(e, (x) => {
      if (x.kind === "var" && !(x.sym.storage === "parameter" || this.options.fixed(x.sym) || inner.has(x.sym) || this.phiOrder.has(x.sym) || this.steady.has(x.sym) || this.options.facts?.stable(x.sym))) ok = false;
      if (x.kind === "elem" && (x.sym === this.sym || !(this.options.fixed(x.sym) || this.options.facts?.elemStable?.(x)))) ok = false;
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
      else if (x.kind === "call" && !x.pure && this.options.calls && this.options.calls(siteOf(x), false) !== null) yes = true;
    });
    return yes;
  }

  private noAccess(s: Stmt): boolean {
    // Remembered per statement: a walk asks it of every loop of a nest, each time about all the loops
    // inside (cubic in the depth of a 500-deep nest, issue 21).
    const known = this.untouched.get(s);
    if (known !== undefined) return known;
    const u = usesOf(s);
    let yes = u.syms.has(this.sym);
    // A loop, not `some` and a closure: asked of every statement many times, mostly answered by the map above.
    const calls = this.options.calls;
    if (!yes && calls)
      for (const c of u.calls)
        if (calls(c, false) !== null) {
          yes = true;
          break;
        }
    this.untouched.set(s, !yes);
    return !yes;
  }
  private readonly untouched = new Map<Stmt, boolean>();

  /**
   * Whether `s` may add a box of the array to those surely written: it
   * assigns the array, or holds a call whose known effect surely writes
   * some of it (the only ways `boxes` grows). Remembered per statement.
   */
  private writes(s: Stmt): boolean {
    let yes = this.writing.get(s);
    if (yes !== undefined) return yes;
    yes = s.kind === "assign" && (s.lhs.kind === "var" || s.lhs.kind === "elem" || s.lhs.kind === "section") && s.lhs.sym === this.sym;
    // Loops, not closures (which made every call, the remembered ones too, allocate a context).
    const calls = this.options.calls;
    if (!yes && calls)
      for (const c of usesOf(s).calls) {
        const eff = calls(c, false);
        if (eff !== null && eff !== "unknown" && eff.ddef.length > 0) {
          yes = true;
          break;
        }
      }
    if (!yes)
      for (const b of childBlocks(s))
        for (const x of b)
          if (this.writes(x)) {
            yes = true;
            break;
          }
    this.writing.set(s, yes);
    return yes;
  }
  private readonly writing = new Map<Stmt, boolean>();

  private fail(why: string, at?: StopPoint): false {
    if (this.why === null) {
      this.why = why;
      this.stoppedAt = at ?? null;
    }
    return false;
  }
}

/** A statement that may skip what follows it: GOTO, EXIT and CYCLE of a loop, RETURN (a C break out of a switch is not). */
function isJump(s: Stmt): boolean {
  if (s.kind === "exit") return s.loopId !== null;
  return s.kind === "goto" || s.kind === "computed-goto" || s.kind === "arith-if" || s.kind === "cycle" || s.kind === "return";
}

/** What is surely known on one way into a statement: boxes and strided sets written, values of scalars, elements written in the iteration. */
interface WayIn {
  boxes: Box[];
  strided: Strided[];
  values: Map<Sym, Expr>;
  elems: Expr[];
}

/** What two ways into one point both have: the boxes, strided sets and elements each holds (the same objects), and the values both know alike. */
function meet(a: WayIn, b: WayIn): WayIn {
  const values = new Map<Sym, Expr>();
  for (const [k, v] of a.values) if (b.values.get(k) === v) values.set(k, v);
  return { boxes: a.boxes.filter((x) => b.boxes.includes(x)), strided: a.strided.filter((x) => b.strided.includes(x)), values, elems: a.elems.filter((x) => b.elems.includes(x)) };
}

/**
 * Whether a jump inside `s` may leave it early (or end the procedure):
 * a GOTO or RETURN, an EXIT of `s` or of a loop around it, a CYCLE of a
 * loop around it. EXIT and CYCLE of loops inside, and CYCLE of `s` itself
 * (its next iteration), do not.
 */
function leaves(s: Stmt, follower?: string | null): boolean {
  let yes = false;
  const inside = new Set<number>();
  // With `follower` (the label of the statement after s, or null): whether a jump may go past it.
  // A GOTO to that label and an EXIT of s itself go on right after s.
  const past = follower !== undefined;
  const walk = (xs: readonly Stmt[]) => {
    for (const x of xs) {
      if (x.kind === "loop") inside.add(x.id);
      if (x.kind === "goto" ? !past || follower === null || x.target !== follower : x.kind === "computed-goto" || x.kind === "arith-if" || x.kind === "return") yes = true;
      if (x.kind === "exit" && x.loopId !== null && (!inside.has(x.loopId) || (s.kind === "loop" && x.loopId === s.id && !past))) yes = true;
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

/**
 * A box written in every iteration of a loop over k in [lo, hi], as one
 * box over the whole loop; null when the union of the iterations' boxes is
 * not a box.
 *
 * Only one dimension may move with k: a(k, k) over k = 1..n writes the
 * diagonal, not a(1:n, 1:n). In that dimension each iteration writes a
 * tile [a*k + c1, a*k + c2] (a point k + c is the common case); the tiles
 * leave no gap between iterations when they are at least |a| wide, and the
 * union is then [a*lo + c1, a*hi + c2] (a > 0; from the other ends for
 * a < 0): FT's Stockham passes write scr(j, i*lj + 1 + k) for k below
 * lk and scr(j, i*lj + lk + 1 + k), two tiles that make one of width
 * lj = 2*lk for every i. A tile wider than |a| makes a box that is not
 * empty when the loop runs no iteration, so it needs one iteration proved.
 */
function widen(b: Box, k: Sym, lo: Expr, hi: Expr, trips: number | null): Box | null {
  let moving = -1;
  const out: Box = [];
  for (let d = 0; d < b.length; d++) {
    const r = b[d];
    if (!r) return null;
    if (!mentions(r.lo, k) && !mentions(r.hi, k)) {
      out.push(r);
      continue;
    }
    const tile = tileOf(r, k);
    if (!tile) return null;
    // 0*k + c (the index cancels): the same values in every iteration.
    if (tile.a === 0) {
      out.push({ lo: atIndex(r.lo, k, lo), hi: atIndex(r.hi, k, lo) });
      continue;
    }
    if (moving >= 0) return null;
    moving = d;
    const { a, c1, c2 } = tile;
    const width = c2 - c1 + 1;
    if (width < Math.abs(a) || (width > Math.abs(a) && !(trips !== null && trips >= 1))) return null;
    out.push(a > 0 ? { lo: atIndex(r.lo, k, lo), hi: atIndex(r.hi, k, hi) } : { lo: atIndex(r.lo, k, hi), hi: atIndex(r.hi, k, lo) });
  }
  if (moving < 0 && !(trips !== null && trips >= 1)) return null;
  return out;
}

/**
 * An interval [a*k + c1, a*k + c2]: both ends the same multiple of the
 * index (a = 0 when it cancels) plus terms free of it, which differ by a
 * constant (c2 - c1; c1 taken as 0). Null otherwise.
 */
function tileOf(r: Interval, k: Sym): { a: number; c1: number; c2: number } | null {
  const coef = (e: Expr): number | null => {
    const f = linearForm(e);
    let a = 0;
    for (const t of f.terms) {
      if (t.e.kind === "var" && t.e.sym === k) a += t.coef;
      else if (mentions(t.e, k)) return null;
    }
    return a;
  };
  const a = coef(r.lo);
  if (a === null || coef(r.hi) !== a) return null;
  const d = constDifference(r.hi, r.lo);
  if (d === null || d < 0) return null;
  return { a, c1: 0, c2: d };
}

/** `e` with the index k replaced by `v`, in its linear form. */
function atIndex(e: Expr, k: Sym, v: Expr): Expr {
  const l = new Linear();
  const f = linearForm(e);
  l.constant = f.constant;
  for (const t of f.terms) l.add(t.e.kind === "var" && t.e.sym === k ? v : t.e, t.coef);
  return formExpr(l, v.span);
}

/** A must-write over a strided index set in one dimension (Coverage.strided). */
interface Strided {
  box: Box;
  dim: number;
  stride: number;
}

/**
 * A point written in every iteration of a loop over k in [lo, hi] that
 * is a*k + c in one dimension (|a| >= 2; widen() takes a = ±1) and free of
 * k in the others: the strided set from a*lo + c (a > 0; else from a*hi + c)
 * by |a| to the other end.
 */
function widenStrided(b: Box, k: Sym, lo: Expr, hi: Expr): Strided | null {
  let dim = -1;
  let a = 0;
  for (let d = 0; d < b.length; d++) {
    const r = b[d];
    if (!r) return null;
    if (!mentions(r.lo, k) && !mentions(r.hi, k)) continue;
    if (dim >= 0 || constDifference(r.hi, r.lo) !== 0) return null;
    const f = linearForm(r.lo);
    const t = f.terms.find((x) => x.e.kind === "var" && x.e.sym === k);
    if (!t || Math.abs(t.coef) < 2 || f.terms.some((x) => x !== t && mentions(x.e, k))) return null;
    dim = d;
    a = t.coef;
  }
  if (dim < 0) return null;
  const at = (v: Expr): Expr => {
    const l = new Linear();
    const f = linearForm(b[dim]!.lo);
    l.constant = f.constant;
    for (const t of f.terms) l.add(t.e.kind === "var" && t.e.sym === k ? v : t.e, t.coef);
    return formExpr(l, v.span);
  };
  const out = b.slice();
  out[dim] = a > 0 ? { lo: at(lo), hi: at(hi) } : { lo: at(hi), hi: at(lo) };
  return { box: out, dim, stride: Math.abs(a) };
}

function constTrip(lower: Expr, upper: Expr): number | null {
  const lo = evalInt(lower);
  const hi = evalInt(upper);
  if (lo !== undefined && hi !== undefined) return Math.max(0, hi - lo + 1);
  const d = constDifference(upper, lower);
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

/** assignedIn, kept per statement and per `argWritten` function: the walks of every array of a procedure ask the same (issue 16). */
const assignedCache = new WeakMap<object, WeakMap<Stmt, Set<Sym>>>();
const NO_ARG_WRITTEN = {};

function assignedBy(s: Stmt, argWritten: CoverageOptions["argWritten"]): Set<Sym> {
  const key = argWritten ?? NO_ARG_WRITTEN;
  let m = assignedCache.get(key);
  if (!m) assignedCache.set(key, (m = new WeakMap()));
  let set = m.get(s);
  if (!set) m.set(s, (set = assignedIn(s, argWritten)));
  return set;
}

/** The scalars a statement (with what it contains) may assign: targets, DO and implied-DO indices, READ items, variables passed to calls. */
export function assignedIn(s: Stmt, argWritten: CoverageOptions["argWritten"]): Set<Sym> {
  const out = new Set<Sym>();
  const target = (t: Expr) => {
    if (t.kind === "var") out.add(t.sym);
    else if (t.kind === "implied-do") {
      out.add(t.index);
      t.items.forEach(target);
    }
  };
  const walk = (x: Stmt) => {
    if (x.kind === "assign") target(x.lhs);
    if (x.kind === "loop" && x.index) out.add(x.index);
    if (x.kind === "io") x.defs.forEach(target);
    if (x.kind === "call") x.args.forEach((a, k) => a.kind === "var" && (!argWritten || argWritten({ name: x.name, args: x.args, span: x.span }, k)) && out.add(a.sym));
    for (const e of stmtExprs(x))
      walkExpr(e, (y) => {
        if (y.kind === "assign-expr") target(y.target);
        else if (y.kind === "call" && !y.pure) {
          y.args.forEach((a, k) => a.kind === "var" && (!argWritten || argWritten({ name: y.name, args: y.args, span: y.span }, k)) && out.add(a.sym));
        } else if (y.kind === "addr" && y.operand.kind === "var") out.add(y.operand.sym);
        // An implied DO assigns its index, in an output list too (found by fuzzing: `print *, (2*m, m = 1, 2)`
        // left m = 3, which the constants at a later call took as its value before).
        else if (y.kind === "implied-do") out.add(y.index);
      });
    childBlocks(x).forEach((b) => b.forEach(walk));
  };
  walk(s);
  return out;
}

/** Whether an assignment also assigns on the way: C's ++ and compound assignments, an address taken, a call (which may write its arguments or what its callee names). */
function hasSideEffects(s: Stmt): boolean {
  let yes = sideEffects.get(s);
  if (yes === undefined) {
    yes = false;
    for (const e of stmtExprs(s)) if (exprHasSideEffects(e)) yes = true;
    sideEffects.set(s, yes);
  }
  return yes;
}
const sideEffects = new WeakMap<Stmt, boolean>();

function exprHasSideEffects(e: Expr): boolean {
  let yes = false;
  walkExpr(e, (x) => void ((x.kind === "assign-expr" || x.kind === "addr" || (x.kind === "call" && !x.pure)) && (yes = true)));
  return yes;
}

/** The variables a statement (and what it contains) names, and the calls in it that may touch more: what `noAccess` asks of it, for every array. */
interface StmtUses {
  syms: Set<Sym>;
  calls: { name: string; args: readonly Expr[]; span: Expr["span"]; intrinsic?: boolean }[];
}

/** A call as the walks pass it to `calls`, with whether it is a library routine. */
function siteOf(c: { name: string; args: readonly Expr[]; span: Expr["span"]; intrinsic?: boolean }): StmtUses["calls"][number] {
  return c.intrinsic ? { name: c.name, args: c.args, span: c.span, intrinsic: true } : { name: c.name, args: c.args, span: c.span };
}

/**
 * Made once per statement and shared by every walk (issue 16: each walk
 * follows one array, and a procedure's summary walks it for each of its
 * arrays, each walk reading every expression again). Statements are not
 * changed after lowering (a variant body is new statements).
 */
const stmtUses = new WeakMap<Stmt, StmtUses>();

function usesOf(s: Stmt): StmtUses {
  return stmtUses.get(s) ?? computeUses(s);
}

/** usesOf's work on a statement's first question, apart: its closure made every call allocate a context. */
function computeUses(s: Stmt): StmtUses {
  const u: StmtUses = { syms: new Set(), calls: [] };
  const out = u;
  for (const e of stmtExprs(s))
    walkExpr(e, (x) => {
      if (x.kind === "var" || x.kind === "elem" || x.kind === "section") out.syms.add(x.sym);
      else if (x.kind === "call" && !x.pure) out.calls.push(siteOf(x));
    });
  if (s.kind === "call") out.calls.push(siteOf(s));
  for (const b of childBlocks(s))
    for (const x of b) {
      const c = usesOf(x);
      for (const y of c.syms) out.syms.add(y);
      out.calls.push(...c.calls);
    }
  stmtUses.set(s, u);
  return u;
}

/**
 * The variables a remembered value names (`mentions` for each of them):
 * asked of every value at each scalar assignment a walk meets, so kept
 * per value (issue 16). Values are expressions the walk built or read, never changed.
 */
const valueNames = new WeakMap<Expr, Set<Sym>>();

function namesOf(e: Expr): Set<Sym> {
  let out = valueNames.get(e);
  if (!out) {
    const names = new Set<Sym>();
    walkExpr(e, (x) => void (x.kind === "var" && names.add(x.sym)));
    valueNames.set(e, (out = names));
  }
  return out;
}
