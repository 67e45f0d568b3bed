/**
 * A deep copy of HIR statements or expressions: new nodes, with symbols,
 * spans and types shared with the originals (they describe the same
 * variables and text). `replace` may give a node's copy itself (it gets
 * the copier, for the node's parts); when it gives undefined, the node is
 * copied field by field, and `copied` is told. For the variants the
 * analyses run in a body's place: a loop shifted by an iteration
 * (shift-index.ts), a call's constants put in (specialized-regions.ts), a
 * vector seen as a matrix (array-view.ts).
 */
export function copyIr<T>(x: T, replace?: (node: Record<string, unknown>, copy: (y: unknown) => unknown) => unknown, copied?: (from: Record<string, unknown>, to: Record<string, unknown>) => void): T {
  const copy = (y: unknown): unknown => {
    if (Array.isArray(y)) return y.map(copy);
    if (!y || typeof y !== "object" || sharedIrPart(y)) return y;
    const o = y as Record<string, unknown>;
    const r = replace?.(o, copy);
    if (r !== undefined) return r;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = copy(v);
    copied?.(o, out);
    return out;
  };
  return copy(x) as T;
}

/** Symbols, spans and types: parts of the HIR shared, never copied. */
export function sharedIrPart(x: object): boolean {
  return ("storage" in x && "layout" in x) || ("file" in x && "line" in x && "column" in x) || ("base" in x && !("kind" in x));
}
