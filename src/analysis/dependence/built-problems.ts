import { polyKey, polyToString, type Poly } from "../symbolic/polynomial.js";
import type { Facts } from "./facts.js";
import type { AccessForm } from "./access.js";
import type { AtomTable } from "./atoms.js";
import type { RangeBefore } from "./fit-proof.js";
import type { EquationPair } from "./layout.js";
import { finishProblem, problemFrame, type CounterVar, type DepProblem, type Equation, type Level, type ProblemFrame, type SymbolRanges, type Tie } from "./problem.js";

/**
 * The dependence problems of one nest, each built once. A problem is a
 * function of what `buildProblem` reads: the loops of the two references
 * (their models are the nest's, one per loop), their guards, the subscript
 * equations and the dimensions dropped; the atoms and ranges are the
 * nest's. A nest of n references to one array has about n²/2 pairs and,
 * in practice, far fewer different problems (NPB BT: 67,000 pairs, 3,200
 * problems): rhs(m,i,j,k) against u(m,i,j,k) is the same problem as
 * rhs(m,i,j,k) against rhs(m,i,j,k) in another statement of the same loop.
 * The key is made of those inputs as text (polynomials by `polyKey`,
 * loops by id), so two pairs share a problem exactly when building would
 * have given equal ones.
 */
export class BuiltProblems {
  private readonly problems = new Map<string, DepProblem>();
  private readonly solutionKeys = new Map<DepProblem, string>();
  private readonly formKeys = new Map<AccessForm, string>();
  /** The loops-and-guards part of the problems, per pair of sides (problem.ts's ProblemFrame). */
  private readonly frames = new Map<string, ProblemFrame>();

  constructor(
    private readonly atoms: AtomTable,
    private readonly ranges: SymbolRanges | undefined,
    private readonly before?: RangeBefore,
  ) {}

  get(src: AccessForm, snk: AccessForm, eqs: readonly EquationPair[], dropped: readonly string[]): DepProblem {
    const key = this.problemKey(src, snk, eqs, dropped);
    let p = this.problems.get(key);
    if (!p) {
      this.problems.set(key, (p = finishProblem(this.frame(src, snk), eqs, dropped, this.ranges, this.before)));
      // Equations as built: u(1,i) = u(2,i) and u(2,i) = u(3,i) are both 1 = 0 there.
      this.solutionKeys.set(p, `${this.formKey(src)}|${this.formKey(snk)}|${p.eqs.map((e) => `${e.label}:${polyToString(e.poly)}`).join(";")}|${p.relaxed.join("\n")}`);
    }
    return p;
  }

  /**
   * The problem `get` gives, built only when something reads more of it
   * than its loops: for a pair whose answer is known without it
   * (ziv.ts's `constantConflict`), whose problem most consumers never read.
   */
  deferred(src: AccessForm, snk: AccessForm, eqs: readonly EquationPair[], dropped: readonly string[]): DepProblem {
    const p = this.problems.get(this.problemKey(src, snk, eqs, dropped));
    return p ?? new DeferredProblem(this.frame(src, snk).levels, this.atoms, () => this.get(src, snk, eqs, dropped));
  }

  private problemKey(src: AccessForm, snk: AccessForm, eqs: readonly EquationPair[], dropped: readonly string[]): string {
    // No part but the last (dropped: free text) holds a "|".
    return `${this.formKey(src)}|${this.formKey(snk)}|${eqs.map((e) => `${e.label}:${polyKey(e.src)}=${polyKey(e.snk)}`).join(";")}|${dropped.join("\n")}`;
  }

  private frame(src: AccessForm, snk: AccessForm): ProblemFrame {
    const sides = `${this.formKey(src)}|${this.formKey(snk)}`;
    let frame = this.frames.get(sides);
    if (!frame) this.frames.set(sides, (frame = problemFrame(src, snk, this.atoms)));
    return frame;
  }

  /**
   * A key for the problem's solution: problems with equal keys are equal
   * (the same loops and guards on each side, the same equations once
   * built, the same relaxations), even when built from different subscripts.
   */
  solutionKey(p: DepProblem): string {
    return this.solutionKeys.get(p)!;
  }

  /** The loops (by id) and guards of a reference: what its side of a problem is made of. */
  private formKey(f: AccessForm): string {
    let k = this.formKeys.get(f);
    if (k === undefined) this.formKeys.set(f, (k = `${f.ref.loops.map((l) => l.id).join(",")}/${f.guards.map(polyKey).join("&")}`));
    return k;
  }
}

/** A problem whose levels are known and whose other parts are built on first use (BuiltProblems.deferred). */
class DeferredProblem implements DepProblem {
  private built: DepProblem | null = null;

  constructor(
    readonly levels: Level[],
    readonly atoms: AtomTable,
    private readonly build: () => DepProblem,
  ) {}

  private get whole(): DepProblem {
    return (this.built ??= this.build());
  }
  get counters(): Map<string, CounterVar> {
    return this.whole.counters;
  }
  get eqs(): Equation[] {
    return this.whole.eqs;
  }
  get bounds(): Poly[] {
    return this.whole.bounds;
  }
  get facts(): Facts {
    return this.whole.facts;
  }
  get ties(): Tie[] {
    return this.whole.ties;
  }
  get shared(): Set<string> {
    return this.whole.shared;
  }
  get relaxed(): string[] {
    return this.whole.relaxed;
  }
  get ranged(): boolean {
    return this.whole.ranged;
  }
  get assumed(): Poly[] {
    return this.whole.assumed;
  }
}
