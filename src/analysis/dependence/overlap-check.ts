import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import { exprKey } from "../../ir/expr-key.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { INTEGER, LOGICAL } from "../../ir/types.js";
import { childBlocks, stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
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
  const ra = extent(refs, loop, a, conds, facts, inBounds, span);
  const rb = extent(refs, loop, b, conds, facts, inBounds, span);
  if (!ra || !rb) return null;
  for (const e of [...ra.lo, ...ra.hi, ...rb.lo, ...rb.hi, ...conds]) if (!invariant(e, loop, index)) return null;
  const bytes = (e: Expr): Expr => ({ kind: "cast", to: { base: "pointer", pointee: { base: "integer", bytes: 1 } }, operand: e, span, type: { base: "pointer" } });
  const at = (s: Sym, subs: Expr[]): Expr => ({ kind: "addr", operand: { kind: "elem", sym: s, subs, span, type: s.type }, span, type: { base: "pointer" } });
  const end = (s: Sym, subs: Expr[]): Expr => ({ kind: "binary", op: "+", left: at(s, subs), right: int(1, span), span, type: { base: "pointer" } });
  const le = (x: Expr, y: Expr): Expr => ({ kind: "binary", op: "<=", left: bytes(x), right: bytes(y), span, type: LOGICAL });
  const apart: Expr = { kind: "binary", op: "or", left: le(end(a, ra.hi), at(b, rb.lo)), right: le(end(b, rb.hi), at(a, ra.lo)), span, type: LOGICAL };
  const seen = new Set<string>();
  const signs = conds.filter((c) => (seen.has(exprKey(c)) ? false : (seen.add(exprKey(c)), true)));
  return [...signs, apart].reduce((x, y) => ({ kind: "binary", op: "and", left: x, right: y, span, type: LOGICAL }));
}

/** Per dimension, bounds of the subscripts of every reference to `s` inside `loop`. */
function extent(refs: readonly ArrayRef[], loop: Loop, s: Sym, conds: Expr[], facts: readonly Expr[], inBounds: boolean, span: Span): { lo: Expr[]; hi: Expr[] } | null {
  // Under the bounds assumption (seed 003, doall's default) a subscript of a dimension of known
  // extent stays within it: the declared bounds serve where the subscripts' own cannot be compared.
  const declared = (d: number): { lo: Expr; hi: Expr } | null => {
    const dim = s.dims[d];
    return inBounds && d > 0 && dim && dim.upper ? { lo: dim.lower, hi: dim.upper } : null;
  };
  const whole = new Set<number>();
  let lo: Expr[] | null = null;
  let hi: Expr[] | null = null;
  const defs = definitions(loop);
  for (const r of refs) {
    if (r.sym !== s || !r.loops.includes(loop)) continue;
    // Conservative: an array passed to a call, a section, an element in an implied DO: its extent is not the subscripts'.
    if (r.why !== undefined || r.expr.kind !== "elem") return null;
    if (!r.subs || r.subs.some((x) => x === null) || r.subs.length !== s.dims.length) return null;
    const inner = r.loops.slice(r.loops.indexOf(loop));
    const rlo: Expr[] = [];
    const rhi: Expr[] = [];
    for (const written of r.subs as Expr[]) {
      const sub = substituted(written, r.stmt, defs);
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
      const dl = compareBounds(rlo[d]!, lo[d]!, conds, facts, span);
      const dh = compareBounds(rhi[d]!, hi[d]!, conds, facts, span);
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
  return { lo, hi };
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
    if (l.form !== "do" || !l.index || !l.lower || !l.upper || (l.step && evalInt(l.step) === undefined)) return null;
    indices.add(l.index);
  }
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
    const step = l.step ? evalInt(l.step)! : 1;
    // The index stays between lower and upper (upper may not be reached): its extremes.
    const [small, large] = step > 0 ? [l.lower!, l.upper!] : [l.upper!, l.lower!];
    const pick = (sign >= 0) === (which === "max") ? large : small;
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
      return e.to.base === "integer" ? lin(e.operand, indices, span) : null;
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
  // d ≥ k·f ≥ 0 (or ≤ -k·f) for a fact f ≥ 0: the sign of d without a condition (w - 2 ≥ w - 3 ≥ 0).
  for (const f of facts) {
    const pf = toPoly(f, atoms);
    if (!pf) continue;
    for (const k of [1, 2, 3])
      for (const sign of [1, -1]) {
        try {
          const rest = polySub(sign > 0 ? d : polyNeg(d), polyScale(pf, k));
          if ([...rest.terms].every(([, c]) => c >= 0)) return sign;
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
        if (e.to.base === "integer") return toPoly(e.operand, atoms);
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
  const k = exprKey(e);
  atoms.set(k, e);
  return polyVar(k);
}

/**
 * Whether the loop may point `p` elsewhere (not: write what it points
 * to): an assignment, `p++`, its address taken, anything doall cannot
 * read, or, for a pointer a callee can see, any call.
 */
function repointed(loop: Loop, p: Sym): boolean {
  let moved = false;
  const target = (e: Expr) => {
    if (e.kind === "var" && e.sym === p) moved = true;
  };
  const visible = p.storage !== "local" && p.storage !== "dummy";
  walkStmts(loop.body, (s) => {
    if (s.kind === "assign") target(s.lhs);
    if (s.kind === "io") s.defs.forEach(target);
    if (s.kind === "call" && visible) moved = true;
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (x.kind === "assign-expr") target(x.target);
        else if (x.kind === "addr") target(x.operand);
        else if (x.kind === "unknown" || (x.kind === "call" && visible && !x.pure)) moved = true;
      });
  });
  return moved;
}

/** An assignment `x = rhs` of a scalar in the loop: the statement at `at` of the statement list `list`. */
interface Definition {
  rhs: Expr;
  list: readonly Stmt[];
  at: number;
}

/**
 * The integer scalars the loop sets only by assignments that read no
 * variable the loop sets but loop indices (NPB-C MG's rprj3: `i3 = 2*j3 -
 * d3` at the top of the j3 body, `i1 = 2*j1 - d1` in each j1 loop): in
 * the statements after such an assignment in its list, up to the next
 * one, the scalar is that expression of the indices.
 */
function definitions(loop: Loop): Map<Sym, Definition[]> {
  const other = new Set<Sym>();
  const assigned = new Set<Sym>();
  const where = new Map<Sym, Definition[]>();
  const bump = (e: Expr) => {
    if (e.kind === "var") other.add(e.sym);
  };
  const indices = new Set<Sym>();
  const visit = (list: readonly Stmt[]) =>
    list.forEach((st, at) => {
      if (st.kind === "assign" && st.lhs.kind === "var") {
        assigned.add(st.lhs.sym);
        if (st.lhs.sym.dims.length === 0 && st.lhs.sym.type.base === "integer") where.set(st.lhs.sym, [...(where.get(st.lhs.sym) ?? []), { rhs: st.rhs, list, at }]);
        else other.add(st.lhs.sym);
      }
      if (st.kind === "loop" && st.index) indices.add(st.index);
      if (st.kind === "io") st.defs.forEach(bump);
      if (st.kind === "call") st.args.forEach(bump);
      for (const e of stmtExprs(st))
        walkExpr(e, (x) => {
          if (x.kind === "assign-expr") bump(x.target);
          else if (x.kind === "addr") bump(x.operand);
          else if (x.kind === "call") x.args.forEach(bump);
        });
      for (const b of childBlocks(st)) visit(b);
    });
  visit(loop.body);
  if (loop.index) indices.add(loop.index);
  // A jump could reach a use around its definition.
  let jumps = false;
  walkStmts(loop.body, (st) => void ((st.kind === "goto" || st.kind === "computed-goto" || st.kind === "arith-if") && (jumps = true)));
  const out = new Map<Sym, Definition[]>();
  if (jumps) return out;
  for (const [x, list] of where) {
    if (other.has(x) || indices.has(x)) continue;
    let ok = true;
    for (const d of list)
      walkExpr(d.rhs, (y) => {
        if (y.kind === "var" && !indices.has(y.sym) && (assigned.has(y.sym) || other.has(y.sym))) ok = false;
        if (y.kind === "call" || y.kind === "assign-expr" || y.kind === "elem" || y.kind === "deref" || y.kind === "unknown") ok = false;
      });
    if (ok) out.set(x, list);
  }
  return out;
}

/** A subscript with each scalar the loop assigned earlier in the same statement list (and not since) replaced by its value. */
function substituted(e: Expr, stmt: Stmt, defs: ReadonlyMap<Sym, Definition[]>): Expr {
  if (defs.size === 0) return e;
  const reaching = (x: Sym): Expr | null => {
    const all = defs.get(x)!;
    for (const d of all) {
      const k = d.list.findIndex((st, j) => j > d.at && (st === stmt || contains(st, stmt)));
      if (k < 0) continue;
      // Another assignment between, or one inside the statement before the use: not this value.
      if (all.some((o) => o !== d && o.list === d.list && o.at > d.at && o.at <= k)) return null;
      if (d.list[k] !== stmt && all.some((o) => o.list !== d.list && contains(d.list[k]!, o.list[o.at]!))) return null;
      return d.rhs;
    }
    return null;
  };
  const go = (x: Expr): Expr => {
    switch (x.kind) {
      case "var":
        return defs.has(x.sym) ? (reaching(x.sym) ?? x) : x;
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

function contains(outer: Stmt, s: Stmt): boolean {
  let yes = false;
  walkStmts([outer], (x) => void (x === s && (yes = true)));
  return yes;
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
