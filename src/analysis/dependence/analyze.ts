import type { Procedure } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { accessForm, type AccessForm } from "./access.js";
import type { ParamBindings } from "./param-bindings.js";
import { aliasKind, type AliasKind } from "./alias.js";
import { pointerAlias } from "./pointer-alias.js";
import { PointerBases } from "./pointer-bases.js";
import { AtomTable } from "./atoms.js";
import { isAffinePoly, polyKey, polyVars, type Poly } from "../symbolic/polynomial.js";
import { Facts } from "./facts.js";
import { inBounds, linearize, pairEquations, shapeOf, type EquationPair, type InBoundsAnswer, type Shape } from "./layout.js";
import type { TestName } from "./outcome.js";
import { BuiltProblems } from "./built-problems.js";
import { constantConflict } from "./ziv.js";
import { PairKeys } from "./ref-classes.js";
import { finishProblem, problemFrame, type DepProblem, type Dir, type SymbolRanges } from "./problem.js";
import type { SummaryLookup } from "../summaries/summary.js";
import { callRegions, type Fit } from "../regions/call-regions.js";
import { fitProved, type RangeBefore } from "./fit-proof.js";
import { ProcIndex } from "./proc-index.js";
import { collectRefs, type ArrayRef } from "./references.js";
import { decidingTest, solvePair, type DirVector, type PairSolution } from "./solve-pair.js";
import { LazySolution, noVector, truncated } from "./lazy-solution.js";
import { DepStats } from "./stats.js";
import type { SolutionCache } from "./solution-cache.js";
import { opaqueModel, ValueAnalyzer, type LoopModel } from "./values.js";
import { phase } from "../../util/phases.js";

/**
 * Array dependence analysis of a procedure: every pair of references to
 * the same array (or to arrays that may share storage) inside a common
 * loop, at least one a write (read pairs too with `input`), as a
 * dependence problem solved down the direction-vector hierarchy.
 *
 * Each result is one of: independent (and the test that proved it);
 * dependent, with direction vectors (exact or possible) and distances when
 * constant; unknown (and why: a subscript or bound that is not a
 * polynomial, storage that may overlap), with the vectors still possible.
 */
export interface DependenceOptions {
  /** Also test pairs of two reads (input dependences). */
  input?: boolean;
  /**
   * Assume subscripts stay within their declared bounds, so that
   * multi-dimensional references are tested dimension by dimension without
   * proof. Off by default: doall does not assume it (layout.ts).
   */
  assumeInBounds?: boolean;
  /**
   * Ranges of scalars known from elsewhere (the value-range issue), valid
   * at the start of every nest. Used as facts by every test.
   */
  symbolRanges?: SymbolRanges;
  /** The value range of a scalar just before a statement (ranged-dependences.ts): proves calls' fits where they run (fit-proof.ts). */
  rangeBefore?: RangeBefore;
  /**
   * Summaries of the called procedures (the dataflow issue's, through
   * `summaryLookup`): what a call may write and read. Without them every
   * call may touch every argument and every variable a callee can reach.
   */
  summaries?: SummaryLookup;
  /** What every call gives the procedure's dummies (run-constants.ts), for the value ranges (ranged-dependences.ts). */
  entryValues?: ReadonlyMap<Sym, number>;
  /** What the pointer parameters of the file's static functions point to (param-bindings.ts). */
  bindings?: ParamBindings;
  /**
   * Pairs whose answer is known to be the same (ref-classes.ts) share one
   * analysis (default true). False analyzes every pair on its own: for the
   * tests that check the sharing changes no answer.
   */
  shareAnswers?: boolean;
  /**
   * Pairs that two different constant subscripts separate are answered
   * before their problem is built (ziv.ts's `constantConflict`; default
   * true). False builds and searches them too: for the test that checks
   * the shortcut changes no answer.
   */
  constantZiv?: boolean;
  /** Solutions shared with other nests and procedures (solution-cache.ts). */
  solutions?: SolutionCache;
  /** Only the nest that holds this loop (the others get no NestDeps): a plan of one loop needs no more. */
  nestOf?: Loop;
  maxNodes?: number;
  emiBudget?: number;
  omegaBudget?: number;
}

export type PairStatus = "independent" | "dependent" | "unknown";

export interface PairResult {
  /** The reference that comes first within an iteration. */
  src: ArrayRef;
  snk: ArrayRef;
  /** Common loops, outermost first. */
  loops: readonly Loop[];
  status: PairStatus;
  solution: PairSolution;
  /** For "independent": the test that proved it. */
  test: TestName | null;
  /** For "unknown": what could not be modelled. */
  why?: string;
  problem: DepProblem;
  /**
   * Atoms p ≥ 0 the result relies on: subscripts that were not proved to
   * stay within their declared bounds (layout.ts). Empty when unconditional.
   */
  assumes: Poly[];
  /**
   * Of `assumes`, those that are a strided loop's step ≥ 1 (DepProblem.assumed), and per common
   * loop whether what the answer says is carried there holds whatever the step (stepFree): a loop
   * over k around one over blocks of i needs no check of the block size for a(i, k).
   */
  steps?: { assumes: Poly[]; free: boolean[] };
  /**
   * Two C arrays that may share storage (pointers): the pair is independent
   * whenever their address ranges do not overlap, which a run-time check
   * can test (overlap-check.ts).
   */
  mayOverlap?: boolean;
  /**
   * Rows of a C pointer to pointers the two references may reach apart
   * (rowsMayDiffer): the vectors include those; no condition on the
   * subscripts, which speak of one row, makes them go.
   */
  rowsMayOverlap?: boolean;
}

export interface NestDeps {
  root: Loop;
  va: ValueAnalyzer;
  forms: Map<ArrayRef, AccessForm>;
  pairs: PairResult[];
  /** The answer of each pair key (ref-classes.ts); null: not a pair (no common loop, disjoint storage). */
  answers: ReadonlyMap<string, PairAnswer | null>;
}

export interface ProcedureDeps {
  proc: Procedure;
  index: ProcIndex;
  atoms: AtomTable;
  refs: ArrayRef[];
  nests: NestDeps[];
  /** What the C pointers of the procedure point into (pointer-bases.ts); null for Fortran. */
  bases: PointerBases | null;
  /** Whether the analysis assumed subscripts stay within their declared bounds (`assumeInBounds`). */
  inBounds: boolean;
}

export function analyzeProcedure(proc: Procedure, options: DependenceOptions = {}, stats?: DepStats): ProcedureDeps {
  return phase("deps", () => analyze(proc, options, stats));
}

function analyze(proc: Procedure, options: DependenceOptions, stats?: DepStats): ProcedureDeps {
  const index = new ProcIndex(proc, options.summaries);
  const atoms = new AtomTable();
  const refs = collectRefs(
    proc,
    (name) => index.effectOf(name),
    // With `fits`: accesses placed in their arrays while the call's arguments stay in their columns, as run-time checks.
    (call) => callRegions(proc, call, options.summaries?.(call.name), options.assumeInBounds ?? false, true),
  );
  const byRoot = new Map<Loop, ArrayRef[]>();
  for (const r of refs) {
    const root = r.loops[0];
    if (!root) continue;
    let list = byRoot.get(root);
    if (!list) byRoot.set(root, (list = []));
    list.push(r);
  }
  const nests: NestDeps[] = [];
  const bases = proc.language === "c" ? new PointerBases(proc) : null;
  const nestOf = options.nestOf;
  for (const [root, list] of byRoot) if (!nestOf || root === nestOf || list.some((r) => r.loops.includes(nestOf))) nests.push(analyzeNest(root, list, index, atoms, bases, options, stats));
  return { proc, index, atoms, refs, nests, bases, inBounds: options.assumeInBounds === true };
}

/**
 * The analysis of `deps`'s procedure again without the value ranges (and
 * the same other options): what the range-facts report compares with.
 * Only the pairs whose problem took a fact from a range can change; the
 * others keep their answers, and the references' forms are those of
 * `deps` (they do not depend on the ranges). With `root`, only the nest
 * rooted there.
 */
export function withoutRanges(deps: ProcedureDeps, options: DependenceOptions, root?: Loop): ProcedureDeps {
  const { symbolRanges: _, ...rest } = options;
  // With `root`, that nest only: the pairs of a loop are all in the nest it is in.
  const nests = root ? deps.nests.filter((n) => n.root === root) : deps.nests;
  return phase("deps", () => ({ ...deps, nests: nests.map((n) => analyzeNest(n.root, [...n.forms.keys()], deps.index, deps.atoms, deps.bases, rest, undefined, n)) }));
}

/** How two symbols may share storage: alias.ts, then for C pointers what they point into (pointer-alias.ts). */
export function storageAlias(a: Sym, b: Sym, bases: PointerBases | null, options: DependenceOptions): AliasKind {
  const kind = aliasKind(a, b);
  if (kind !== "may-alias" || !bases) return kind;
  return pointerAlias(a, b, bases, options.bindings);
}

function analyzeNest(root: Loop, list: ArrayRef[], index: ProcIndex, atoms: AtomTable, bases: PointerBases | null, options: DependenceOptions, stats?: DepStats, prior?: NestDeps): NestDeps {
  const va = prior?.va ?? new ValueAnalyzer(index, atoms, root);
  const rangeBefore = options.rangeBefore;
  const proved = rangeBefore && ((f: Fit, at: Stmt) => fitProved(f, at, index, rangeBefore));
  const forms = prior?.forms ?? new Map(list.map((r) => [r, accessForm(r, va, proved)]));
  const shapes = new Map<Sym, Shape>();
  const shape = (f: AccessForm): Shape => {
    let s = shapes.get(f.ref.sym);
    if (!s) shapes.set(f.ref.sym, (s = shapeOf(f.ref.sym, f.dims?.length ?? f.ref.sym.dims.length, va, index)));
    return s;
  };
  const usable = (v: string) => va.isInvariant(v);
  const bounds = new Map<string, InBoundsAnswer>();
  const boundsOf = (f: AccessForm, d: number) => {
    const key = `${f.ref.id}:${d}`;
    if (!bounds.has(key)) bounds.set(key, inBounds(f, d, shape(f), refFacts(f, atoms), (l) => va.model(l), usable));
    return bounds.get(key)!;
  };
  const cache = new Map<string, PairSolution>();
  const built = new BuiltProblems(atoms, options.symbolRanges, options.rangeBefore);
  const solved = new Map<DepProblem, { pair?: PairSolution; self?: PairSolution }>();
  // In-bounds facts the pair relies on, when not proved: checked at run time.
  const ok = (f: AccessForm, d: number): InBoundsAnswer => (options.assumeInBounds ? "proved" : boundsOf(f, d));

  /**
   * The answer for the pair (a, b), without the references themselves; null when it is no pair. Two
   * accesses of one array, one placed by a call while its argument fits its column (AccessForm.fits),
   * are apart as their subscripts say only while it does: the pair assumes it. (Members of one COMMON
   * block are apart anyway: the callee stays within the array it was given.)
   */
  const answer = (a: ArrayRef, b: ArrayRef, self: boolean): PairAnswer | null => {
    const r = answerAsPlaced(a, b, self);
    // Most references have no fits: the alias kind is not asked again for them (a hot path, issue 16).
    const fits = [...(forms.get(a)!.fits ?? []), ...(a === b ? [] : (forms.get(b)!.fits ?? []))];
    if (!r || fits.length === 0 || storageAlias(a.sym, b.sym, bases, options) !== "same") return r;
    const seen = new Set(r.assumes.map(polyKey));
    for (const p of fits) if (!seen.has(polyKey(p))) (seen.add(polyKey(p)), r.assumes.push(p));
    return r;
  };
  const answerAsPlaced = (a: ArrayRef, b: ArrayRef, self: boolean): PairAnswer | null => {
    const kind = storageAlias(a.sym, b.sym, bases, options);
    if (kind === "disjoint") return null;
    const fa = forms.get(a)!;
    const fb = forms.get(b)!;
    if (commonDepth(a, b) === 0) return null;
    let eqs: EquationPair[] = [];
    let dropped: string[] = [];
    let assumes: Poly[] = [];
    const both = kind === "common" ? allInBounds(fa, shape(fa), ok) : null;
    const both2 = both && allInBounds(fb, shape(fb), ok);
    if (kind === "same") {
      ({ eqs, dropped, assumes } = pairEquations(fa, fb, shape(fa), ok));
      // Rows of a pointer to pointers (C) may be one object: different constant rows separate nothing (rowsMayDiffer).
      const conflict = options.constantZiv === false || a.sym.attrs.pointerRows ? null : constantConflict(eqs);
      if (conflict) {
        // What the search would answer at its root (ziv.ts), without building the problem first.
        const problem = built.deferred(fa, fb, eqs, dropped);
        const r = result(problem, { vectors: [], distance: problem.levels.map(() => null), tried: new Set(["ziv"]), pruned: new Map([["ziv", conflict]]), truncated: false }, assumes);
        if (bases !== null && a.sym !== b.sym) r.mayOverlap = true;
        return r;
      }
    } else if (kind === "same-start") {
      // One address at the start, or different objects (pointer-alias.ts): the elements' offsets from it, each in its own shape.
      const la = fa.dims ? linearize(fa, shape(fa), shape(fa).fastToSlow) : (fa.why ?? "any element");
      const lb = fb.dims ? linearize(fb, shape(fb), shape(fb).fastToSlow) : (fb.why ?? "any element");
      if (typeof la !== "string" && typeof lb !== "string") eqs = [{ src: la, snk: lb, label: "addresses" }];
      else dropped = [`${a.sym.name} and ${b.sym.name} may share storage (${typeof la === "string" ? la : lb})`];
    } else if (both && both2) {
      // Different COMMON members, disjoint while their subscripts stay in bounds.
      const problem = built.get(fa, fb, [], []);
      return result(problem, { vectors: [], distance: [], tried: new Set(), pruned: new Map(), truncated: false }, [...both, ...both2]);
    } else {
      const anyElement = !fa.dims ? fa : !fb.dims ? fb : null;
      dropped = [
        anyElement
          ? `${anyElement.ref.sym.name}: ${anyElement.why ?? "any element"} (and it may overlap ${anyElement === fa ? b.sym.name : a.sym.name})`
          : kind === "common"
            ? `${a.sym.name} and ${b.sym.name} are members of COMMON /${a.sym.common}/ and a subscript may leave its bounds`
            : `${a.sym.name} and ${b.sym.name} may share storage`,
      ];
    }
    const problem = built.get(fa, fb, eqs, dropped);
    // A pointer to pointers (C): elements of different rows may be one element (rowsMayDiffer).
    const rows = kind === "same" && a.sym.attrs.pointerRows && (a.kind === "def" || b.kind === "def") ? rowsMayDiffer(fa, fb, a.sym.attrs.pointerRows, atoms) : null;
    // Two names of one array (pointer-alias.ts "same") too: apart at run time, they share nothing.
    // Not for rows reached through pointers: the addresses of the first and last elements bound nothing between.
    const overlap = (kind === "may-alias" || kind === "same" || kind === "same-start") && bases !== null && a.sym !== b.sym && !a.sym.attrs.pointerRows && !b.sym.attrs.pointerRows;
    // One problem, one solution (per self or not): pairs that share a problem share its answer.
    let known = solved.get(problem);
    if (!known) solved.set(problem, (known = {}));
    let solution = self ? known.self : known.pair;
    if (!solution) {
      const key = `${self}|${built.solutionKey(problem)}`;
      solution = cache.get(key);
      if (!solution) cache.set(key, (solution = options.solutions ? options.solutions.solve(problem, { self, ...pick(options) }) : new LazySolution(problem, { self, ...pick(options) })));
      if (self) known.self = solution;
      else known.pair = solution;
    }
    // A strided loop's step ≥ 1, where the ranges do not prove it (DepProblem.assumed), unless the answer holds
    // whatever the step at some of its loops (stepFree): those need no check of it.
    const r = result(problem, solution, problem.assumed.length ? [...assumes, ...problem.assumed] : assumes);
    if (problem.assumed.length) r.steps = { assumes: problem.assumed, free: kind === "same" ? stepFree(solution, fa, fb, assumes, self) : problem.levels.map(() => false) };
    if (overlap) r.mayOverlap = true;
    return rows ? withRows(r, rows, a.sym.name) : r;
  };

  /**
   * Per common loop, whether what the answer `solution` of two accesses of one array says is carried
   * there holds whatever the steps of their strided loops (LoopModel.stride): the pair solved again
   * with those loops taken as loops of no model, their offsets free either way, carries there no
   * direction vector the answer does not cover (nor another distance). Then that loop needs no check
   * of the step (a(i, k) in a loop over k around one over blocks of i). The subscripts are laid out
   * again without those loops' ranges (in-bounds proofs may have used them), and only the in-bounds
   * assumptions the pair makes anyway may be taken. Asked only of pairs that assume a step (rare: a
   * step the nest does not know).
   */
  const stepFree = (solution: PairSolution, fa: AccessForm, fb: AccessForm, assumes: readonly Poly[], self: boolean): boolean[] => {
    const none = fa.ref.loops.slice(0, commonDepth(fa.ref, fb.ref)).map(() => false);
    const free = (m: LoopModel): LoopModel => (m.stride ? opaqueModel(m.loop, m.chain, m.counter, "its step is not known") : m);
    const alt = (f: AccessForm): AccessForm => ({ ...f, models: f.models.map(free) });
    const a = alt(fa);
    const b = fa === fb ? a : alt(fb);
    const modelOf = (l: Loop) => free(va.model(l));
    const okAlt = (f: AccessForm, d: number): InBoundsAnswer => (options.assumeInBounds ? "proved" : inBounds(f, d, shape(f), refFacts(f, atoms), modelOf, usable));
    const laid = pairEquations(a, b, shape(a), okAlt);
    const taken = new Set(assumes.map(polyKey));
    if (laid.assumes.some((p) => !taken.has(polyKey(p)))) return none;
    const p = finishProblem(problemFrame(a, b, atoms), laid.eqs, laid.dropped, options.symbolRanges, options.rangeBefore);
    const any = solvePair(p, { self, ...pick(options) });
    const same = (d: number | null, e: number | null) => d === null || d === e;
    // A vector may be carried at k when every direction before k may be "=" (a "*" may) and the one at k may be other than "=".
    const carriedAt = (dirs: readonly string[], k: number) => dirs.slice(0, k).every((d) => d === "=" || d === "*") && dirs[k] !== "=";
    // Not where the answer carries a vector at k: a run-time condition may then remove it, and that
    // condition was found with the steps at least 1 (found by the brute-force property: with a step m = -1
    // an inner loop `do i2 = 4, e, m` runs, where the model said it runs no iteration).
    return none.map(
      (_, k) =>
        same(solution.distance[k] ?? null, any.distance[k] ?? null) &&
        !solution.vectors.some((v) => carriedAt(v.dirs, k)) &&
        any.vectors.every((w) => !carriedAt(w.dirs, k) || solution.vectors.some((v) => v.dirs.every((d, j) => d === "*" || d === w.dirs[j]) && v.distance.every((d, j) => same(d, w.distance[j] ?? null)))),
    );
  };

  const keys = new PairKeys(list.map((r) => forms.get(r)!), options.assumeInBounds === true);
  const answers = new Map<string, PairAnswer | null>();
  const pairs: PairResult[] = [];
  // A pair's key (and its references' kinds and aliasing) depends on their classes only: found once per
  // two classes, not printed for each of a nest's n²/2 pairs. Null: not a pair.
  const share = options.shareAnswers !== false;
  // Per pair of classes (and self or not), in a flat array: a nest's pairs are looked up n²/2 times
  // (issue 16: the Map lookups and the spread copy of each answer were the nest's own hottest lines).
  const C = keys.classes;
  const byClasses: (PairAnswer | null | undefined)[] | Map<number, PairAnswer | null> = C <= 1024 ? new Array<PairAnswer | null | undefined>(2 * C * C) : new Map<number, PairAnswer | null>();
  const classOf = list.map((_, i) => keys.classOf(i));
  for (let i = 0; i < list.length; i++) {
    const ci = classOf[i]! * C;
    for (let j = i; j < list.length; j++) {
      const classes = share ? 2 * (ci + classOf[j]!) + (i === j ? 1 : 0) : -1;
      let t = share ? (Array.isArray(byClasses) ? byClasses[classes] : byClasses.get(classes)) : undefined;
      if (t === undefined) {
        t = null;
        const a = list[i]!;
        const b = list[j]!;
        const kind = storageAlias(a.sym, b.sym, bases, options);
        if (!(a.kind === "use" && b.kind === "use" && !options.input) && !(i === j && a.kind === "use") && kind !== "disjoint") {
          const key = share ? keys.key(i, j, kind, i === j) : `${i},${j}`;
          t = answers.get(key);
          if (t === undefined) {
            // Answers that took nothing from the ranges are the same without them.
            const before = prior?.answers.get(key);
            answers.set(key, (t = before === null || (before && !before.problem.ranged) ? before : answer(a, b, i === j)));
          }
        }
        if (share) {
          if (Array.isArray(byClasses)) byClasses[classes] = t;
          else byClasses.set(classes, t);
        }
      }
      if (!t) continue;
      const r = pairOf(list[i]!, list[j]!, t);
      pairs.push(r);
      stats?.countPair(r);
    }
  }
  return { root, va, forms, pairs, answers };
}

/** A pair's result but its references: what pairs of references of the same classes share. */
type PairAnswer = Omit<PairResult, "src" | "snk">;

/** `{ src, snk, ...answer }`, field by field: the spread was a hot line of a nest of hundreds of references. */
function pairOf(src: ArrayRef, snk: ArrayRef, t: PairAnswer): PairResult {
  const r: PairResult = { src, snk, loops: t.loops, status: t.status, solution: t.solution, test: t.test, problem: t.problem, assumes: t.assumes };
  if ("why" in t) r.why = t.why;
  if ("steps" in t) r.steps = t.steps;
  if ("mayOverlap" in t) r.mayOverlap = t.mayOverlap;
  if ("rowsMayOverlap" in t) r.rowsMayOverlap = t.rowsMayOverlap;
  return r;
}

/**
 * Where the rows of a C pointer to pointers (Sym.pointerRows: its leading
 * dimensions select a pointer) may differ between the two references: the
 * deepest common loop whose iterations may reach the two through different
 * row pointers (a row subscript that names that loop's index, or one
 * inside it), and whether they may within one iteration too (different
 * row subscripts, or ones that change inside the common loops). Null when
 * both always reach one row: the same row subscripts, fixed in the nest.
 * Different rows are not known to be separate objects (`rows[i] = blk + i
 * % 4 * m`), so their subscripts separate nothing there.
 */
function rowsMayDiffer(fa: AccessForm, fb: AccessForm, count: number, atoms: AtomTable): { level: number; within: boolean } | null {
  const common = commonDepth(fa.ref, fb.ref);
  let level = -1;
  let within = false;
  for (const f of [fa, fb]) {
    const depthOf = new Map<string, number>(f.models.map((m, k) => [m.counter, k]));
    const loopDepth = new Map<Loop, number>(f.ref.loops.map((l, k) => [l, k]));
    for (let d = 0; d < count; d++) {
      const p = f.dims?.[d];
      // Not known: any row, anywhere.
      if (!p) return { level: common - 1, within: true };
      for (const v of polyVars(p)) {
        const inst = atoms.instanceOf(v);
        const k = depthOf.get(v) ?? (inst ? loopDepth.get(inst) : undefined);
        if (k === undefined) continue;
        // Changes with loop k: between iterations of the common loops down to k, and within one iteration of them when k is deeper.
        level = Math.max(level, Math.min(k, common - 1));
        if (k >= common) within = true;
      }
    }
  }
  for (let d = 0; d < count; d++) {
    const x = fa.dims?.[d];
    const y = fb.dims?.[d];
    if (!x || !y || polyKey(x) !== polyKey(y)) within = true;
  }
  if (within) level = common - 1;
  return level < 0 && !within ? null : { level, within };
}

/**
 * The answer of a pair whose references may reach different rows of a
 * pointer to pointers: what the subscripts say, and besides, at every
 * level where the rows may differ, a dependence carried there (any
 * direction there, "=" outside, anything inside), and one within an
 * iteration when the rows may differ there.
 */
function withRows(r: PairAnswer, rows: { level: number; within: boolean }, name: string): PairAnswer {
  const n = r.loops.length;
  const vectors: DirVector[] = [...r.solution.vectors];
  const free = (k: number): Dir[] => Array.from({ length: n - k - 1 }, () => "*" as Dir);
  for (let k = 0; k <= rows.level && k < n; k++)
    for (const d of ["<", ">"] as const) vectors.push({ dirs: [...Array.from({ length: k }, () => "=" as Dir), d, ...free(k)], exact: false, distance: r.loops.map(() => null) });
  if (rows.within) vectors.push({ dirs: r.loops.map(() => "=" as Dir), exact: false, distance: r.loops.map(() => null) });
  const solution: PairSolution = { vectors, distance: r.loops.map(() => null), tried: r.solution.tried, pruned: new Map(), truncated: truncated(r.solution) };
  return { ...r, status: "unknown", solution, test: null, why: `${name}: its rows are reached through pointers, which may point into one object`, rowsMayOverlap: true };
}

function result(problem: DepProblem, solution: PairSolution, assumes: Poly[]): PairAnswer {
  const status: PairStatus = noVector(solution) ? "independent" : problem.relaxed.length > 0 || truncated(solution) ? "unknown" : "dependent";
  const seen = new Set<string>();
  const uniq = assumes.filter((p) => {
    const k = polyKey(p);
    return seen.has(k) ? false : (seen.add(k), true);
  });
  const r: PairAnswer = { loops: problem.levels.map((l) => l.loop), status, solution, test: status === "independent" ? decidingTest(solution) : null, problem, assumes: uniq };
  if (status === "unknown") r.why = problem.relaxed[0] ?? "the direction-vector search was cut short";
  return r;
}

function commonDepth(a: ArrayRef, b: ArrayRef): number {
  let k = 0;
  while (k < a.loops.length && k < b.loops.length && a.loops[k] === b.loops[k]) k++;
  return k;
}

/** Facts about the nest's symbols known where the reference executes (guards, loops that must run). */
function refFacts(f: AccessForm, atoms: AtomTable): Facts {
  const shared = (p: Poly) => polyVars(p).every((v) => atoms.get(v).kind !== "counter" && atoms.instanceOf(v) === null);
  const list = [...f.guards.filter(shared), ...f.models.flatMap((m) => (m.span && isAffinePoly(m.span) && shared(m.span) ? [m.span] : []))];
  return Facts.of(list);
}

/** The atoms under which every subscript of `f` stays in bounds ([] when proved), or null. */
function allInBounds(f: AccessForm, s: Shape, ok: (f: AccessForm, d: number) => InBoundsAnswer): Poly[] | null {
  if (!f.dims) return null;
  const out: Poly[] = [];
  for (let d = 0; d < s.rank; d++) {
    const r = ok(f, d);
    if (!r) return null;
    if (r !== "proved") out.push(...r);
  }
  return out;
}

function pick(o: DependenceOptions) {
  const out: { maxNodes?: number; emiBudget?: number; omegaBudget?: number } = {};
  if (o.maxNodes !== undefined) out.maxNodes = o.maxNodes;
  if (o.emiBudget !== undefined) out.emiBudget = o.emiBudget;
  if (o.omegaBudget !== undefined) out.omegaBudget = o.omegaBudget;
  return out;
}
