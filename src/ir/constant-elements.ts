import { evalInt } from "./const-eval.js";
import type { Sym } from "./symbol.js";

/** How many elements an array has when its bounds are constants (1 for a scalar); Infinity otherwise. */
export function constantElements(sym: Sym): number {
  let n = 1;
  for (const d of sym.dims) {
    const lo = evalInt(d.lower);
    const hi = d.upper ? evalInt(d.upper) : undefined;
    if (lo === undefined || hi === undefined) return Infinity;
    n *= Math.max(0, hi - lo + 1);
  }
  return n;
}
