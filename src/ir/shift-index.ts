import { addConst } from "./add-const.js";
import { copyIr, sharedIrPart } from "./copy-ir.js";
import type { Expr } from "./expr.js";
import type { Stmt } from "./stmt.js";
import type { Sym } from "./symbol.js";

/**
 * Copies of statements in which every read of the scalar `index` reads
 * `index + by` instead: what those statements do one iteration later
 * (parallelize/realign.ts analyzes a loop whose later statements are shifted so).
 * Statements and expressions are copied; symbols, spans and types are
 * shared with the originals (they describe the same variables and text).
 */
export function shiftIndex(stmts: readonly Stmt[], index: Sym, by: number): Stmt[] {
  return copyIr([...stmts], (o) => (o.kind === "var" && o.sym === index ? addConst(o as unknown as Expr, by) : undefined));
}

/**
 * The places of the text (`file:line:column`) where the statements read
 * `index`, with how many reads each has: the text must show a read at
 * each, and none elsewhere (realign-lines.ts checks). Places, not nodes:
 * C's `c[i] += x` is `c[i] = c[i] + x` in the IR, both `c[i]` at one
 * place; a macro's expansion reads at the macro's name, as often as it does.
 */
export function indexReads(stmts: readonly Stmt[], index: Sym): Map<string, number> {
  const places = new Map<string, number>();
  const seen = new Set<object>();
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(visit);
    if (!x || typeof x !== "object" || sharedIrPart(x) || seen.has(x)) return;
    seen.add(x);
    const o = x as Record<string, unknown>;
    if (o.kind === "var" && o.sym === index) {
      const at = (o as unknown as Expr).span;
      const key = `${at.file}:${at.line}:${at.column}`;
      places.set(key, (places.get(key) ?? 0) + 1);
    }
    for (const [k, v] of Object.entries(o)) if (k !== "sym") visit(v);
  };
  visit(stmts);
  return places;
}
