import { addressCast, castKeepsValue } from "../../ir/stored-as-is.js";
import { valueType } from "../../ir/value-type.js";
import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import { printExpr } from "../../ir/print.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { extremeOf } from "../../ir/extreme.js";
import { walkExpr } from "../../ir/walk.js";
import {
  constantOf,
  isAffinePoly,
  polyAdd,
  polyConst,
  polyDivide,
  polyMul,
  polyNeg,
  polyScale,
  polySub,
  polyVar,
  polyVars,
  PolyOverflow,
  type Poly,
} from "../symbolic/polynomial.js";
import type { AtomTable } from "./atoms.js";
import { iterationStart, plainDef, totalEffect } from "./induction.js";
import type { ProcIndex } from "./proc-index.js";

/**
 * How a loop enumerates its index, normalized to an iteration counter
 * (Allen & Kennedy's loop normalization): index = lower + step·t with
 * t = 0, 1, ..., and |step|·t ≤ span where span = (upper - lower)·sign(step).
 * The Fortran trip count max(0, ⌊(u - l + s)/s⌋) is exactly the number of
 * such t. A loop that cannot be put in this form (DO WHILE, a step whose
 * value is not a compile-time constant, an index the body assigns) is
 * "opaque": its index is unknown and any direction is possible at its level.
 */
export interface LoopModel {
  loop: Loop;
  /** Enclosing loops, outermost first. */
  chain: readonly Loop[];
  kind: "counter" | "opaque";
  why?: string;
  step: number;
  /** The counter's atom name. */
  counter: string;
  lower: Poly;
  upper: Poly | null;
  /** (upper - lower)·sign(step); null when the upper bound is unknown. */
  span: Poly | null;
  /**
   * What else holds in every iteration, as polynomials ≥ 0 over the
   * atoms of the bounds: a bound `min(a, b)` is at most a and at most b,
   * `max(a, b)` at least each (boundFacts).
   */
  facts?: Poly[];
  /**
   * A step that is no constant, but a value S fixed for the whole nest
   * (`do jj = 1, n, nb`, nb a dummy): the counter is then the offset
   * index - lower (step 1), any offset between the bounds counted (the
   * multiples of S among them), and S ≥ 1 is assumed (the dependence
   * problem's `assumed`: a run-time check unless the value ranges prove
   * it). Two iterations of the loop in execution order are S or more
   * offsets apart (directionConstraints).
   */
  stride?: Poly;
}

/** The model of a loop whose iterations are not followed (LoopModel.kind "opaque"), with why. */
export function opaqueModel(loop: Loop, chain: readonly Loop[], counter: string, why: string): LoopModel {
  return { loop, chain, kind: "opaque", why, step: 1, counter, lower: polyConst(0), upper: null, span: null };
}

/** A loop whose bounds are written (a DO loop, a counted C for). */
type Bounded = { lower: Expr; upper: Expr };

const IN_PROGRESS = Symbol("in progress");

/**
 * Values of integer scalars and expressions at points of one loop nest, as
 * polynomials over canonical atoms (atoms.ts). This is where the closed
 * forms come from: loop indices become lower + step·t, induction variables
 * their closed forms (induction.ts), temporaries assigned earlier in the
 * same iteration their right-hand sides (forward substitution, as in the
 * FTRVMT example of seed 000 §3.2, where js and js2 are temporaries), and
 * anything invariant during a loop instance an atom. Undefined means "not
 * known"; the subscript that needs it becomes unknown (Conservative).
 *
 * One analyzer serves one nest (its outermost loop is `root`): atoms with
 * no instance mean "the value when `root` starts".
 */
export class ValueAnalyzer {
  private readonly models = new Map<Loop, LoopModel>();
  private readonly memo = new Map<Stmt, Map<number, Poly | undefined | typeof IN_PROGRESS>>();

  constructor(
    readonly index: ProcIndex,
    readonly atoms: AtomTable,
    readonly root: Loop,
  ) {}

  /** Whether atom `v` means the same value anywhere before and in the nest: not a counter nor per instance, and no symbol the nest modifies. */
  isInvariant(v: string): boolean {
    const a = this.atoms.get(v);
    if (a.kind === "counter" || a.instance !== null) return false;
    if (a.kind === "sym") return !this.index.modifies(this.root, a.sym);
    return true;
  }

  /** The atom for `v`'s value when an instance of `loop` starts (the nest's start for the root). */
  atomFor(v: Sym, loop: Loop): Poly {
    return polyVar(this.atoms.sym(v, loop === this.root ? null : loop));
  }

  model(loop: Loop): LoopModel {
    const hit = this.models.get(loop);
    if (hit) return hit;
    const chain = this.index.pos.get(loop)?.loops ?? [];
    const counter = this.atoms.counter(loop);
    const opaque = (why: string): LoopModel => opaqueModel(loop, chain, counter, why);
    let m: LoopModel;
    // A DO loop's step is evaluated once, when the loop starts: a variable whose value is known there
    // (`bs = 32` before `do jj = 1, n, bs`) counts like the constant.
    const written = loop.step ? evalInt(loop.step) : 1;
    const value = written === undefined && loop.form === "do" ? this.exprValue(loop.step!, loop) : undefined;
    const step = written ?? (value && constantOf(value));
    if (loop.form !== "do" || !loop.index || !loop.lower || !loop.upper) m = opaque("not a counted DO loop");
    else if (this.index.modifiesRange(loop.body, 0, loop.body.length, loop.index)) m = opaque(`the body assigns the index ${loop.index.name}`);
    else if (step === 0) m = opaque("the step is zero");
    else if (step === undefined) {
      // No constant: a value fixed for the whole nest (LoopModel.stride), counting up by offsets.
      const fixed = value && isAffinePoly(value) && polyVars(value).every((v) => this.isInvariant(v));
      m = (fixed && this.counted(loop as Loop & Bounded, chain, counter, 1, value)) || opaque("the step is not a constant nor a value fixed for the whole nest");
    } else m = this.counted(loop as Loop & Bounded, chain, counter, step) ?? opaque("the lower bound is not an integer expression");
    this.models.set(loop, m);
    return m;
  }

  /** The model of a counted loop by its bounds (with what a min/max bound says of itself), or undefined when the lower bound has no value. */
  private counted(loop: Loop & Bounded, chain: readonly Loop[], counter: string, step: number, stride?: Poly): LoopModel | undefined {
    const lower = this.exprValue(loop.lower, loop) ?? this.opaqueAtom(loop.lower, loop, loop);
    const upper = this.exprValue(loop.upper, loop) ?? this.opaqueAtom(loop.upper, loop, loop) ?? null;
    if (!lower) return undefined;
    const span = upper ? (guard(() => polyScale(polySub(upper, lower), Math.sign(step))) ?? null) : null;
    const m: LoopModel = { loop, chain, kind: "counter", step, counter, lower, upper, span };
    if (stride) m.stride = stride;
    const facts = [...this.boundFacts(loop.lower, lower, loop), ...(upper ? this.boundFacts(loop.upper, upper, loop) : [])];
    if (facts.length) m.facts = facts;
    return m;
  }

  /**
   * What a loop bound that is a least or greatest of expressions
   * (ir/extreme.ts) says of its value `b` when the loop starts: b ≤ each
   * argument of a min, b ≥ each of a max. Blocked loops (`do j = jj,
   * min(jj + bs - 1, n)`) need `j ≤ jj + bs - 1` to keep two blocks apart;
   * the bound's own atom alone says nothing about it.
   */
  private boundFacts(e: Expr, b: Poly, loop: Loop): Poly[] {
    const x = extremeOf(e);
    if (!x) return [];
    const out: Poly[] = [];
    for (const a of x.args) {
      const v = this.exprValue(a, loop);
      const f = v && guard(() => (x.op === "min" ? polySub(v, b) : polySub(b, v)));
      if (f) out.push(f);
    }
    return out;
  }

  /** The index of `loop` in its current iteration: lower + step·t. */
  indexValue(loop: Loop): Poly | undefined {
    const m = this.model(loop);
    if (m.kind === "opaque") return undefined;
    return guard(() => polyAdd(m.lower, polyVar(m.counter, m.step)));
  }

  /** The value of scalar `v` when statement `at` (or an expression in it) executes. */
  valueAt(v: Sym, at: Stmt): Poly | undefined {
    if (v.storage === "parameter") {
      const c = evalInt({ kind: "var", sym: v, span: v.span });
      return c === undefined ? undefined : polyConst(c);
    }
    if (!isIntegerScalar(v)) return undefined;
    const pos = this.index.pos.get(at);
    if (!pos) return undefined;
    const chain = pos.loops;
    for (let k = chain.length - 1; k >= 0; k--) if (chain[k]!.index === v) return this.indexValue(chain[k]!);
    if (chain.length === 0) return this.before(v, at);
    let j = -1;
    for (let k = chain.length - 1; k >= 0; k--) {
      if (this.index.modifies(chain[k]!, v)) {
        j = k;
        break;
      }
    }
    if (j === -1) return this.before(v, chain[0]!) ?? this.atomFor(v, chain[0]!);
    if (j < chain.length - 1) {
      // `at` is inside a deeper loop that leaves v alone: v keeps its value from that loop's start.
      const inner = chain[j + 1]!;
      return this.before(v, inner) ?? this.atomFor(v, inner);
    }
    return this.before(v, at);
  }

  /**
   * The value of `v` just before statement `x`: the last definition before
   * it in the same statement list (its right-hand side, evaluated where it
   * stands), the effect of an inner loop in which v is an induction
   * variable, or, at the start of a loop body, the closed form at the start
   * of the iteration.
   */
  before(v: Sym, x: Stmt): Poly | undefined {
    let byStmt = this.memo.get(x);
    if (!byStmt) this.memo.set(x, (byStmt = new Map()));
    const hit = byStmt.get(v.id);
    if (hit === IN_PROGRESS) return undefined; // Conservative: a cycle of definitions
    if (byStmt.has(v.id)) return hit;
    byStmt.set(v.id, IN_PROGRESS);
    const r = this.computeBefore(v, x);
    byStmt.set(v.id, r);
    return r;
  }

  private computeBefore(v: Sym, x: Stmt): Poly | undefined {
    const pos = this.index.pos.get(x);
    if (!pos) return undefined;
    // With jumps, the statements before x in the text need not be the ones that ran before it.
    const inner = pos.loops[pos.loops.length - 1];
    if (inner ? this.index.hasJumps(inner) && this.index.modifies(inner, v) : this.index.jumps) {
      // Conservative: only the value at the nest's start, which is what its atom means anyway.
      return x === this.root ? this.atomFor(v, this.root) : undefined;
    }
    for (let i = pos.index - 1; i >= 0; i--) {
      const s = pos.list[i]!;
      if (!this.index.modifies(s, v)) continue;
      const d = plainDef(s, v);
      if (d) {
        if (d.kind === "rhs") return this.exprValue(d.rhs, s);
        const prev = this.before(v, s);
        const delta = typeof d.delta === "number" ? polyConst(d.delta) : this.exprValue(d.delta, s);
        return prev && delta && guard(() => polyAdd(prev, polyScale(delta, d.sign)));
      }
      if (s.kind === "loop") {
        const eff = totalEffect(this, v, s);
        const prev = eff && this.before(v, s);
        return prev && eff && guard(() => polyAdd(prev, eff));
      }
      return undefined; // Conservative: a conditional or opaque definition
    }
    const owner = pos.owner;
    if (owner === null) return this.unchangedUntilRoot(v, x) ? this.atomFor(v, this.root) : undefined;
    if (headerMayModify(owner)) return undefined; // Conservative: a C side effect in a condition
    if (owner.kind === "loop") {
      if (!this.index.modifies(owner, v)) return this.before(v, owner) ?? this.atomFor(v, owner);
      return iterationStart(this, v, owner);
    }
    return this.before(v, owner);
  }

  /** For `x` outside the nest: v is not modified on the way from x to the root loop. */
  private unchangedUntilRoot(v: Sym, x: Stmt): boolean {
    if (x === this.root) return true;
    if (this.index.jumps) return false; // Conservative: a jump may come between
    const px = this.index.pos.get(x);
    if (!px) return false;
    let a: Stmt = this.root;
    for (;;) {
      const pa = this.index.pos.get(a);
      if (!pa) return false;
      if (pa.list === px.list) return pa.index >= px.index && !this.index.modifiesRange(pa.list, px.index, pa.index, v);
      if (this.index.modifiesRange(pa.list, 0, pa.index, v) || pa.owner === null) return false;
      a = pa.owner;
    }
  }

  /**
   * The value of an integer expression at statement `at` as a polynomial,
   * or undefined. `override` replaces one scalar by a given value (used to
   * read `k = k + e` as an increment).
   */
  exprValue(e: Expr, at: Stmt, override?: { sym: Sym; value: Poly }): Poly | undefined {
    const r = guard(() => this.exprPoly(e, at, override));
    return r ?? (override ? undefined : this.opaqueAtom(e, at));
  }

  private exprPoly(e: Expr, at: Stmt, ov?: { sym: Sym; value: Poly }): Poly | undefined {
    switch (e.kind) {
      case "int":
        return polyConst(e.value);
      case "var":
        if (ov && e.sym === ov.sym) return ov.value;
        return this.valueAt(e.sym, at);
      case "unary": {
        if (e.op !== "-" && e.op !== "+") return undefined;
        const x = this.exprValue(e.operand, at, ov);
        return x && (e.op === "-" ? polyNeg(x) : x);
      }
      case "cast":
        // Only a cast that keeps the value: `(unsigned char)i` is i modulo 256 (found by fuzzing).
        return castKeepsValue(e) || addressCast(e) ? this.exprValue(e.operand, at, ov) : undefined;
      case "binary": {
        if (e.type && e.type.base !== "integer") return undefined;
        if (!["+", "-", "*", "/", "**"].includes(e.op)) return undefined;
        if (e.type?.unsigned && !this.noWrap(e, at)) return undefined;
        const l = this.exprValue(e.left, at, ov);
        if (!l) return undefined;
        if (e.op === "**") {
          const k = evalInt(e.right);
          if (k === undefined || k < 0 || k > 4) return undefined;
          let p = polyConst(1);
          for (let i = 0; i < k; i++) p = polyMul(p, l);
          return p;
        }
        const r = this.exprValue(e.right, at, ov);
        if (!r) return undefined;
        if (e.op === "+") return polyAdd(l, r);
        if (e.op === "-") return polySub(l, r);
        if (e.op === "*") return polyMul(l, r);
        const d = evalInt(e.right);
        return d === undefined ? undefined : polyDivide(l, d); // exact division only
      }
      default:
        return undefined;
    }
  }

  /**
   * Whether unsigned arithmetic is the arithmetic of its values: each
   * operand (through the unsigned +, - and * around it) a constant below
   * 2^31, a signed value, or the index of a loop around `at`, whose range
   * its bounds keep. An unsigned variable may stand for a negative number
   * modulo 2^w (found by fuzzing: `x[i + off]` with off = (size_t)-1 is
   * x[i - 1], and 4294967295u added to an unsigned index subtracts one).
   */
  private noWrap(e: Expr, at: Stmt): boolean {
    const loops = this.index.pos.get(at)?.loops ?? [];
    const ok = (x: Expr): boolean => {
      if (x.kind === "binary" && (x.op === "+" || x.op === "-" || x.op === "*") && x.type?.unsigned) return ok(x.left) && ok(x.right);
      if (x.kind === "int") return x.value >= 0 && x.value < 2 ** 31;
      const t = valueType(x);
      if (t && t.base === "integer" && !t.unsigned) return true;
      // `(size_t)i * n`: a signed value made 64-bit unsigned, in 64-bit arithmetic (below).
      if (x.kind === "cast" && addressCast(x) && (e.type?.bytes ?? 4) >= 8) return true;
      return x.kind === "var" && loops.some((l) => l.index === x.sym);
    };
    return ok(e);
  }

  /**
   * An atom for an integer expression doall does not model, when it is
   * invariant during an instance of some enclosing loop: the outermost loop
   * none of whose statements may modify a variable of the expression.
   * `fallback` names the loop whose instance fixes it anyway (a loop bound
   * is evaluated once when the loop starts).
   */
  opaqueAtom(e: Expr, at: Stmt, fallback?: Loop): Poly | undefined {
    if (!isIntegerExpr(e) || !sideEffectFree(e)) return undefined;
    const syms = new Set<Sym>();
    walkExpr(e, (x) => {
      if (x.kind === "var" || x.kind === "elem" || x.kind === "section") syms.add(x.sym);
    });
    const chain = this.index.pos.get(at)?.loops ?? [];
    const text = printExpr(e);
    // A plain scalar is the same quantity as valueAt's atom for it: one name, not two.
    const atom = (instance: Loop | null) => polyVar(e.kind === "var" && isIntegerScalar(e.sym) ? this.atoms.sym(e.sym, instance) : this.atoms.opaque(e, text, instance));
    for (let k = 0; k < chain.length; k++) {
      if ([...syms].every((s) => !this.index.modifies(chain[k]!, s))) return atom(k === 0 ? null : chain[k]!);
    }
    if (chain.length === 0 && [...syms].every((s) => this.unchangedUntilRoot(s, at))) return atom(null);
    if (fallback) return atom(fallback === this.root ? null : fallback);
    return undefined;
  }
}

function guard<T>(f: () => T | undefined): T | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof PolyOverflow) return undefined; // Conservative: too large to represent
    throw e;
  }
}

export function isIntegerScalar(v: Sym): boolean {
  return v.dims.length === 0 && v.type.base === "integer";
}

function isIntegerExpr(e: Expr): boolean {
  if (e.kind === "var" || e.kind === "elem") return e.sym.type.base === "integer";
  return e.type?.base === "integer";
}

function sideEffectFree(e: Expr): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === "assign-expr" || x.kind === "implied-do" || x.kind === "unknown") ok = false;
    if (x.kind === "call" && !(x.intrinsic && x.pure)) ok = false;
    if (x.kind === "deref" || x.kind === "member") ok = false;
  });
  return ok;
}

/** A C condition or loop header with a side effect (assignment, call): entering the branch may change values. */
function headerMayModify(owner: Stmt): boolean {
  const exprs: Expr[] = owner.kind === "if" ? [owner.cond] : owner.kind === "switch" ? [owner.selector] : owner.kind === "loop" && owner.cond ? [owner.cond] : [];
  let hit = false;
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (x.kind === "assign-expr" || (x.kind === "call" && !(x.intrinsic && x.pure))) hit = true;
    });
  }
  return hit;
}
