import type { Expr } from "../../ir/expr.js";

/** A value of a run-time check: a number, a truth value, or a byte address. */
export type CheckValue = number | boolean | { addr: number };

/**
 * Evaluates an overlap check (overlap-check.ts) as C would, for the tests
 * that hold it against brute force: `vars` gives the integers it reads,
 * `address` the byte address of an element of a pointer (double elements:
 * pointer + k moves 8 bytes). Throws on anything a check never holds.
 */
export function evalCheck(e: Expr, vars: (name: string) => number, address: (ptr: string, subs: number[]) => number): CheckValue {
  const go = (x: Expr) => evalCheck(x, vars, address);
  const num = (x: Expr) => go(x) as number;
  switch (e.kind) {
    case "int":
      return e.value;
    case "var":
      return vars(e.sym.name);
    case "unary":
      if (e.op === "-") return -num(e.operand);
      if (e.op === "not") return !go(e.operand);
      return num(e.operand);
    case "cast":
      return go(e.operand);
    case "addr": {
      const o = e.operand;
      if (o.kind !== "elem") throw new Error("addr of a non-element");
      return { addr: address(o.sym.name, o.subs.map(num)) };
    }
    case "binary": {
      const l = go(e.left);
      const r = go(e.right);
      const v = (x: CheckValue) => (typeof x === "object" ? x.addr : (x as number));
      switch (e.op) {
        case "+":
          return typeof l === "object" ? { addr: l.addr + 8 * (r as number) } : (l as number) + (r as number);
        case "-":
          return (l as number) - (r as number);
        case "*":
          return (l as number) * (r as number);
        case "<=":
          return v(l) <= v(r);
        case "<":
          return v(l) < v(r);
        case ">=":
          return v(l) >= v(r);
        case "and":
          return (l as boolean) && (r as boolean);
        case "or":
          return (l as boolean) || (r as boolean);
        default:
          throw new Error(`unexpected operator ${e.op}`);
      }
    }
    case "cond":
      return go(e.cond) ? go(e.then) : go(e.else);
    default:
      throw new Error(`unexpected ${e.kind}`);
  }
}
