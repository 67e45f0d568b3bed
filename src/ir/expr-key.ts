import type { Expr, Triplet } from "./expr.js";

/**
 * A key equal for two expressions exactly when they have the same
 * structure: same node kinds, operators, literal values and symbols (by
 * id, so two variables of one name in different scopes differ), spans
 * and types ignored. For grouping equal subexpressions (the atoms of a
 * linear form), where comparing printed text would make `n` of two scopes
 * one atom.
 */
export function exprKey(e: Expr | Triplet): string {
  return JSON.stringify(e, (k, v: unknown) => {
    if (k === "span" || k === "type" || k === "endSpan") return undefined;
    // Symbols (a var's, an implied DO's index) by identity; their own fields are not the expression.
    if ((k === "sym" || k === "index") && v !== null && typeof v === "object" && "id" in v) return `#${(v as { id: number }).id}`;
    return v;
  });
}
