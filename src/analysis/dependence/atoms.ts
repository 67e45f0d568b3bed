import type { Expr } from "../../ir/expr.js";
import { ExprMap } from "../../ir/expr-map.js";
import type { Loop } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";

/**
 * The variables of subscript polynomials. Every value the subscript
 * analysis computes is a polynomial over these canonical quantities, so a
 * polynomial means the same thing wherever in the nest it was computed:
 *
 * - counter: the iteration number t ≥ 0 of a loop (index = lower + step·t),
 *   for the current iteration of that loop;
 * - sym: the value of a scalar when a loop instance starts (`instance`), or,
 *   with instance null, when the nest's outermost loop starts;
 * - opaque: the value of an integer expression doall does not model (an
 *   array element such as `x(j1)`, `grid_points(1)`), invariant during one
 *   instance of `instance` (null: during the whole nest). Expressions equal
 *   by structure (exprEquals: the same symbols, not just the same names)
 *   are one quantity; `text` only names it in messages.
 *
 * Two references in the same instance of loop L see the same per-instance
 * atom of L; that is the case exactly when their iterations agree ("=") on
 * every loop enclosing L. The dependence problem therefore keeps one copy
 * of such an atom per side and ties the copies under "=" directions.
 */
export type Atom =
  | { kind: "counter"; name: string; loop: Loop }
  | { kind: "sym"; name: string; sym: Sym; instance: Loop | null }
  | { kind: "opaque"; name: string; expr: Expr; text: string; instance: Loop | null };

export class AtomTable {
  private readonly byName = new Map<string, Atom>();
  private readonly opaqueIds = new ExprMap<number>();

  counter(loop: Loop): string {
    const name = `t${loop.id}`;
    if (!this.byName.has(name)) this.byName.set(name, { kind: "counter", name, loop });
    return name;
  }

  sym(sym: Sym, instance: Loop | null): string {
    const name = instance ? `s${sym.id}_${instance.id}` : `s${sym.id}`;
    if (!this.byName.has(name)) this.byName.set(name, { kind: "sym", name, sym, instance });
    return name;
  }

  opaque(expr: Expr, text: string, instance: Loop | null): string {
    let id = this.opaqueIds.get(expr);
    if (id === undefined) {
      id = this.opaqueIds.size;
      this.opaqueIds.set(expr, id);
    }
    const name = instance ? `o${id}_${instance.id}` : `o${id}`;
    if (!this.byName.has(name)) this.byName.set(name, { kind: "opaque", name, expr, text, instance });
    return name;
  }

  get(name: string): Atom {
    const a = this.byName.get(name);
    if (!a) throw new Error(`unknown atom ${name}`);
    return a;
  }

  /** The loop whose instance fixes the atom (null: the whole nest, or a counter's own loop for counters). */
  instanceOf(name: string): Loop | null {
    const a = this.get(name);
    return a.kind === "counter" ? a.loop : a.instance;
  }

  /** How the atom reads in messages: `i`-counter as `t(i)`, symbols by name, opaque terms by text. */
  describe(name: string): string {
    const a = this.get(name);
    if (a.kind === "counter") return `iter(${a.loop.index?.name ?? "loop " + a.loop.id})`;
    if (a.kind === "sym") return a.instance ? `${a.sym.name}@${a.instance.span.line}` : a.sym.name;
    return a.instance ? `${a.text}@${a.instance.span.line}` : a.text;
  }
}
