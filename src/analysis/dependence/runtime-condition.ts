import type { Expr } from "../../ir/expr.js";
import type { Loop } from "../../ir/stmt.js";
import { INTEGER, LOGICAL } from "../../ir/types.js";
import type { Span } from "../../source/span.js";
import { isAffinePoly, polyNeg, polyVars, type Poly } from "../symbolic/polynomial.js";
import { banerjeeBounds } from "./banerjee.js";
import type { AtomTable } from "./atoms.js";
import type { DepProblem, Dir } from "./problem.js";
import { ratAdd, ratConst, ratScale, type RatAffine } from "./ranges.js";
import type { ValueAnalyzer } from "./values.js";

/**
 * Run-time conditions for independence (issue 6 §3; seed 000 §3's point
 * that EMI-style tests are cheap enough to run before a loop). When the
 * Banerjee bounds of an equation are symbolic, the equation has no
 * solution whenever its minimum is ≥ 1 or its maximum ≤ -1; those are
 * affine inequalities in the symbols, e.g. for a(i+m) = a(i), i = 1..n,
 * the difference m + t - t' lies in [m - n + 1, m + n - 1], so
 * `m >= n .or. m <= -n` rules out every dependence.
 *
 * A condition is a disjunction of conjunctions of affine atoms p ≥ 0 over
 * symbols that keep their value during the whole nest (so it can be tested
 * before any loop of it). It is kept only when small: at most 4 atoms of
 * at most 2 symbols each. Conditions are sufficient, never necessary:
 * the emitter may guard with them, and a false condition only means the
 * sequential loop runs.
 */
export type Condition = Poly[][];

const MAX_ATOMS = 4;
const MAX_SYMBOLS = 2;

/**
 * A condition under which the pair has no dependence carried by its
 * common loop number `k` (0-based), or null. Tries ψ = (=,..,=,*,..) first,
 * then "<" and ">" at k separately (their conjunction).
 */
export function conditionForLevel(p: DepProblem, k: number, va: ValueAnalyzer): Condition | null {
  const prefix: Dir[] = new Array(k).fill("=");
  const rest = (d: Dir): Dir[] => [...prefix, d, ...new Array(p.levels.length - k - 1).fill("*")];
  const useful = (c: Condition | null) => c && notTrivial(c, p, k);
  const star = useful(forDirection(p, rest("*"), va));
  if (star) return star;
  const lt = useful(forDirection(p, rest("<"), va));
  const gt = lt && useful(forDirection(p, rest(">"), va));
  if (!lt || !gt) return null;
  return and(lt, gt);
}

/**
 * Drops the alternatives that only say "the loop runs at most once"
 * (n <= 1 for a(i+1) = a(i)): true, useless as a guard.
 */
function notTrivial(c: Condition, p: DepProblem, k: number): Condition | null {
  const U = p.counters.get(p.levels[k]!.src)?.U;
  if (!U) return c;
  const twoIterations = ratAdd(U, ratConst(-1)).num; // U ≥ 1
  const kept = c.filter((alt) => p.facts.satisfiable([...alt, twoIterations]));
  if (kept.length === 0) return null;
  // "≥" alternatives first: m >= n .or. m <= -n.
  const pref = subscriptSymbols(p);
  const lead = (alt: Poly[]) => {
    const a = alt[0];
    const v = a && primaryVar(a, pref);
    return a && v ? Math.sign(a.terms.get(v)!) : 0;
  };
  return kept.sort((x, y) => lead(y) - lead(x));
}

/** The symbol written alone on the left: one with coefficient ±1 that occurs in the subscripts, if any. */
function primaryVar(p: Poly, preferred: ReadonlySet<string>): string | undefined {
  const vars = polyVars(p);
  return vars.find((v) => Math.abs(p.terms.get(v)!) === 1 && preferred.has(v)) ?? vars.find((v) => Math.abs(p.terms.get(v)!) === 1) ?? vars[0];
}

/** (A ∨ B) ∧ (C ∨ D) distributed, if it stays small. */
export function and(x: Condition, y: Condition): Condition | null {
  const out: Condition = [];
  for (const a of x) for (const b of y) out.push([...a, ...b]);
  return size(out) <= MAX_ATOMS ? out : null;
}

function size(c: Condition): number {
  return c.reduce((n, conj) => n + conj.length, 0);
}

function forDirection(p: DepProblem, psi: Dir[], va: ValueAnalyzer): Condition | null {
  const printable = (v: string) => isPrintable(v, p, va);
  const facts = p.facts;
  const alternatives: Condition = [];
  for (const e of p.eqs) {
    if (!e.affine) continue;
    const b = banerjeeBounds(p, e.poly, psi);
    if (!b) continue;
    const withU = facts.with(b.assumptions);
    for (const side of [b.min && b.min.map((m) => atLeast(m, 1)), b.max && b.max.map((m) => atLeast(ratScale(m, -1), 1))]) {
      if (!side) continue;
      if (!side.every((a) => isAffinePoly(a) && polyVars(a).every(printable) && polyVars(a).length <= MAX_SYMBOLS)) continue;
      // Drop atoms already implied; drop alternatives that cannot hold.
      const needed = side.filter((a) => !withU.proveNonNeg(a));
      if (needed.length === 0) return [[]]; // holds always (the tests would have proved it)
      if (!facts.satisfiable(needed)) continue;
      alternatives.push(needed);
    }
  }
  if (alternatives.length === 0 || size(alternatives) > MAX_ATOMS) return null;
  return alternatives;
}

/** r ≥ c as an integer affine atom num - c·den ≥ 0. */
function atLeast(r: RatAffine, c: number): Poly {
  return ratAdd(r, ratConst(-c)).num;
}

/** Shared atoms of symbols the nest never modifies: their names mean the same before any of its loops. */
function isPrintable(v: string, p: DepProblem, va: ValueAnalyzer): boolean {
  if (!p.shared.has(v)) return false;
  const a = p.atoms.get(v);
  if (a.kind === "sym") return !va.index.modifies(va.root, a.sym);
  return a.kind === "opaque";
}

/**
 * The condition as an HIR expression (`m >= n .or. m <= -n`), for exprText
 * and the emitter. `preferred` names the symbols to write alone on the
 * left of a comparison when possible (those of the subscripts).
 */
export function conditionExpr(c: Condition, atoms: AtomTable, preferred: ReadonlySet<string>, at: Loop): Expr {
  const span = at.span;
  const truth: Expr = { kind: "logical", value: true, span, type: LOGICAL };
  const join = (op: "and" | "or", xs: Expr[], empty: Expr): Expr => (xs.length === 0 ? empty : xs.reduce((x, y) => bin(op, x, y, span, LOGICAL)));
  const conj = c.map((conjunct) => join("and", conjunct.map((a) => atomExpr(a, atoms, preferred, span)), truth));
  return join("or", conj, { kind: "logical", value: false, span, type: LOGICAL });
}

/** The symbols of a pair's subscript equations: written alone on the left of its conditions. */
export function subscriptSymbols(p: DepProblem): Set<string> {
  return new Set(p.eqs.flatMap((e) => polyVars(e.poly)));
}

function bin(op: "and" | "or" | "+" | "-" | "*" | ">=" | "<=", left: Expr, right: Expr, span: Span, type = INTEGER): Expr {
  return { kind: "binary", op, left, right, span, type };
}

/** p ≥ 0 written with one symbol alone on the left: `m >= n`, `m <= -n`. */
function atomExpr(p: Poly, atoms: AtomTable, preferred: ReadonlySet<string>, span: Span): Expr {
  const primary = primaryVar(p, preferred);
  if (!primary) return { kind: "logical", value: (p.terms.get("") ?? 0) >= 0, span, type: LOGICAL };
  const k = p.terms.get(primary)!;
  // k·x + rest ≥ 0: x ≥ -rest/k for k > 0 (as k·x >= -rest), x ≤ rest/|k| for k < 0.
  const terms = new Map(p.terms);
  terms.delete(primary);
  const rest: Poly = { terms, den: 1 };
  const lhs = scaled(Math.abs(k), varExpr(primary, atoms, span), span);
  return k > 0 ? bin(">=", lhs, affineExpr(polyNeg(rest), atoms, span), span, LOGICAL) : bin("<=", lhs, affineExpr(rest, atoms, span), span, LOGICAL);
}

function scaled(k: number, e: Expr, span: Span): Expr {
  return k === 1 ? e : bin("*", { kind: "int", value: k, span, type: INTEGER }, e, span);
}

function varExpr(v: string, atoms: AtomTable, span: Span): Expr {
  const a = atoms.get(v);
  if (a.kind === "sym") return { kind: "var", sym: a.sym, span, type: a.sym.type };
  if (a.kind === "opaque") return a.expr;
  throw new Error(`not printable: ${v}`);
}

/** Σ c·x + c0 as an expression, variables first: `n - 1`, `-n`. */
function affineExpr(p: Poly, atoms: AtomTable, span: Span): Expr {
  let e: Expr | null = null;
  for (const [v, c] of p.terms) {
    if (v === "") continue;
    const term = scaled(Math.abs(c), varExpr(v, atoms, span), span);
    e = e === null ? (c < 0 ? { kind: "unary", op: "-", operand: term, span, type: INTEGER } : term) : bin(c < 0 ? "-" : "+", e, term, span);
  }
  const c0 = p.terms.get("") ?? 0;
  if (e === null) {
    const lit: Expr = { kind: "int", value: Math.abs(c0), span, type: INTEGER };
    return c0 < 0 ? { kind: "unary", op: "-", operand: lit, span, type: INTEGER } : lit;
  }
  if (c0 !== 0) e = bin(c0 < 0 ? "-" : "+", e, { kind: "int", value: Math.abs(c0), span, type: INTEGER }, span);
  return e;
}

/**
 * A conjunction of atoms p ≥ 0 without the ones another implies: of atoms
 * that differ only in their constant, the smallest constant is the
 * strongest (x - 13 ≥ 0 implies x - 12 ≥ 0).
 */
export function simplifyConjunction(atoms: readonly Poly[]): Poly[] {
  const best = new Map<string, Poly>();
  for (const a of atoms) {
    const key = [...a.terms].filter(([k]) => k !== "").sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, v]) => `${v}*${k}`).join("+");
    const prev = best.get(key);
    if (!prev || (a.terms.get("") ?? 0) < (prev.terms.get("") ?? 0)) best.set(key, a);
  }
  return [...best.values()];
}
