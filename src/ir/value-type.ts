import type { Expr } from "./expr.js";
import type { Type } from "./types.js";

/** The type of the value `e` gives: its own, else a variable's or an element's declared type; undefined when neither is known. */
export function valueType(e: Expr): Type | undefined {
  return e.type ?? (e.kind === "var" || e.kind === "elem" ? e.sym.type : undefined);
}
