import type { Type } from "./types.js";
import type { Expr } from "./expr.js";
import type { Sym } from "./symbol.js";
import { evalInt } from "./const-eval.js";
import { valueType } from "./value-type.js";

/**
 * Whether storing a value of type `x` in a variable of type `s` keeps it
 * (or rounds it to the nearest value of s's type, monotonically): then
 * `if (x > s) s = x` ends with the largest stored value whatever the
 * order, as `reduction(max:s)` computes it. An int stored in an unsigned
 * char wraps (300 becomes 44): the serial loop's result then depends on
 * the order of the iterations. Conservative: types not known are equal.
 */
export function storedAsIs(x: Type | undefined, s: Type): boolean {
  if (!x) return false;
  if (x.bytes === undefined || s.bytes === undefined) return x.base === s.base && x.bytes === s.bytes && !!x.unsigned === !!s.unsigned;
  if (s.base === "real") return x.base === "integer" || (x.base === "real" && x.bytes <= s.bytes);
  if (s.base !== "integer" || x.base !== "integer") return false;
  if (!!x.unsigned === !!s.unsigned) return x.bytes <= s.bytes;
  // Unsigned into signed: wider only; signed into unsigned: never (negative values wrap).
  return !!x.unsigned && x.bytes < s.bytes;
}

/** An integer variable narrower than int: a store into it wraps. */
export function narrowInteger(s: Sym): boolean {
  return s.type.base === "integer" && s.type.bytes !== undefined && s.type.bytes < 4;
}

/**
 * Whether an integer cast gives its operand's value unchanged: a constant
 * that fits the target type, or an operand whose type the target holds
 * (storedAsIs). `(unsigned char)i` is i modulo 256, `(unsigned)i` of a
 * negative i a large number: neither is i.
 */
export function castKeepsValue(e: Extract<Expr, { kind: "cast" }>): boolean {
  const to = e.to;
  if (to.base !== "integer") return false;
  const c = evalInt(e.operand);
  if (c !== undefined) {
    const bits = 8 * (to.bytes ?? 4);
    return to.unsigned ? c >= 0 && c < 2 ** bits : c >= -(2 ** (bits - 1)) && c < 2 ** (bits - 1);
  }
  const from = valueType(e.operand);
  return !!from && from.base === "integer" && storedAsIs(from, to);
}

/**
 * A signed integer converted to a 64-bit unsigned one (`(size_t)i`, the
 * idiom of index arithmetic): its value modulo 2^64, which address
 * arithmetic (modulo 2^64 too) uses as the signed value itself. Only
 * subscripts read it so.
 */
export function addressCast(e: Extract<Expr, { kind: "cast" }>): boolean {
  const from = valueType(e.operand);
  return e.to.base === "integer" && !!e.to.unsigned && (e.to.bytes ?? 4) >= 8 && from?.base === "integer" && !from.unsigned;
}
