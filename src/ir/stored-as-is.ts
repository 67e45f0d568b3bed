import type { Type } from "./types.js";

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
