import type { Loop } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import {
  isAffinePoly,
  monomialVars,
  polyAdd,
  polyConst,
  polyEquals,
  polyNeg,
  polySub,
  polyVar,
  polySubstitute,
  polyVars,
  PolyOverflow,
  type Poly,
} from "../symbolic/polynomial.js";
import type { AccessForm } from "./access.js";
import type { AtomTable } from "./atoms.js";
import type { RangeBefore } from "./fit-proof.js";
import { Facts } from "./facts.js";
import type { EquationPair } from "./layout.js";
import { extremeOver, type RatAffine } from "./ranges.js";
import type { LoopModel } from "./values.js";

/** A direction at one common loop, in execution order of the two iterations (seed 004 §1.2). */
export type Dir = "<" | "=" | ">" | "*";

/**
 * The dependence problem of a pair of references (seed 000 §3, Fig. 2):
 * integer iterations I of the source and I' of the sink such that
 *
 *     f_j(I) = g_j(I')          for every equation j (layout.ts),
 *     0 ≤ t_k, |s_k|·t_k ≤ span_k   on each side (loop bounds, normalized),
 *     guards                    (IF conditions around each reference),
 *
 * over the loop counters of both sides and the atoms of the subscripts.
 * A direction vector ψ over the common loops adds t_k ψ_k t'_k. Atoms fixed
 * per instance of a common loop exist once per side and are equal when the
 * two iterations agree on every loop outside that instance ("ties").
 *
 * Variable names: a counter or per-instance atom of side X is "X:atom"
 * (X = "a" for the source, "b" for the sink); atoms fixed for the whole
 * nest keep their atom name and are shared.
 */
export interface Level {
  loop: Loop;
  opaque: boolean;
  src: string;
  snk: string;
  step: number;
  /** A loop counted by offsets (LoopModel.stride): "<" puts the sink S or more offsets after the source. */
  stride?: Poly;
}

export interface CounterVar {
  name: string;
  side: "a" | "b";
  model: LoopModel;
  /** Index of the common level, or null for a loop of one side only. */
  level: number | null;
  /** Largest counter value over the outer iterations (rectangular relaxation); null: unbounded. */
  U: RatAffine | null;
}

export interface Equation {
  /** Integer polynomial; the equation is poly = 0. */
  poly: Poly;
  affine: boolean;
  label: string;
}

export interface Tie {
  a: string;
  b: string;
  /** The ties hold when ψ is "=" on the first `level` common loops. */
  level: number;
}

/**
 * Built from the two references' loops, guards and subscript equations
 * only (not the references themselves), so pairs that agree on those
 * share one problem (built-problems.ts).
 */
export interface DepProblem {
  levels: Level[];
  counters: Map<string, CounterVar>;
  eqs: Equation[];
  /** Affine constraints ≥ 0: loop bounds of both sides and guards. */
  bounds: Poly[];
  /** What holds of the shared atoms (bounds and guards that only mention them). */
  facts: Facts;
  ties: Tie[];
  /** Variables that are shared atoms (fixed for the whole nest). */
  shared: Set<string>;
  /** Why the model is not exact (a dimension without equation, a non-affine bound...). */
  relaxed: string[];
  /** Some fact came from the value ranges of a symbol (without them the problem would differ). */
  ranged: boolean;
  /**
   * Constraints p ≥ 0 the problem takes as true without proof (a strided
   * loop's step ≥ 1, LoopModel.stride): an answer relies on them, so they
   * are its run-time check. Those the value ranges prove are left out.
   */
  assumed: Poly[];
  atoms: AtomTable;
}

export function rename(p: Poly, f: (v: string) => string): Poly {
  const terms = new Map<string, number>();
  let same = true;
  for (const [k, c] of p.terms) {
    const vs = monomialVars(k);
    // f is called for every variable, also those it keeps (it records them: buildProblem's `side`).
    const key = vs.length === 0 ? "" : vs.length === 1 ? f(vs[0]!) : vs.map(f).sort().join("*");
    if (key !== k) same = false;
    terms.set(key, (terms.get(key) ?? 0) + c);
  }
  // Every monomial its own: the same polynomial (polynomials are never changed once made).
  if (same) return p;
  for (const [k, c] of terms) if (c === 0) terms.delete(k);
  return { terms, den: p.den };
}

/** poly·den as an integer polynomial (the equation num/den = 0 is num = 0). */
function numerator(p: Poly): Poly {
  return { terms: p.terms, den: 1 };
}

/**
 * Known ranges of scalars (the value-range issue's facts), as min/max of
 * their values where the nest rooted at `root` starts. Asked only for
 * symbols fixed during the whole nest, so the range holds in all of it.
 */
export type SymbolRanges = (sym: Sym, root: Loop) => { min?: number; max?: number } | undefined;

export function buildProblem(src: AccessForm, snk: AccessForm, equations: EquationPair[], dropped: string[], atoms: AtomTable, ranges?: SymbolRanges): DepProblem {
  return finishProblem(problemFrame(src, snk, atoms), equations, dropped, ranges);
}

/**
 * The part of a problem made of the two references' loops and guards
 * alone: their counters, bounds and facts. It is the same for every pair
 * of references under the same loops and guards (a nest's hundreds of
 * subscript pairs share a few dozen), and the costly part to build
 * (extremeOver), so BuiltProblems keeps one per pair of sides (issue 16).
 * Nothing in it is changed once made: `finishProblem` copies what it adds to.
 */
export interface ProblemFrame {
  readonly atoms: AtomTable;
  readonly depthOf: ReadonlyMap<Loop, number>;
  readonly levels: Level[];
  readonly counters: Map<string, CounterVar>;
  readonly bounds: Poly[];
  readonly factList: readonly Poly[];
  /** Shared atoms and ties of the sides, in the order met (the equations' come after). */
  readonly shared: ReadonlySet<string>;
  readonly ties: ReadonlyMap<string, Tie>;
  readonly relaxed: readonly string[];
  readonly assumed: readonly Poly[];
  /** The first loop of the source: where the symbols' ranges are asked. */
  readonly root: Loop | undefined;
}

/** A renaming of the atoms of one side (see DepProblem), recording the shared atoms and ties it meets. */
function renamer(x: "a" | "b", atoms: AtomTable, depthOf: ReadonlyMap<Loop, number>, shared: Set<string>, ties: Map<string, Tie>): (v: string) => string {
  return (v) => {
    const inst = atoms.instanceOf(v);
    const a = atoms.get(v);
    if (a.kind !== "counter" && inst === null) {
      shared.add(v);
      return v;
    }
    const name = `${x}:${v}`;
    if (a.kind !== "counter" && inst && depthOf.has(inst)) {
      const level = depthOf.get(inst)!;
      ties.set(v, { a: `a:${v}`, b: `b:${v}`, level });
    }
    return name;
  };
}

export function problemFrame(src: AccessForm, snk: AccessForm, atoms: AtomTable): ProblemFrame {
  const commonLoops: Loop[] = [];
  for (let k = 0; k < Math.min(src.ref.loops.length, snk.ref.loops.length) && src.ref.loops[k] === snk.ref.loops[k]; k++) commonLoops.push(src.ref.loops[k]!);
  const depthOf = new Map(commonLoops.map((l, k) => [l, k]));
  const shared = new Set<string>();
  const ties = new Map<string, Tie>();
  const relaxed: string[] = [];
  const ren = { a: renamer("a", atoms, depthOf, shared, ties), b: renamer("b", atoms, depthOf, shared, ties) };
  const counters = new Map<string, CounterVar>();
  const bounds: Poly[] = [];
  const factList: Poly[] = [];
  const assumed: Poly[] = [];
  const addSide = (f: AccessForm, x: "a" | "b") => {
    f.models.forEach((m, k) => {
      const level = k < commonLoops.length ? k : null;
      if (m.kind === "opaque") {
        relaxed.push(`loop at line ${m.loop.span.line}: ${m.why}`);
        return;
      }
      const name = ren[x](m.counter);
      const s = Math.abs(m.step);
      let U: RatAffine | null = null;
      bounds.push(polyVar(name));
      if (m.span && isAffinePoly(m.span)) {
        const span = rename(m.span, ren[x]);
        bounds.push(polySub(span, polyVar(name, s)));
        const hi = extremeOver(m.span, f.models.slice(0, k).map((mm) => mm.loop), modelFrom(f.models), "max");
        if (hi) U = { num: rename(hi.num, ren[x]), den: hi.den * s };
        if (polyVars(span).every((v) => shared.has(v))) factList.push(span); // the loop must run
      } else relaxed.push(`loop at line ${m.loop.span.line}: ${m.span ? "non-affine bound" : "unknown bound"}`);
      if (m.stride) {
        // Offsets, not iterations: any offset between the bounds stands for the multiples of the step among them.
        relaxed.push(`loop at line ${m.loop.span.line}: its step is a variable, every offset counted`);
        const atLeastOne = polyAdd(m.stride, polyConst(-1));
        if (!assumed.some((p) => polyEquals(p, atLeastOne))) {
          assumed.push(atLeastOne);
          bounds.push(atLeastOne);
          factList.push(atLeastOne);
        }
      }
      // What a min/max bound says of itself (LoopModel.facts); a fact that is not affine is left out (a relaxation).
      for (const fact of m.facts ?? []) {
        if (!isAffinePoly(fact)) continue;
        const p = rename(fact, ren[x]);
        bounds.push(p);
        if (polyVars(p).every((v) => shared.has(v))) factList.push(p);
      }
      counters.set(name, { name, side: x, model: m, level, U });
    });
    for (const g of f.guards) {
      const p = rename(g, ren[x]);
      bounds.push(p);
      if (polyVars(p).every((v) => shared.has(v))) factList.push(p);
    }
  };
  addSide(src, "a");
  addSide(snk, "b");
  const levels: Level[] = commonLoops.map((l, k) => {
    const m = src.models[k]!;
    const level: Level = { loop: l, opaque: m.kind === "opaque", src: ren.a(m.counter), snk: ren.b(m.counter), step: m.step };
    // The step is fixed for the whole nest: its atoms are shared, one name on both sides.
    if (m.stride) level.stride = m.stride;
    return level;
  });
  return { atoms, depthOf, levels, counters, bounds, factList, shared, ties, relaxed, assumed, root: src.ref.loops[0] };
}

/** The problem of a frame and the subscript equations of one pair. */
export function finishProblem(frame: ProblemFrame, equations: readonly EquationPair[], dropped: readonly string[], ranges?: SymbolRanges, before?: RangeBefore): DepProblem {
  const { atoms, depthOf } = frame;
  const shared = new Set(frame.shared);
  const ties = new Map(frame.ties);
  const relaxed = [...dropped, ...frame.relaxed];
  const ren = { a: renamer("a", atoms, depthOf, shared, ties), b: renamer("b", atoms, depthOf, shared, ties) };
  const factList = [...frame.factList];
  const eqs: Equation[] = [];
  for (const e of equations) {
    try {
      const d = numerator(polySub(rename(e.src, ren.a), rename(e.snk, ren.b)));
      eqs.push({ poly: d, affine: isAffinePoly(d), label: e.label });
    } catch (err) {
      if (!(err instanceof PolyOverflow)) throw err;
      relaxed.push(`${e.label}: too large`);
    }
  }
  const root = frame.root;
  let ranged = false;
  const fromRanges: Poly[] = [];
  // Shared atoms the ranges fix to one value (NPB FT's n1 = 128 from every call, run-constants.ts).
  const fixed = new Map<string, number>();
  if (ranges) {
    for (const v of shared) {
      const a = atoms.get(v);
      const r = a.kind === "sym" && root ? ranges(a.sym, root) : undefined;
      if (r?.min !== undefined) fromRanges.push(polyAdd(polyVar(v), polyConst(-r.min)));
      if (r?.max !== undefined) fromRanges.push(polySub(polyConst(r.max), polyVar(v)));
      if (r?.min !== undefined || r?.max !== undefined) ranged = true;
      if (r?.min !== undefined && r.min === r.max) fixed.set(v, r.min);
    }
    factList.push(...fromRanges);
  }
  let bounds = frame.bounds;
  if (fixed.size > 0) {
    // That value in the equations and bounds: `xout(j + (n1+1)*(k-1+n2*i))` is affine once n1 and n2 are
    // numbers, and the tests for affine equations apply. (The facts n1 = 128 hold wherever the nest runs.)
    eqs.forEach((e, k) => {
      const poly = fixedIn(e.poly, fixed);
      if (poly !== e.poly) eqs[k] = { ...e, poly, affine: isAffinePoly(poly) };
    });
    bounds = bounds.map((b) => fixedIn(b, fixed));
  }
  // The ranges of values an instance of a loop starts with (`ble` when `do j = bls, ble` starts): bounds on the atoms that stand for them.
  if (before) bounds = [...bounds, ...instanceRanges([...eqs.map((e) => e.poly), ...bounds], atoms, before)];
  const facts = Facts.of(factList);
  // A step ≥ 1 the value ranges prove is no assumption. Proved from the ranges alone: the other facts
  // hold in the model that assumes it (a loop whose step is negative may run where the model's must not).
  const assumed = frame.assumed.length && fromRanges.length ? frame.assumed.filter((p) => !Facts.of(fromRanges).proveNonNeg(p)) : frame.assumed.slice();
  return { levels: frame.levels, counters: frame.counters, eqs, bounds, facts, ties: [...ties.values()], shared, relaxed, ranged, assumed, atoms };
}

/** `p` with the atoms of `fixed` replaced by their values (the same polynomial when it has none of them). */
function fixedIn(p: Poly, fixed: ReadonlyMap<string, number>): Poly {
  let out = p;
  for (const v of polyVars(p)) {
    const c = fixed.get(v);
    if (c !== undefined) out = polySubstitute(out, v, polyConst(c));
  }
  return out;
}

/**
 * Bounds `x - min >= 0` and `max - x >= 0` for each side's copy x of an
 * atom that is a scalar's value when an instance of a loop starts (atoms.ts),
 * from that scalar's range just before the loop (RangeBefore).
 */
function instanceRanges(polys: readonly Poly[], atoms: AtomTable, before: RangeBefore): Poly[] {
  const out: Poly[] = [];
  const seen = new Set<string>();
  for (const p of polys) {
    for (const name of polyVars(p)) {
      if (seen.has(name) || !(name.startsWith("a:") || name.startsWith("b:"))) continue;
      seen.add(name);
      const a = atoms.get(name.slice(2));
      if (a.kind !== "sym" || !a.instance) continue;
      const r = before(a.sym, a.instance);
      if (r?.min !== undefined) out.push(polyAdd(polyVar(name), polyConst(-r.min)));
      if (r?.max !== undefined) out.push(polySub(polyConst(r.max), polyVar(name)));
    }
  }
  return out;
}

function modelFrom(models: LoopModel[]): (l: Loop) => LoopModel {
  return (l) => models.find((m) => m.loop === l)!;
}

/**
 * The equalities and inequalities a direction vector adds (ψ_k relates the
 * counters: "<" is t'_k - t_k ≥ 1), with the ties it activates.
 */
export function directionConstraints(p: DepProblem, psi: readonly Dir[]): { eqs: Poly[]; geqs: Poly[] } {
  const eqs: Poly[] = [];
  const geqs: Poly[] = [];
  psi.forEach((d, k) => {
    const l = p.levels[k]!;
    if (l.opaque || d === "*") return;
    const diff = polySub(polyVar(l.snk), polyVar(l.src)); // t' - t
    // Counted by offsets (Level.stride): iterations in order are a step or more apart.
    const gap = l.stride ?? polyConst(1);
    if (d === "=") eqs.push(diff);
    else if (d === "<") geqs.push(polySub(diff, gap));
    else geqs.push(polySub(polyNeg(diff), gap));
  });
  for (const t of activeTies(p, psi)) eqs.push(polySub(polyVar(t.a), polyVar(t.b)));
  return { eqs, geqs };
}

/**
 * A distance found at level k, in iterations: none at a level counted by
 * offsets (Level.stride), where the tests' distance is in index values.
 */
export function iterationDistance(p: DepProblem, k: number, d: number | undefined): number | null {
  return d === undefined || p.levels[k]!.stride ? null : d;
}

export function activeTies(p: DepProblem, psi: readonly Dir[]): Tie[] {
  return p.ties.filter((t) => psi.slice(0, t.level).every((d) => d === "="));
}

/**
 * The sink-side names that ψ identifies with source-side ones: counters of
 * "=" levels and active ties. Tests that work on one equation substitute
 * them (t'_k := t_k).
 */
export function equalities(p: DepProblem, psi: readonly Dir[]): Map<string, string> {
  const m = new Map<string, string>();
  psi.forEach((d, k) => {
    const l = p.levels[k]!;
    if (d === "=" && !l.opaque) m.set(l.snk, l.src);
  });
  for (const t of activeTies(p, psi)) m.set(t.b, t.a);
  return m;
}

export function merged(poly: Poly, eq: Map<string, string>): Poly {
  return eq.size === 0 ? poly : rename(poly, (v) => eq.get(v) ?? v);
}

/** Whether a feasible answer of an exact test means a real dependence: nothing relaxed, no unknowns. */
export function exactModel(p: DepProblem): boolean {
  if (p.relaxed.length > 0 || p.eqs.some((e) => !e.affine)) return false;
  const vars = new Set([...p.eqs.flatMap((e) => polyVars(e.poly)), ...p.bounds.flatMap(polyVars)]);
  return [...vars].every((v) => p.counters.has(v));
}
