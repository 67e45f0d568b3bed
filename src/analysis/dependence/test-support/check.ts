// Compares what the dependence analysis says with what really happens:
// runs the procedure (interpret.ts) for concrete values of its symbols and
// checks, for every pair, that every real collision's direction vector is
// among the reported ones (none if "independent"), that reported distances
// are the real ones, and that loops reported parallel (or parallel under
// their run-time check, when it holds) carry no collision.
import type { Expr } from "../../../ir/expr.js";
import type { Loop } from "../../../ir/stmt.js";
import type { Sym } from "../../../ir/symbol.js";
import { collectLoops } from "../../../ir/walk.js";
import { polyEval, type Poly } from "../../symbolic/polynomial.js";
import type { PairResult, ProcedureDeps } from "../analyze.js";
import type { Dir } from "../problem.js";
import { arrayVerdict } from "../verdict.js";
import { run, type Access } from "./interpret.js";

export interface CheckTally {
  pairs: number;
  collisions: number;
  independentClaims: number;
}

/** The real direction vectors of a pair: ψ_k compares the counters of common loop k. */
function realVectors(pr: PairResult, byNode: Map<Expr, Access[]>): { dirs: Dir[]; dist: number[] }[] {
  const src = (byNode.get(pr.src.expr) ?? []).filter((a) => a.kind === pr.src.kind);
  const snk = (byNode.get(pr.snk.expr) ?? []).filter((a) => a.kind === pr.snk.kind);
  const at = new Map<number, Access[]>();
  for (const b of snk) {
    let l = at.get(b.address);
    if (!l) at.set(b.address, (l = []));
    l.push(b);
  }
  const out: { dirs: Dir[]; dist: number[] }[] = [];
  for (const a of src) {
    for (const b of at.get(a.address) ?? []) {
      if (a === b) continue; // a reference with itself in the same iteration: one access
      const dist = pr.loops.map((l) => b.iters.get(l)! - a.iters.get(l)!);
      out.push({ dirs: dist.map((d) => (d > 0 ? "<" : d < 0 ? ">" : "=")), dist });
    }
  }
  return out;
}

function covers(v: readonly Dir[], r: readonly Dir[]): boolean {
  return v.every((d, k) => d === "*" || d === r[k]);
}

function evalAtom(p: Poly, deps: ProcedureDeps, env: ReadonlyMap<Sym, number>): number | undefined {
  try {
    return polyEval(p, (v) => {
      const a = deps.atoms.get(v);
      if (a.kind !== "sym" || !env.has(a.sym)) throw new Error("unevaluable");
      return env.get(a.sym)!;
    });
  } catch {
    return undefined;
  }
}

export function evalCondition(e: Expr, env: ReadonlyMap<Sym, number>): number {
  switch (e.kind) {
    case "int":
      return e.value;
    case "logical":
      return e.value ? 1 : 0;
    case "var":
      return env.get(e.sym) ?? 0;
    case "unary":
      return e.op === "-" ? -evalCondition(e.operand, env) : e.op === "not" ? (evalCondition(e.operand, env) ? 0 : 1) : evalCondition(e.operand, env);
    case "binary": {
      const a = evalCondition(e.left, env);
      const b = evalCondition(e.right, env);
      const ops: Record<string, (x: number, y: number) => number> = {
        "+": (x, y) => x + y,
        "-": (x, y) => x - y,
        "*": (x, y) => x * y,
        ">=": (x, y) => +(x >= y),
        "<=": (x, y) => +(x <= y),
        ">": (x, y) => +(x > y),
        "<": (x, y) => +(x < y),
        and: (x, y) => +(!!x && !!y),
        or: (x, y) => +(!!x || !!y),
      };
      return ops[e.op]!(a, b);
    }
    case "call":
      if (e.name === "min") return Math.min(...e.args.map((x) => evalCondition(x, env)));
      if (e.name === "max") return Math.max(...e.args.map((x) => evalCondition(x, env)));
      throw new Error(`condition call ${e.name}`);
    case "cond":
      return evalCondition(e.cond, env) ? evalCondition(e.then, env) : evalCondition(e.else, env);
    default:
      throw new Error(`condition ${e.kind}`);
  }
}

/** Checks one procedure for one assignment of its symbols; throws with a description on a violation. */
export function checkAgainstExecution(deps: ProcedureDeps, env: ReadonlyMap<Sym, number>, tally?: CheckTally): void {
  const accesses = run(deps.proc, env);
  const byNode = new Map<Expr, Access[]>();
  for (const a of accesses) {
    let l = byNode.get(a.node);
    if (!l) byNode.set(a.node, (l = []));
    l.push(a);
  }
  const envText = [...env].map(([s, v]) => `${s.name}=${v}`).join(",");
  const carriedReal = new Map<Loop, string>();
  for (const nest of deps.nests) {
    for (const pr of nest.pairs) {
      const real = realVectors(pr, byNode);
      const holds = pr.assumes.every((a) => (evalAtom(a, deps, env) ?? -1) >= 0);
      const name = `${pr.src.sym.name}@${pr.src.stmt.span.line}(${pr.src.kind}) vs ${pr.snk.sym.name}@${pr.snk.stmt.span.line}(${pr.snk.kind}) [${envText}]`;
      if (tally) {
        tally.pairs++;
        tally.collisions += real.length;
        if (pr.status === "independent") tally.independentClaims++;
      }
      pr.loops.forEach((l, k) => {
        if (real.some((r) => r.dirs.slice(0, k).every((d) => d === "=") && r.dirs[k] !== "=")) carriedReal.set(l, name);
      });
      if (!holds) continue; // the answer was conditional on subscripts staying in bounds, and they do not
      for (const r of real) {
        if (!pr.solution.vectors.some((v) => covers(v.dirs, r.dirs))) {
          throw new Error(`${name}: real direction (${r.dirs.join(",")}) distance (${r.dist.join(",")}) not among [${pr.solution.vectors.map((v) => `(${v.dirs.join(",")})`).join(" ")}] (status ${pr.status}, test ${pr.test})`);
        }
        pr.solution.distance.forEach((d, k) => {
          if (d !== null && d !== undefined && r.dist[k] !== d) throw new Error(`${name}: reported distance ${d} at level ${k + 1}, real ${r.dist[k]}`);
        });
        // The vectors that cover r and claim a distance must have it right.
        for (const v of pr.solution.vectors) {
          if (!covers(v.dirs, r.dirs)) continue;
          v.distance.forEach((d, k) => {
            if (d !== null && r.dist[k] !== d) throw new Error(`${name}: vector (${v.dirs.join(",")}) claims distance ${d} at level ${k + 1}, real ${r.dist[k]}`);
          });
        }
      }
      for (const v of pr.solution.vectors) {
        if (v.exact && !real.some((r) => covers(v.dirs, r.dirs))) throw new Error(`${name}: exact vector (${v.dirs.join(",")}) never happens`);
      }
    }
  }
  for (const { loop } of collectLoops(deps.proc.body)) {
    const v = arrayVerdict(deps, loop);
    const witness = carriedReal.get(loop);
    if (!witness) continue;
    if (v.parallel) throw new Error(`loop at line ${loop.span.line} reported parallel but ${witness} carries a dependence`);
    if (v.runtimeCheck && evalCondition(v.runtimeCheck.expr, env)) {
      throw new Error(`loop at line ${loop.span.line}: run-time check ${v.runtimeCheck.fortran} holds but ${witness} carries a dependence`);
    }
  }
}
