import type { Expr, Triplet } from "./expr.js";

/**
 * A key equal for two expressions exactly when they have the same
 * structure: same node kinds, operators, literal values and symbols (by
 * id, so two variables of one name in different scopes differ), spans
 * and types ignored. For grouping equal subexpressions (the atoms of a
 * linear form), where comparing printed text would make `n` of two scopes
 * one atom.
 *
 * Each node's key is made once (expressions are never changed once built:
 * linear-form.ts relies on it too): the region walks key the same bounds
 * and subscripts over and over (issue 16: a JSON.stringify with a replacer
 * per call was 9 % of a run's time).
 */
export function exprKey(e: Expr | Triplet): string {
  return nodeKey(e);
}

const keys = new WeakMap<object, string>();

function nodeKey(e: object): string {
  let k = keys.get(e);
  if (k === undefined) {
    k = fields(e);
    keys.set(e, k);
  }
  return k;
}

function fields(o: object): string {
  let out = "{";
  for (const name of Object.keys(o)) {
    if (name === "span" || name === "type" || name === "endSpan") continue;
    const v = (o as Record<string, unknown>)[name];
    if (v === undefined || typeof v === "function") continue;
    // Symbols (a var's, an implied DO's index) by identity; their own fields are not the expression.
    const part = (name === "sym" || name === "index") && v !== null && typeof v === "object" && "id" in v ? `#${(v as { id: number }).id}` : value(v);
    out += out.length > 1 ? `,${name}:${part}` : `${name}:${part}`;
  }
  return out + "}";
}

function value(v: unknown): string {
  if (v === null) return "null";
  switch (typeof v) {
    case "string":
      return JSON.stringify(v);
    case "number":
    case "boolean":
      return String(v);
    case "object":
      if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? "null" : value(x))).join(",")}]`;
      // Expression nodes (they have a kind) are keyed once; other objects (a cast's type) as they are.
      return "kind" in v ? nodeKey(v) : fields(v);
    default:
      return String(v);
  }
}
