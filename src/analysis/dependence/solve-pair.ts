import { banerjeeTest } from "./banerjee.js";
import { emiTest } from "./emi-test.js";
import { exactTest } from "./exact-test.js";
import { gcdTest } from "./gcd-test.js";
import { TEST_ORDER, type TestName, type TestOutcome } from "./outcome.js";
import { iterationDistance, type DepProblem, type Dir } from "./problem.js";
import { sivTest } from "./siv.js";
import { zivTest } from "./ziv.js";

/**
 * Solving one dependence problem: the chain of tests from cheap to exact
 * (ZIV, SIV, GCD, Banerjee, EMI, exact) applied down the hierarchy of
 * direction vectors (Burke & Cytron, "Interprocedural dependence analysis
 * and parallelization", SIGPLAN 1986; Wolfe §7.4): start from (*, ..., *),
 * and where no test proves independence, refine the first "*" into <, =, >.
 * A strong SIV distance fixes its level's direction without trying the
 * other two. The leaves that survive are the possible direction vectors.
 */
export interface DirVector {
  /** Per common loop, outermost first; "*" only when refinement stopped (budget or no equation at all). */
  dirs: Dir[];
  /** The exact test found an integer solution of an exact model: a certain dependence. */
  exact: boolean;
  /** Distance t' - t per common level for the solutions with this vector, when constant (strong SIV). */
  distance: (number | null)[];
}

export interface PairSolution {
  vectors: DirVector[];
  /** Distance t' - t per common level, when the same for every solution (strong SIV). */
  distance: (number | null)[];
  /** Tests that ran at least once. */
  tried: Set<TestName>;
  /** Tests that pruned at least one direction vector (by name), with a note each. */
  pruned: Map<TestName, string>;
  /** Whether refinement stopped early (budget). */
  truncated: boolean;
}

export interface SolveOptions {
  /** Exclude the all-"=" vector: the pair is a reference with itself. */
  self?: boolean;
  /** Most nodes of the hierarchy to visit (default 400). */
  maxNodes?: number;
  emiBudget?: number;
  omegaBudget?: number;
}

type Test = (p: DepProblem, psi: readonly Dir[]) => TestOutcome;

/**
 * What the chain of tests says at each node ψ of the hierarchy, computed
 * once per node: the outcomes of the tests that ran, in order, the last
 * one the test that pruned ψ if any. A test reads only the problem and ψ,
 * so a node's outcomes do not depend on how the search got there; the
 * complete search and the questions of lazy-solution.ts share them.
 */
export class NodeOutcomes {
  private readonly tests: [TestName, Test][];
  private readonly memo = new Map<string, readonly (readonly [TestName, TestOutcome])[]>();

  constructor(
    readonly problem: DepProblem,
    readonly options: SolveOptions = {},
  ) {
    this.tests = [
      ["ziv", zivTest],
      ["siv", sivTest],
      ["gcd", gcdTest],
      ["banerjee", banerjeeTest],
      ["emi", (q, psi) => emiTest(q, psi, { budget: options.emiBudget ?? 200_000 })],
      ["exact", (q, psi) => exactTest(q, psi, options.omegaBudget ?? 5000)],
    ];
  }

  at(psi: readonly Dir[]): readonly (readonly [TestName, TestOutcome])[] {
    const key = psi.join("");
    let out = this.memo.get(key);
    if (!out) {
      const list: [TestName, TestOutcome][] = [];
      for (const [name, test] of this.tests) {
        const r = test(this.problem, psi);
        list.push([name, r]);
        if (r.independent) break;
      }
      this.memo.set(key, (out = list));
    }
    return out;
  }
}

export function solvePair(p: DepProblem, options: SolveOptions = {}, outcomes: NodeOutcomes = new NodeOutcomes(p, options)): PairSolution {
  const c = p.levels.length;
  const out: PairSolution = { vectors: [], distance: new Array(c).fill(null), tried: new Set(), pruned: new Map(), truncated: false };
  if (p.eqs.length === 0) {
    // Conservative: nothing relates the two subscripts; every direction is possible.
    out.vectors.push({ dirs: new Array(c).fill("*"), exact: false, distance: new Array(c).fill(null) });
    return out;
  }
  const globalDistance = new Map<number, number>();
  let nodes = 0;
  const maxNodes = options.maxNodes ?? 400;

  const visit = (psi: Dir[], inherited: ReadonlyMap<number, number>): void => {
    nodes++;
    let exact = false;
    const known = new Map(inherited);
    for (const [name, r] of outcomes.at(psi)) {
      out.tried.add(name);
      for (const [k, d] of r.distances ?? []) {
        known.set(k, d);
        if (r.global?.has(k)) globalDistance.set(k, d);
      }
      if (r.independent) {
        if (!out.pruned.has(name)) out.pruned.set(name, r.note ?? name);
        return;
      }
      if (r.dependent) exact = true;
    }
    // Opaque levels are refined too: "<" and ">" constrain nothing there, but "=" ties the atoms of inner instances.
    const k = psi.indexOf("*");
    if (k === -1) {
      if (options.self && psi.every((d) => d === "=")) return;
      out.vectors.push({ dirs: psi, exact, distance: psi.map((d, i) => (d === "=" ? 0 : iterationDistance(p, i, known.get(i)))) });
      return;
    }
    if (nodes > maxNodes) {
      // Conservative: stop refining; the vector keeps its "*".
      out.truncated = true;
      out.vectors.push({ dirs: psi, exact: false, distance: psi.map((d, i) => (d === "=" ? 0 : iterationDistance(p, i, known.get(i)))) });
      return;
    }
    const d = known.get(k);
    // The strong SIV distance rules out the other two directions at this level.
    if (d !== undefined && !out.pruned.has("siv")) out.pruned.set("siv", `strong SIV: distance ${d} at level ${k + 1}`);
    for (const dir of refinements(d)) visit(psi.map((x, i) => (i === k ? dir : x)), known);
  };
  visit(new Array(c).fill("*"), new Map());
  for (const [k, d] of globalDistance) out.distance[k] = iterationDistance(p, k, d);
  if (options.self) out.vectors = out.vectors.filter((v) => !v.dirs.every((d) => d === "="));
  return out;
}

/** The directions a "*" is refined into: the three, or the one a strong SIV distance `d` fixes. */
export function refinements(d: number | undefined): readonly Dir[] {
  return d === undefined ? ALL : d > 0 ? LESS : d < 0 ? MORE : SAME;
}

const ALL: readonly Dir[] = ["<", "=", ">"];
const LESS: readonly Dir[] = ["<"];
const SAME: readonly Dir[] = ["="];
const MORE: readonly Dir[] = [">"];

/** The strongest test that pruned something: the one a report names as the proof. */
export function decidingTest(s: PairSolution): TestName | null {
  let best: TestName | null = null;
  for (const t of TEST_ORDER) if (s.pruned.has(t)) best = t;
  return best;
}
