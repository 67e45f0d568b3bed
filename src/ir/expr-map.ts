import type { Expr, Triplet } from "./expr.js";
import { exprEquals } from "./expr-equals.js";
import { childExprs } from "./walk.js";

/**
 * A map keyed by expressions compared by structure (`exprEquals`): the
 * terms of a linear form, the opaque atoms of the subscript analysis. Keys
 * are bucketed by a structural hash, then compared with exprEquals, so two
 * keys are the same exactly when exprEquals says so. Insertion order is
 * kept, as a Map's is (callers print terms in that order).
 */
export class ExprMap<V> {
  private readonly buckets = new Map<number, { key: Expr; value: V }[]>();
  private readonly order: { key: Expr; value: V }[] = [];

  get size(): number {
    return this.order.length;
  }

  get(key: Expr): V | undefined {
    return this.find(key)?.value;
  }

  has(key: Expr): boolean {
    return this.find(key) !== undefined;
  }

  /** Sets the value of the key's class; the first key inserted stays its representative. */
  set(key: Expr, value: V): this {
    const found = this.find(key);
    if (found) {
      found.value = value;
      return this;
    }
    const entry = { key, value };
    const h = exprHash(key);
    const bucket = this.buckets.get(h);
    if (bucket) bucket.push(entry);
    else this.buckets.set(h, [entry]);
    this.order.push(entry);
    return this;
  }

  values(): V[] {
    return this.order.map((e) => e.value);
  }

  entries(): [Expr, V][] {
    return this.order.map((e) => [e.key, e.value]);
  }

  private find(key: Expr): { key: Expr; value: V } | undefined {
    return this.buckets.get(exprHash(key))?.find((e) => exprEquals(e.key, key));
  }
}

/**
 * A hash consistent with exprEquals (equal expressions hash alike): the
 * kinds, operators, symbol ids, literal values and names of the tree. It
 * may collide; exprEquals decides.
 */
export function exprHash(e: Expr | Triplet): number {
  let h = mix(2166136261, e.kind);
  switch (e.kind) {
    case "int":
    case "logical":
    case "string":
      h = mix(h, String(e.value));
      break;
    case "real":
      h = mix(h, e.text);
      break;
    case "var":
    case "elem":
    case "section":
      h = mix(h, e.sym.id);
      break;
    case "call":
      h = mix(h, e.name);
      break;
    case "unary":
    case "binary":
    case "assign-expr":
      h = mix(h, e.op);
      break;
    case "member":
      h = mix(h, e.field);
      break;
    case "unknown":
      h = mix(h, e.text);
      break;
  }
  const children = e.kind === "triplet" ? [e.lo, e.hi, e.stride].filter((x): x is Expr => x !== null) : childExprs(e);
  for (const c of children) h = Math.imul(h ^ exprHash(c), 16777619) >>> 0;
  return h;
}

/** FNV-1a over a string or a number's decimal digits. */
function mix(h: number, x: string | number): number {
  const s = typeof x === "number" ? String(x) : x;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}
