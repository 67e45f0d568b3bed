import type { Procedure } from "../../ir/program.js";
import type { Loop } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { accessForm, type AccessForm } from "./access.js";
import { aliasKind } from "./alias.js";
import { AtomTable } from "./atoms.js";
import { pairEquations, provablyInBounds, shapeOf, type Shape } from "./layout.js";
import type { TestName } from "./outcome.js";
import { buildProblem, type DepProblem } from "./problem.js";
import { ProcIndex } from "./proc-index.js";
import { collectRefs, type ArrayRef } from "./references.js";
import { decidingTest, solvePair, type PairSolution } from "./solve-pair.js";
import { DepStats } from "./stats.js";
import { ValueAnalyzer } from "./values.js";

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
}

export interface NestDeps {
  root: Loop;
  va: ValueAnalyzer;
  forms: Map<ArrayRef, AccessForm>;
  pairs: PairResult[];
}

export interface ProcedureDeps {
  proc: Procedure;
  index: ProcIndex;
  atoms: AtomTable;
  refs: ArrayRef[];
  nests: NestDeps[];
}

export function analyzeProcedure(proc: Procedure, options: DependenceOptions = {}, stats?: DepStats): ProcedureDeps {
  const index = new ProcIndex(proc);
  const atoms = new AtomTable();
  const refs = collectRefs(proc);
  const byRoot = new Map<Loop, ArrayRef[]>();
  for (const r of refs) {
    const root = r.loops[0];
    if (!root) continue;
    let list = byRoot.get(root);
    if (!list) byRoot.set(root, (list = []));
    list.push(r);
  }
  const nests: NestDeps[] = [];
  for (const [root, list] of byRoot) {
    const va = new ValueAnalyzer(index, atoms, root);
    const forms = new Map(list.map((r) => [r, accessForm(r, va)]));
    const shapes = new Map<Sym, Shape>();
    const shape = (f: AccessForm): Shape => {
      let s = shapes.get(f.ref.sym);
      if (!s) shapes.set(f.ref.sym, (s = shapeOf(f.ref.sym, f.dims?.length ?? f.ref.sym.dims.length, va, index)));
      return s;
    };
    const pairs: PairResult[] = [];
    for (let i = 0; i < list.length; i++) {
      for (let j = i; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        if (a.kind === "use" && b.kind === "use" && !options.input) continue;
        if (i === j && a.kind === "use") continue;
        const kind = aliasKind(a.sym, b.sym);
        if (kind === "disjoint") continue;
        const fa = forms.get(a)!;
        const fb = forms.get(b)!;
        const base = buildProblem(fa, fb, [], [], atoms);
        if (base.levels.length === 0) continue;
        const inBounds = (f: AccessForm, d: number) => options.assumeInBounds === true || provablyInBounds(f, d, shape(f), base.facts, (l) => va.model(l));
        let problem: DepProblem;
        if (kind === "same") {
          const { eqs, dropped } = pairEquations(fa, fb, shape(fa), inBounds);
          problem = buildProblem(fa, fb, eqs, dropped, atoms);
        } else if (kind === "common" && allInBounds(fa, shape(fa), inBounds) && allInBounds(fb, shape(fb), inBounds)) {
          continue; // different COMMON members, both provably within their bounds
        } else {
          const why = kind === "common" ? `${a.sym.name} and ${b.sym.name} are members of COMMON /${a.sym.common}/ and a subscript may leave its bounds` : `${a.sym.name} and ${b.sym.name} may share storage`;
          problem = buildProblem(fa, fb, [], [why], atoms);
        }
        const solution = solvePair(problem, { self: i === j, ...pick(options) });
        const status = solution.vectors.length === 0 ? "independent" : problem.relaxed.length > 0 || solution.truncated ? "unknown" : "dependent";
        const r: PairResult = { src: a, snk: b, loops: problem.levels.map((l) => l.loop), status, solution, test: status === "independent" ? decidingTest(solution) : null, problem };
        if (status === "unknown") r.why = problem.relaxed[0] ?? "the direction-vector search was cut short";
        pairs.push(r);
        stats?.countPair(r);
      }
    }
    nests.push({ root, va, forms, pairs });
  }
  return { proc, index, atoms, refs, nests };
}

function allInBounds(f: AccessForm, s: Shape, inBounds: (f: AccessForm, d: number) => boolean): boolean {
  if (!f.dims) return false;
  for (let d = 0; d < s.rank; d++) if (!inBounds(f, d)) return false;
  return true;
}

function pick(o: DependenceOptions) {
  const out: { maxNodes?: number; emiBudget?: number; omegaBudget?: number } = {};
  if (o.maxNodes !== undefined) out.maxNodes = o.maxNodes;
  if (o.emiBudget !== undefined) out.emiBudget = o.emiBudget;
  if (o.omegaBudget !== undefined) out.omegaBudget = o.omegaBudget;
  return out;
}
