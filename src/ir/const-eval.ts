import type { CallExpr, Expr } from "./expr.js";
import type { Sym } from "./symbol.js";

/**
 * Folds an integer constant expression: literals, named constants
 * (PARAMETER, C enum/const with a known value) and + - * / ** with
 * Fortran/C integer semantics (division truncates toward zero), plus the
 * common integer intrinsics. Returns undefined when the value is not a
 * compile-time integer (or does not fit a safe JS integer). `value` gives
 * other variables a value (what every call passes a dummy:
 * call-site-trips.ts); `call`, calls of the program's own functions
 * (one that only computes an integer from its arguments:
 * analysis/constants/interpret-function.ts).
 */
export function evalInt(e: Expr, depth = 0, value?: (s: Sym) => number | undefined, call?: (e: CallExpr) => number | undefined): number | undefined {
  if (depth > 64) return undefined;
  const d = depth + 1;
  let v: number | undefined;
  switch (e.kind) {
    case "int":
      v = e.value;
      break;
    case "var":
      if (e.sym.storage === "parameter" && e.sym.value && (e.sym.type.base === "integer" || e.sym.type.base === "unknown")) v = evalInt(e.sym.value, d, value, call);
      else v = value?.(e.sym);
      break;
    case "cast":
      if (e.to.base === "integer") {
        // C's conversion to the target's width: `(unsigned char)300` is 44 (modulo 2^bits; gcc wraps signed ones too).
        const x = evalInt(e.operand, d, value, call);
        const bits = 8 * (e.to.bytes ?? 4);
        if (x !== undefined && bits < 53) {
          const m = 2 ** bits;
          const u = ((x % m) + m) % m;
          v = e.to.unsigned ? u : u >= m / 2 ? u - m : u;
        } else v = x;
      }
      break;
    case "unary": {
      const x = evalInt(e.operand, d, value, call);
      if (x === undefined) return undefined;
      v = e.op === "-" ? -x : e.op === "+" ? x : undefined;
      break;
    }
    case "binary": {
      const a = evalInt(e.left, d, value, call);
      if (a === undefined) return undefined;
      const b = evalInt(e.right, d, value, call);
      if (b === undefined) return undefined;
      switch (e.op) {
        case "+":
          v = a + b;
          break;
        case "-":
          v = a - b;
          break;
        case "*":
          v = a * b;
          break;
        case "/":
          v = b === 0 ? undefined : Math.trunc(a / b);
          break;
        case "%":
          v = b === 0 ? undefined : a % b;
          break;
        case "**":
          v = b < 0 ? (a === 1 ? 1 : a === -1 ? (b % 2 === 0 ? 1 : -1) : 0) : a ** b;
          break;
        case "shl":
          v = b >= 0 && b < 53 ? a * 2 ** b : undefined;
          break;
        case "shr":
          v = b >= 0 && b < 53 ? Math.floor(a / 2 ** b) : undefined;
          break;
        default:
          v = undefined;
      }
      break;
    }
    case "call": {
      if (!e.intrinsic) {
        v = call?.(e);
        break;
      }
      // A loop, not `e.args.map(...)`: a closure here made V8 allocate this function's context on every
      // call, of every kind of expression (issue 16: evalInt was the run's second largest allocator).
      const xs: number[] = [];
      for (const a of e.args) {
        const x = evalInt(a, d, value, call);
        if (x === undefined) return undefined;
        xs.push(x);
      }
      switch (e.name) {
        case "max":
        case "max0":
          v = xs.length ? Math.max(...xs) : undefined;
          break;
        case "min":
        case "min0":
          v = xs.length ? Math.min(...xs) : undefined;
          break;
        case "mod":
          v = xs.length === 2 && xs[1] !== 0 ? xs[0]! % xs[1]! : undefined;
          break;
        case "abs":
        case "iabs":
          v = xs.length === 1 ? Math.abs(xs[0]!) : undefined;
          break;
        case "int":
        case "nint":
          v = xs.length >= 1 ? xs[0] : undefined;
          break;
        default:
          v = undefined;
      }
      break;
    }
    default:
      return undefined;
  }
  return v !== undefined && Number.isSafeInteger(v) ? v : undefined;
}

/**
 * Folds a condition whose operands are integer constant expressions:
 * comparisons of evalInt values, logical literals, and .not./.and./.or.
 * over those (an .and. with one false side is false whatever the other
 * side is; likewise an .or. with one true side). Undefined when the value
 * depends on run-time data: the condition must then be tested when the
 * program runs. `value` and `call` as for evalInt.
 */
export function evalCondition(e: Expr, depth = 0, value?: (s: Sym) => number | undefined, call?: (e: CallExpr) => number | undefined): boolean | undefined {
  if (depth > 64) return undefined;
  const d = depth + 1;
  if (e.kind === "logical") return e.value;
  if (e.kind === "unary" && e.op === "not") {
    const x = evalCondition(e.operand, d, value, call);
    return x === undefined ? undefined : !x;
  }
  if (e.kind !== "binary") return undefined;
  if (e.op === "and" || e.op === "or") {
    const a = evalCondition(e.left, d, value, call);
    const b = evalCondition(e.right, d, value, call);
    const decisive = e.op === "or";
    if (a === decisive || b === decisive) return decisive;
    return a === undefined || b === undefined ? undefined : !decisive;
  }
  const a = evalInt(e.left, d, value, call);
  const b = a === undefined ? undefined : evalInt(e.right, d, value, call);
  if (a === undefined || b === undefined) return undefined;
  switch (e.op) {
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
    case "==":
      return a === b;
    case "!=":
      return a !== b;
    default:
      return undefined;
  }
}
