// A tiny interpreter for the loop nests of the property tests: it runs the
// HIR with Fortran DO semantics and records every array access with its
// address (linearized with the declared bounds, as the machine computes it,
// in or out of bounds) and the iteration counter of each enclosing loop.
// It is the brute force the dependence tests are checked against.
import type { Expr } from "../../../ir/expr.js";
import type { Procedure } from "../../../ir/program.js";
import type { Loop, Stmt } from "../../../ir/stmt.js";
import type { Sym } from "../../../ir/symbol.js";

export interface Access {
  node: Expr;
  kind: "def" | "use";
  address: number;
  /** Counter t (0, 1, ...) of each enclosing loop, by loop. */
  iters: Map<Loop, number>;
  /** Sequence number: the order of execution. */
  seq: number;
  /** Every subscript within its declared bounds (a missing upper bound is not checked). */
  inBounds: boolean;
}

export class StepLimit extends Error {}

export function run(proc: Procedure, env0: ReadonlyMap<Sym, number>, limit = 200_000): Access[] {
  const env = new Map(env0);
  const out: Access[] = [];
  const iters = new Map<Loop, number>();
  let steps = 0;
  const tick = () => {
    if (++steps > limit) throw new StepLimit();
  };

  const evalInt = (e: Expr): number => {
    switch (e.kind) {
      case "int":
        return e.value;
      case "real":
        return 0; // array values do not matter, only addresses
      case "var":
        return env.get(e.sym) ?? 0;
      case "unary":
        if (e.op === "-") return -evalInt(e.operand) + 0;
        if (e.op === "not") return evalInt(e.operand) ? 0 : 1;
        return evalInt(e.operand);
      case "binary": {
        const a = evalInt(e.left);
        const b = evalInt(e.right);
        switch (e.op) {
          case "+":
            return a + b;
          case "-":
            return a - b;
          case "*":
            return a * b;
          case "/":
            return Math.trunc(a / b) + 0;
          case "<":
            return a < b ? 1 : 0;
          case "<=":
            return a <= b ? 1 : 0;
          case ">":
            return a > b ? 1 : 0;
          case ">=":
            return a >= b ? 1 : 0;
          case "==":
            return a === b ? 1 : 0;
          case "!=":
            return a !== b ? 1 : 0;
          case "and":
            return a && b ? 1 : 0;
          case "or":
            return a || b ? 1 : 0;
          default:
            throw new Error(`op ${e.op}`);
        }
      }
      case "elem":
        access(e, "use");
        return 0;
      case "call":
        if (e.name === "min") return Math.min(...e.args.map(evalInt));
        if (e.name === "max") return Math.max(...e.args.map(evalInt));
        throw new Error(`call ${e.name}`);
      case "cond":
        return evalInt(e.cond) ? evalInt(e.then) : evalInt(e.else);
      default:
        throw new Error(`expr ${e.kind}`);
    }
  };

  const address = (e: Expr & { kind: "elem" }, subs: number[]): number => {
    const dims = e.sym.dims;
    const order = [...dims.keys()];
    if (e.sym.layout === "row-major") order.reverse();
    let stride = 1;
    let a = 0;
    for (const d of order) {
      const lo = evalInt(dims[d]!.lower);
      a += stride * (subs[d]! - lo);
      const up = dims[d]!.upper;
      stride *= up ? evalInt(up) - lo + 1 : 0;
    }
    return a;
  };

  const access = (e: Expr & { kind: "elem" }, kind: "def" | "use") => {
    tick();
    const subs = e.subs.map(evalInt);
    const addr = address(e, subs);
    const inBounds = subs.every((v, d) => {
      const dim = e.sym.dims[d]!;
      return v >= evalInt(dim.lower) && (!dim.upper || v <= evalInt(dim.upper));
    });
    out.push({ node: e, kind, address: addr, iters: new Map(iters), seq: out.length, inBounds });
  };

  const exec = (list: readonly Stmt[]): void => {
    for (const s of list) {
      tick();
      switch (s.kind) {
        case "assign": {
          const val = evalInt(s.rhs);
          if (s.lhs.kind === "var") env.set(s.lhs.sym, val);
          else if (s.lhs.kind === "elem") access(s.lhs, "def");
          break;
        }
        case "if":
          exec(evalInt(s.cond) ? s.then : s.else);
          break;
        case "loop": {
          const lo = evalInt(s.lower!);
          const hi = evalInt(s.upper!);
          const st = s.step ? evalInt(s.step) : 1;
          // A step of 0 is no correct Fortran (F2008 8.1.6.4.1): taken as no iteration, never run.
          const trips = st === 0 ? 0 : Math.max(0, Math.floor((hi - lo + st) / st));
          for (let t = 0; t < trips; t++) {
            env.set(s.index!, lo + st * t);
            iters.set(s, t);
            exec(s.body);
          }
          iters.delete(s);
          env.set(s.index!, lo + st * trips);
          break;
        }
        default:
          throw new Error(`stmt ${s.kind}`);
      }
    }
  };
  exec(proc.body);
  return out;
}
