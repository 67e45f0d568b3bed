import type { TestName } from "./outcome.js";
import { iterationDistance, type DepProblem, type Dir } from "./problem.js";
import { NodeOutcomes, refinements, solvePair, type DirVector, type PairSolution, type SolveOptions } from "./solve-pair.js";

/**
 * A pair's solution that searches the direction-vector hierarchy only as
 * far as the questions asked of it need (issue 16). The parallelizer asks,
 * for a pair and one of its loops at level k, for the first vector (in the
 * order of the complete search) with "=" on the k outer levels and "<" at
 * k, and the first with ">" there (verdict.ts); and whether the pair has
 * any vector at all. A nest five deep whose pair no test can separate has
 * 3^5 = 243 vectors, each leaf of the hierarchy running the whole chain of
 * tests, while these questions need a dozen nodes.
 *
 * The answers are those of the complete search (solve-pair.ts): each node
 * runs the same tests (NodeOutcomes, shared with the complete search, so
 * nothing is tested twice), is refined in the same order ("<", "=", ">",
 * or the one direction a strong SIV distance fixes) with the distances
 * inherited along the same path, and a depth-first search that goes down
 * only the children a question allows meets the leaves in the complete
 * search's order: the first leaf it finds is the first vector of the
 * complete list with that prefix. The complete search stops refining
 * after `maxNodes` nodes, which would change its vectors; so the questions
 * are answered lazily only when the whole hierarchy has at most that many
 * nodes (five levels for the default 400), and otherwise from the complete
 * solution. Everything else (the list of vectors, the tests tried or that
 * pruned) is the complete solution, computed on first use.
 */
export class LazySolution implements PairSolution {
  private full: PairSolution | null = null;
  private readonly carried = new Map<number, DirVector[]>();
  private some: boolean | undefined;
  private readonly outcomes: NodeOutcomes;
  /** Whether the whole hierarchy fits in `maxNodes` (else every question goes to the complete solution). */
  private readonly lazy: boolean;

  constructor(
    private readonly problem: DepProblem,
    private readonly options: SolveOptions = {},
  ) {
    this.outcomes = new NodeOutcomes(problem, options);
    const c = problem.levels.length;
    this.lazy = problem.eqs.length > 0 && (3 ** (c + 1) - 1) / 2 <= (options.maxNodes ?? 400);
  }

  get vectors(): DirVector[] {
    return this.complete().vectors;
  }
  get distance(): (number | null)[] {
    return this.complete().distance;
  }
  get tried(): Set<TestName> {
    return this.complete().tried;
  }
  get pruned(): Map<TestName, string> {
    return this.complete().pruned;
  }
  get truncated(): boolean {
    return this.complete().truncated;
  }

  /** Whether the complete search stops early: never when the hierarchy fits in `maxNodes`. */
  isTruncated(): boolean {
    return this.lazy ? false : this.complete().truncated;
  }

  /** Whether the pair has some direction vector (is not independent). */
  any(): boolean {
    if (!this.lazy) return this.complete().vectors.length > 0;
    return (this.some ??= this.first([]) !== null);
  }

  /**
   * The vectors a loop at level k carries, as verdict.ts takes them: the
   * first (in the complete list's order) with "=" or "*" on the outer
   * levels and "<" or "*" at k, then the first with ">" at k; each when it exists.
   */
  carriedAt(k: number): DirVector[] {
    // Pairs share solutions (by key, solution-cache.ts): each level's answer is remembered.
    let out = this.carried.get(k);
    if (out) return out;
    if (!this.lazy) out = carriedAt(this.complete(), k);
    else {
      const eq: Dir[] = new Array(k).fill("=");
      out = [];
      for (const d of ["<", ">"] as const) {
        const v = this.first([...eq, d]);
        if (v) out.push(v);
      }
    }
    this.carried.set(k, out);
    return out;
  }

  private complete(): PairSolution {
    return (this.full ??= solvePair(this.problem, this.options, this.outcomes));
  }

  /** The first leaf under the nodes whose directions start with `prefix`, as the complete search meets them. */
  private first(prefix: readonly Dir[]): DirVector | null {
    const self = this.options.self === true;
    const visit = (psi: Dir[], inherited: ReadonlyMap<number, number>): DirVector | null => {
      let exact = false;
      let known: Map<number, number> | null = null;
      for (const [, r] of this.outcomes.at(psi)) {
        if (r.distances?.size) {
          known ??= new Map(inherited);
          for (const [k, d] of r.distances) known.set(k, d);
        }
        if (r.independent) return null;
        if (r.dependent) exact = true;
      }
      const dist: ReadonlyMap<number, number> = known ?? inherited;
      const k = psi.indexOf("*");
      if (k === -1) {
        if (self && psi.every((d) => d === "=")) return null;
        return { dirs: psi, exact, distance: psi.map((d, i) => (d === "=" ? 0 : iterationDistance(this.problem, i, dist.get(i)))) };
      }
      for (const dir of refinements(dist.get(k))) {
        if (k < prefix.length && dir !== prefix[k]) continue;
        const v = visit(psi.map((x, i) => (i === k ? dir : x)), dist);
        if (v) return v;
      }
      return null;
    };
    return visit(new Array(this.problem.levels.length).fill("*"), new Map());
  }
}

/** Whether a solution has no direction vector: the pair is independent. */
export function noVector(s: PairSolution): boolean {
  return s instanceof LazySolution ? !s.any() : s.vectors.length === 0;
}

/** Whether the search of a solution stopped early (its vectors keep a "*"). */
export function truncated(s: PairSolution): boolean {
  return s instanceof LazySolution ? s.isTruncated() : s.truncated;
}

/** The vectors carried at level k (see `LazySolution.carriedAt`), of any solution. */
export function carriedVectors(s: PairSolution, k: number): DirVector[] {
  return s instanceof LazySolution ? s.carriedAt(k) : carriedAt(s, k);
}

function carriedAt(s: PairSolution, k: number): DirVector[] {
  const vs = s.vectors.filter((v) => v.dirs.slice(0, k).every((d) => d === "=" || d === "*") && v.dirs[k] !== "=");
  const forward = vs.find((v) => v.dirs[k] !== ">");
  const backward = vs.find((v) => v.dirs[k] === ">");
  // In the order of the list, as the verdict met them.
  const out = [forward, backward].filter((v): v is DirVector => v !== undefined);
  return out.length === 2 && vs.indexOf(out[0]!) > vs.indexOf(out[1]!) ? [out[1]!, out[0]!] : out;
}
