import type { Expr, Triplet } from "./expr.js";

/**
 * Whether two expressions are the same by structure (same symbols, same
 * operators, same literals), ignoring spans and types: `a(k - 1)` written
 * twice is the same, `a(k - 1)` and `a(-1 + k)` are not. Conservative in
 * the sense that "false" only means "not known to be the same".
 */
export function sameExpr(a: Expr | Triplet | null, b: Expr | Triplet | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.kind !== b.kind) return false;
  switch (a.kind) {
    case "int":
      return a.value === (b as typeof a).value;
    case "real":
      return a.text === (b as typeof a).text;
    case "logical":
    case "string":
      return a.value === (b as typeof a).value;
    case "var":
      return a.sym === (b as typeof a).sym;
    case "elem":
    case "section": {
      const y = b as typeof a;
      return a.sym === y.sym && a.subs.length === y.subs.length && a.subs.every((s, i) => sameExpr(s, y.subs[i]!));
    }
    case "triplet": {
      const y = b as typeof a;
      return sameExpr(a.lo, y.lo) && sameExpr(a.hi, y.hi) && sameExpr(a.stride, y.stride);
    }
    case "call": {
      // Only a pure call gives the same value twice.
      const y = b as typeof a;
      return a.pure === true && a.name === y.name && a.sym === y.sym && a.args.length === y.args.length && a.args.every((x, i) => sameExpr(x, y.args[i]!));
    }
    case "unary":
      return a.op === (b as typeof a).op && sameExpr(a.operand, (b as typeof a).operand);
    case "binary": {
      const y = b as typeof a;
      return a.op === y.op && sameExpr(a.left, y.left) && sameExpr(a.right, y.right);
    }
    case "cast":
      return a.to.base === (b as typeof a).to.base && sameExpr(a.operand, (b as typeof a).operand);
    default:
      // Members, pointers, constructors, side effects: never assumed the same.
      return false;
  }
}
