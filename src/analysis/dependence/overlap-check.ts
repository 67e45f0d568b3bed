import { copyIr } from "../../ir/copy-ir.js";
import { valueType } from "../../ir/value-type.js";
import { addressCast, castKeepsValue } from "../../ir/stored-as-is.js";
import { extremeOf } from "../../ir/extreme.js";
import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import { exprKey } from "../../ir/expr-key.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { INTEGER, LOGICAL } from "../../ir/types.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import type { Span } from "../../source/span.js";
import { monomialVars, polyAdd, polyConst, polyMul, polyNeg, PolyOverflow, polyScale, polySub, polyVar, type Poly } from "../symbolic/polynomial.js";
import type { ProcIndex } from "./proc-index.js";
import type { ArrayRef } from "./references.js";

/**
 * A run-time overlap check for two C arrays reached through pointers that
 * may share storage (issue 15 §2; seed 000 §3's point that a cheap test
 * before a loop can decide what the compile-time tests cannot; gcc's
 * -ftree-parallelize-loops and Polly version loops the same way).
 *
 * Over all iterations of the loop L, every reference a[s_1]...[s_r] lies
 * between &a[lo_1]...[lo_r] and &a[hi_1]...[hi_r] + 1, where [lo_d, hi_d]
 * bounds subscript d: the address is base + Σ stride_d·s_d with strides
 * ≥ 0 (an array type's extents are positive), so it is at least base +
 * Σ stride_d·lo_d and at most base + Σ stride_d·hi_d. Each subscript is
 * linear in the indices of L and of the loops inside it, with
 * coefficients invariant in L; its bounds come from eliminating the
 * indices innermost first, each replaced by the loop bound its
 * coefficient's sign calls for (a symbolic coefficient adds `c >= 0` to
 * the check). If the two address ranges are disjoint, no reference to one
 * array touches the other during L: every dependence between them
 * vanishes. The check
 *
 *     (char *)(&a[hi] + 1) <= (char *)&b[lo] || (char *)(&b[hi] + 1) <= (char *)&a[lo]
 *
 * is evaluated before L; when it fails the loop runs serially, which is
 * always correct. Sufficient, never necessary.
 *
 * Answers null (no check) when a subscript is not linear in the loop
 * indices with invariant coefficients, a loop between L and a reference
 * is not counted or has a step that is not a constant, a value the bounds
 * read may change during L, or either pointer may.
 */
export function overlapCheck(refs: readonly ArrayRef[], loop: Loop, a: Sym, b: Sym, index: ProcIndex, inBounds = false): Expr | null {
  if (repointed(loop, a) || repointed(loop, b)) return null;
  const span = loop.span;
  const conds: Expr[] = [];
  const facts = runFacts(refs, loop, a, b);
  const ra = extent(refs, loop, a, conds, facts, inBounds, span, index);
  const rb = extent(refs, loop, b, conds, facts, inBounds, span, index);
  if (!ra || !rb) return null;
  for (const e of [...ra.lo, ...ra.hi, ...rb.lo, ...rb.hi, ...conds]) if (!invariant(e, loop, index)) return null;
  const bytes = (e: Expr): Expr => ({ kind: "cast", to: { base: "pointer", pointee: { base: "integer", bytes: 1 } }, operand: e, span, type: { base: "pointer" } });
  // C computes a subscript in its operands' type. The check's bounds are the subscripts' extremes, in int
  // when the program computes them in int (their values fit, or the program overflows first); where it
  // computes one in a wider type (`x[(long)i * M + j]`), they may not fit int: found by fuzzing,
  // `&x[(n - 1) * 1000000 + 399]` overflowed and said apart. Such an array's bounds widen every integer variable.
  const wide = (r: { wide: boolean }, e: Expr): Expr => (r.wide ? widened(e) : e);
  const at = (s: Sym, subs: Expr[]): Expr => ({ kind: "addr", operand: { kind: "elem", sym: s, subs: subs.map((e) => wide(s === a ? ra : rb, e)), span, type: s.type }, span, type: { base: "pointer" } });
  const end = (s: Sym, subs: Expr[]): Expr => ({ kind: "binary", op: "+", left: at(s, subs), right: int(1, span), span, type: { base: "pointer" } });
  const le = (x: Expr, y: Expr): Expr => ({ kind: "binary", op: "<=", left: bytes(x), right: bytes(y), span, type: LOGICAL });
  const apart: Expr = { kind: "binary", op: "or", left: le(end(a, ra.hi), at(b, rb.lo)), right: le(end(b, rb.hi), at(a, ra.lo)), span, type: LOGICAL };
  const seen = new Set<string>();
  const signs = conds.filter((c) => (seen.has(exprKey(c)) ? false : (seen.add(exprKey(c)), true)));
  return [...signs, apart].reduce((x, y) => ({ kind: "binary", op: "and", left: x, right: y, span, type: LOGICAL }));
}

/** Whether C computes the expression in a type wider than int somewhere: a value of 8 bytes or more (a `long` variable, a `(long)` cast, `1000000L`). */
function computedWide(e: Expr): boolean {
  let yes = false;
  walkExpr(e, (x) => {
    const t = valueType(x);
    if (t?.base === "integer" && (t.bytes ?? 4) >= 8) yes = true;
  });
  return yes;
}

/** The expression with each integer variable narrower than 8 bytes cast to `long long`, so that C computes it in 64 bits. */
function widened(e: Expr): Expr {
  return copyIr(e, (o) => {
    const x = o as unknown as Expr;
    if ((x.kind !== "var" && x.kind !== "elem") || (x.sym.type.base !== "integer" && x.sym.type.base !== "unknown")) return undefined;
    const t = valueType(x);
    if (t && t.base === "integer" && (t.bytes ?? 4) >= 8) return undefined;
    return { kind: "cast", to: { base: "integer", bytes: 8 }, operand: x, span: x.span, type: { base: "integer", bytes: 8 } } satisfies Expr;
  });
}

/** Per dimension, bounds of the subscripts of every reference to `s` inside `loop`. */
function extent(refs: readonly ArrayRef[], loop: Loop, s: Sym, conds: Expr[], facts: readonly Expr[], inBounds: boolean, span: Span, index: ProcIndex): { lo: Expr[]; hi: Expr[]; wide: boolean } | null {
  // Under the bounds assumption (seed 003, doall's default) a subscript of a dimension of known
  // extent stays within it: the declared bounds serve where the subscripts' own cannot be compared.
  const declared = (d: number): { lo: Expr; hi: Expr } | null => {
    const dim = s.dims[d];
    return inBounds && d > 0 && dim && dim.upper ? { lo: dim.lower, hi: dim.upper } : null;
  };
  const whole = new Set<number>();
  let lo: Expr[] | null = null;
  let hi: Expr[] | null = null;
  // The indices of the loops around `loop`: fixed while it runs, but not for the whole nest.
  let outer: ReadonlySet<Sym> | null = null;
  for (const r of refs) {
    if (r.sym !== s || !r.loops.includes(loop)) continue;
    outer ??= new Set(r.loops.slice(0, r.loops.indexOf(loop)).flatMap((l) => (l.index ? [l.index] : [])));
    // Conservative: an array passed to a call, a section, an element in an implied DO: its extent is not the subscripts'.
    if (r.why !== undefined || r.expr.kind !== "elem") return null;
    if (!r.subs || r.subs.some((x) => x === null) || r.subs.length !== s.dims.length) return null;
    const inner = r.loops.slice(r.loops.indexOf(loop));
    const rlo: Expr[] = [];
    const rhi: Expr[] = [];
    for (const written of r.subs as Expr[]) {
      const sub = substituted(written, r.stmt, loop, index);
      const d = rlo.length;
      const l = bound(sub, inner, "min", conds, span);
      const h = bound(sub, inner, "max", conds, span);
      const w = declared(d);
      if ((!l || !h) && !w) return null;
      if (!l || !h) whole.add(d);
      rlo.push(l ?? w!.lo);
      rhi.push(h ?? w!.hi);
    }
    if (!lo || !hi) {
      lo = rlo;
      hi = rhi;
      continue;
    }
    // The hull: of two bounds that differ by a constant, the outer one.
    for (let d = 0; d < rlo.length; d++) {
      if (whole.has(d)) continue;
      const dl = compareBounds(rlo[d]!, lo[d]!, conds, facts, span) ?? nestBound(rlo[d]!, lo[d]!, -1, outer, conds, span);
      const dh = compareBounds(rhi[d]!, hi[d]!, conds, facts, span) ?? nestBound(rhi[d]!, hi[d]!, 1, outer, conds, span);
      if (dl === undefined || dh === undefined) {
        const w = declared(d);
        if (!w) return null;
        whole.add(d);
        continue;
      }
      if (dl < 0) lo[d] = rlo[d]!;
      if (dh > 0) hi[d] = rhi[d]!;
    }
  }
  if (!lo || !hi) return null;
  for (const d of whole) {
    const w = declared(d)!;
    lo[d] = w.lo;
    hi[d] = w.hi;
  }
  const wide = index.proc.language === "c" && refs.some((r) => r.sym === s && r.loops.includes(loop) && (r.subs ?? []).some((x) => x !== null && computedWide(x)));
  return { lo, hi, wide };
}

/**
 * Of two bounds of one dimension whose order is not known (NPB-style
 * trmm: B[i][j] and B[k][j] for k = i + 1 .. m - 1 make i and m - 1 the
 * candidates for the highest row), the one that reads no index of the
 * loops around the checked loop, as the hull's end, under the condition
 * that it is the outer one (`m - 1 >= i`), added to the check: while the
 * condition holds the hull holds every reference; when it fails the loop
 * runs serially. `side` is -1 for a lower end, 1 for an upper one; the
 * answer is compareBounds's (x against y), undefined when neither or both
 * bounds read such an index.
 */
function nestBound(x: Expr, y: Expr, side: -1 | 1, outer: ReadonlySet<Sym> | null, conds: Expr[], span: Span): number | undefined {
  if (!outer || outer.size === 0) return undefined;
  const reads = (e: Expr) => {
    let yes = false;
    walkExpr(e, (v) => void (v.kind === "var" && outer.has(v.sym) && (yes = true)));
    return yes;
  };
  const [rx, ry] = [reads(x), reads(y)];
  if (rx === ry) return undefined;
  // The chosen end is x (x reads none of them) or y; it must be the outer of the two.
  const [chosen, other] = rx ? [y, x] : [x, y];
  const [big, small] = side > 0 ? [chosen, other] : [other, chosen];
  conds.push({ kind: "binary", op: ">=", left: big, right: small, span, type: LOGICAL });
  return rx ? -side : side;
}

/**
 * Facts f ≥ 0 that hold whenever a reference to `a` or `b` executes: the
 * loops from `loop` inward that enclose every one of those references ran
 * at least once (lower ≤ upper), when their bounds read no index of those
 * loops. With no reference executed, any check is right.
 */
function runFacts(refs: readonly ArrayRef[], loop: Loop, a: Sym, b: Sym): Expr[] {
  const mine = refs.filter((r) => (r.sym === a || r.sym === b) && r.loops.includes(loop));
  if (mine.length === 0) return [];
  const from = mine[0]!.loops.indexOf(loop);
  const common: Loop[] = [];
  for (let k = from; k < mine[0]!.loops.length; k++) {
    const l = mine[0]!.loops[k]!;
    if (!mine.every((r) => r.loops[k] === l)) break;
    common.push(l);
  }
  const indices = new Set(common.map((l) => l.index));
  const out: Expr[] = [];
  for (const l of common) {
    if (l.form !== "do" || !l.lower || !l.upper) break;
    const step = l.step ? evalInt(l.step) : 1;
    if (step === undefined) break;
    let free = true;
    for (const e of [l.lower, l.upper]) walkExpr(e, (x) => void (x.kind === "var" && indices.has(x.sym) && (free = false)));
    if (!free) continue;
    const [hi, lo] = step > 0 ? [l.upper, l.lower] : [l.lower, l.upper];
    out.push({ kind: "binary", op: "-", left: hi, right: lo, span: l.span, type: INTEGER });
  }
  return out;
}

/** A linear form c + Σ k_i·i over loop indices, with coefficients (and c) invariant expressions. */
interface Lin {
  c: Expr;
  t: Map<Sym, Expr>;
}

/** The minimum or maximum of `sub` over the iterations of `loops` (outermost first), or null. */
function bound(sub: Expr, loops: readonly Loop[], which: "min" | "max", conds: Expr[], span: Span): Expr | null {
  const indices = new Set<Sym>();
  for (const l of loops) {
    if (l.form !== "do" || !l.index || !l.lower || !l.upper) return null;
    indices.add(l.index);
  }
  // A step no constant (a block size known at run time) counts up under the check that it is at least 1.
  const stepOf = (l: Loop): number | null => {
    if (!l.step) return 1;
    const v = evalInt(l.step);
    if (v !== undefined) return v;
    if (lin(l.step, indices, span)?.t.size !== 0) return null;
    conds.push({ kind: "binary", op: ">=", left: l.step, right: int(1, span), span, type: LOGICAL });
    return 1;
  };
  let f = lin(sub, indices, span);
  for (let k = loops.length - 1; k >= 0 && f; k--) {
    const l = loops[k]!;
    const coef = f.t.get(l.index!);
    if (!coef) continue;
    let sign = evalInt(coef);
    if (sign === undefined) {
      conds.push({ kind: "binary", op: ">=", left: coef, right: int(0, span), span, type: LOGICAL });
      sign = 1;
    }
    const step = stepOf(l);
    if (step === null) return null;
    // The index stays between lower and upper (upper may not be reached): its extremes.
    const [small, large] = step > 0 ? [l.lower!, l.upper!] : [l.upper!, l.lower!];
    const up = (sign >= 0) === (which === "max");
    // A blocked loop's bound MIN(ii + BS, n) - 1 is at most each argument: one of them bounds the index
    // (looser, so the ranges checked hold more), the first free of the loops' indices if any.
    const x = extremeOf(up ? large : small);
    const pick = x && (x.op === "min") === up ? (x.args.find((a) => lin(a, indices, span)?.t.size === 0) ?? x.args[0]!) : up ? large : small;
    const g = lin(pick, indices, span);
    if (!g || g.t.has(l.index!)) return null;
    f.t.delete(l.index!);
    f = addLin(f, scaleLin(g, coef, span), span);
  }
  return f && f.t.size === 0 ? f.c : null;
}

function lin(e: Expr, indices: ReadonlySet<Sym>, span: Span): Lin | null {
  switch (e.kind) {
    case "var":
      return indices.has(e.sym) ? { c: int(0, span), t: new Map([[e.sym, int(1, span)]]) } : { c: e, t: new Map() };
    case "int":
      return { c: e, t: new Map() };
    case "cast":
      return castKeepsValue(e) || addressCast(e) ? lin(e.operand, indices, span) : null;
    case "unary":
      if (e.op === "+") return lin(e.operand, indices, span);
      if (e.op === "-") {
        const x = lin(e.operand, indices, span);
        return x && scaleLin(x, int(-1, span), span);
      }
      return opaqueLin(e, indices);
    case "binary": {
      if (e.op !== "+" && e.op !== "-" && e.op !== "*") return opaqueLin(e, indices);
      const l = lin(e.left, indices, span);
      const r = lin(e.right, indices, span);
      if (!l || !r) return null;
      if (e.op === "+") return addLin(l, r, span);
      if (e.op === "-") return addLin(l, scaleLin(r, int(-1, span), span), span);
      if (l.t.size === 0) return scaleLin(r, l.c, span);
      if (r.t.size === 0) return scaleLin(l, r.c, span);
      return null;
    }
    default:
      return opaqueLin(e, indices);
  }
}

/** An expression that reads no loop index is a constant term; one that does is not linear. */
function opaqueLin(e: Expr, indices: ReadonlySet<Sym>): Lin | null {
  let uses = false;
  walkExpr(e, (x) => {
    if (x.kind === "var" && indices.has(x.sym)) uses = true;
  });
  return uses ? null : { c: e, t: new Map() };
}

function addLin(a: Lin, b: Lin, span: Span): Lin {
  const t = new Map(a.t);
  for (const [s, k] of b.t) t.set(s, t.has(s) ? add(t.get(s)!, k, span) : k);
  for (const [s, k] of t) if (evalInt(k) === 0) t.delete(s);
  return { c: add(a.c, b.c, span), t };
}

function scaleLin(a: Lin, k: Expr, span: Span): Lin {
  const t = new Map<Sym, Expr>();
  for (const [s, c] of a.t) t.set(s, mul(c, k, span));
  return { c: mul(a.c, k, span), t };
}

function int(value: number, span: Span): Expr {
  return value < 0 ? { kind: "unary", op: "-", operand: { kind: "int", value: -value, span, type: INTEGER }, span, type: INTEGER } : { kind: "int", value, span, type: INTEGER };
}

function add(x: Expr, y: Expr, span: Span): Expr {
  const a = evalInt(x);
  const b = evalInt(y);
  if (a !== undefined && b !== undefined) return int(a + b, span);
  if (a === 0) return y;
  if (b === 0) return x;
  // Constants last, folded into a trailing one: 1 + (n - 2) is n - 1.
  if (a !== undefined) return add(y, x, span);
  if (b !== undefined && x.kind === "binary" && (x.op === "+" || x.op === "-")) {
    const c = evalInt(x.right);
    if (c !== undefined) return add(x.left, int((x.op === "+" ? c : -c) + b, span), span);
  }
  if (b !== undefined && b < 0) return { kind: "binary", op: "-", left: x, right: int(-b, span), span, type: INTEGER };
  if (y.kind === "unary" && y.op === "-") return { kind: "binary", op: "-", left: x, right: y.operand, span, type: INTEGER };
  return { kind: "binary", op: "+", left: x, right: y, span, type: INTEGER };
}

function mul(x: Expr, y: Expr, span: Span): Expr {
  const a = evalInt(x);
  const b = evalInt(y);
  if (a !== undefined && b !== undefined) return int(a * b, span);
  if (a === 0 || b === 0) return int(0, span);
  if (a === 1) return y;
  if (b === 1) return x;
  if (a === -1) return { kind: "unary", op: "-", operand: y, span, type: INTEGER };
  if (b === -1) return { kind: "unary", op: "-", operand: x, span, type: INTEGER };
  return { kind: "binary", op: "*", left: x, right: y, span, type: INTEGER };
}

/**
 * The sign of x - y (-1, 0 or 1), as polynomials over the values they
 * read; a difference such as -w (two rows of an image, w its width) has
 * the sign of its terms when every variable in them is ≥ 0, which is then
 * added to the check (`conds`). Undefined when the sign is not known.
 */
function compareBounds(x: Expr, y: Expr, conds: Expr[], facts: readonly Expr[], span: Span): number | undefined {
  // The same bound (most references of a nest share their subscripts): 0, as the polynomials would say
  // with no condition, without building them (issue 16: the hull of LU's dozens of u[k][j][i][m]).
  if (x === y || exprKey(x) === exprKey(y)) return 0;
  const atoms = new Map<string, Expr>();
  const px = toPoly(x, atoms);
  const py = toPoly(y, atoms);
  if (!px || !py) return undefined;
  let d: Poly;
  try {
    d = polySub(px, py);
  } catch (e) {
    if (e instanceof PolyOverflow) return undefined;
    throw e;
  }
  // d ≥ k·f ≥ 0 (or ≤ -k·f) for a fact f ≥ 0: the sign of d without a condition (w - 2 ≥ w - 3 ≥ 0),
  // or with the variables of what is left (d - k·f, non-negative coefficients) non-negative too:
  // -6m - 3 ≤ -3 only while m ≥ 0.
  for (const f of facts) {
    const pf = toPoly(f, atoms);
    if (!pf) continue;
    for (const k of [1, 2, 3])
      for (const sign of [1, -1]) {
        try {
          const rest = polySub(sign > 0 ? d : polyNeg(d), polyScale(pf, k));
          if (![...rest.terms].every(([, c]) => c >= 0)) continue;
          for (const [key] of rest.terms) for (const v of new Set(monomialVars(key))) conds.push({ kind: "binary", op: ">=", left: atoms.get(v)!, right: int(0, span), span, type: LOGICAL });
          return sign;
        } catch (e) {
          if (!(e instanceof PolyOverflow)) throw e;
        }
      }
  }
  const c = d.terms.get("") ?? 0;
  const rest = [...d.terms].filter(([k]) => k !== "");
  if (rest.length === 0) return Math.sign(c);
  const sign = Math.sign(rest[0]![1]);
  if (!rest.every(([, k]) => Math.sign(k) === sign) || (c !== 0 && Math.sign(c) !== sign)) return undefined;
  for (const [k] of rest) for (const v of new Set(monomialVars(k))) conds.push({ kind: "binary", op: ">=", left: atoms.get(v)!, right: int(0, span), span, type: LOGICAL });
  return sign;
}

/** `e` as a polynomial whose variables are the sub-expressions that are not sums, differences or products (by structure). */
function toPoly(e: Expr, atoms: Map<string, Expr>): Poly | null {
  try {
    switch (e.kind) {
      case "int":
        return polyConst(e.value);
      case "unary":
        if (e.op === "-" || e.op === "+") {
          const x = toPoly(e.operand, atoms);
          return x && (e.op === "-" ? polyNeg(x) : x);
        }
        break;
      case "cast":
        if (castKeepsValue(e) || addressCast(e)) return toPoly(e.operand, atoms);
        break;
      case "binary":
        if (e.op === "+" || e.op === "-" || e.op === "*") {
          const l = toPoly(e.left, atoms);
          const r = toPoly(e.right, atoms);
          if (!l || !r) return null;
          return e.op === "+" ? polyAdd(l, r) : e.op === "-" ? polySub(l, r) : polyMul(l, r);
        }
        break;
    }
  } catch (err) {
    if (err instanceof PolyOverflow) return null;
    throw err;
  }
  const v = evalInt(e);
  if (v !== undefined) return polyConst(v);
  // A polynomial's variable names no product ("*" joins a monomial's variables): an atom such as
  // iy[-2 * i + 100] is named by its key with its own products spelled otherwise (found by fuzzing: a crash).
  const k = exprKey(e).replace(/\*/g, "·");
  atoms.set(k, e);
  return polyVar(k);
}

/**
 * Whether the loop may point `p` elsewhere (not: write what it points
 * to): an assignment, `p++`, its address taken, anything doall cannot
 * read, or, for a pointer a callee can see, any call.
 */
function repointed(loop: Loop, p: Sym): boolean {
  const m = movesOf(loop);
  return m.unknown || m.targets.has(p) || (m.calls && p.storage !== "local" && p.storage !== "dummy");
}

/**
 * What a loop's body may do to pointers, found in one walk: the variables
 * it assigns, increments or takes the address of; whether it holds
 * anything doall cannot read; whether it calls (which moves a pointer a
 * callee can see). Asked for each pair of arrays that may overlap, in each
 * loop around them (issue 16: a walk of the body per pair and per pointer).
 */
interface LoopMoves {
  targets: Set<Sym>;
  unknown: boolean;
  calls: boolean;
}

const moves = new WeakMap<Loop, LoopMoves>();

function movesOf(loop: Loop): LoopMoves {
  let m = moves.get(loop);
  if (m) return m;
  const found: LoopMoves = { targets: new Set(), unknown: false, calls: false };
  const target = (e: Expr) => {
    if (e.kind === "var") found.targets.add(e.sym);
  };
  walkStmts(loop.body, (s) => {
    if (s.kind === "assign") target(s.lhs);
    if (s.kind === "io") s.defs.forEach(target);
    if (s.kind === "call") found.calls = true;
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (x.kind === "assign-expr") target(x.target);
        else if (x.kind === "addr") target(x.operand);
        else if (x.kind === "unknown") found.unknown = true;
        else if (x.kind === "call" && !x.pure) found.calls = true;
      });
  });
  moves.set(loop, (m = found));
  return m;
}

/**
 * A subscript with each integer scalar replaced by the value an
 * assignment inside the loop gives it, where that assignment is the last
 * statement before the use (in its statement list, or in those of the
 * statements around it, up to the loop) that may change the scalar, and
 * nothing between them changes what its right-hand side reads (NPB-C MG's
 * rprj3: `i3 = 2*j3 - d3` at the top of the j3 body, `i1 = 2*j1 - d1` in
 * each j1 loop). What may change what is ProcIndex's answer, callees'
 * writes included; in a procedure with jumps, none is replaced.
 */
function substituted(e: Expr, stmt: Stmt, loop: Loop, index: ProcIndex): Expr {
  if (index.jumps) return e;
  const go = (x: Expr): Expr => {
    switch (x.kind) {
      case "var":
        return x.sym.dims.length === 0 && x.sym.type.base === "integer" ? (reachingValue(x.sym, stmt, loop, index) ?? x) : x;
      case "binary":
        return { ...x, left: go(x.left), right: go(x.right) };
      case "unary":
      case "cast":
        return { ...x, operand: go(x.operand) };
      default:
        return x;
    }
  };
  return go(e);
}

/** The right-hand side of the assignment inside `loop` whose value `x` has at `stmt` (see substituted), or null. */
function reachingValue(x: Sym, stmt: Stmt, loop: Loop, index: ProcIndex): Expr | null {
  // The statements run between the assignment and the use: ranges of lists, and the statements around the use.
  const between: { list: readonly Stmt[]; from: number; to: number }[] = [];
  const around: Stmt[] = [];
  for (let s = stmt; ; ) {
    const p = index.pos.get(s);
    if (!p) return null;
    for (let j = p.index - 1; j >= 0; j--) {
      const d = p.list[j]!;
      if (!index.modifies(d, x)) continue;
      if (d.kind !== "assign" || d.lhs.kind !== "var" || d.lhs.sym !== x) return null;
      between.push({ list: p.list, from: j + 1, to: p.index });
      let ok = true;
      walkExpr(d.rhs, (y) => {
        if (y.kind === "var") {
          if (y.sym === x || between.some((r) => index.modifiesRange(r.list, r.from, r.to, y.sym)) || around.some((o) => index.modifies(o, y.sym))) ok = false;
        } else if (y.kind !== "int" && y.kind !== "binary" && y.kind !== "unary" && y.kind !== "cast") ok = false;
      });
      return ok ? d.rhs : null;
    }
    between.push({ list: p.list, from: 0, to: p.index });
    // Not past the loop checked; not through a loop that changes x (the value of an earlier iteration).
    const owner = p.owner;
    if (!owner || owner === loop || (owner.kind === "loop" && index.modifies(owner, x))) return null;
    around.push(owner);
    s = owner;
  }
}

/** Whether `e` has the same value before the loop and during it: it reads only what the loop never modifies. */
function invariant(e: Expr, loop: Loop, index: ProcIndex): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === "var" || x.kind === "elem") {
      if (x.sym.storage !== "parameter" && index.modifies(loop, x.sym)) ok = false;
    } else if (x.kind === "call" ? !x.pure : x.kind !== "int" && x.kind !== "binary" && x.kind !== "unary" && x.kind !== "cast" && x.kind !== "real") ok = false;
  });
  return ok;
}
