import { evalInt } from "./const-eval.js";
import type { Expr } from "./expr.js";
import { exprKey } from "./expr-key.js";

/**
 * Integer expressions as linear forms Σ coef·atom + constant, the atoms
 * being the non-constant, non-additive subexpressions compared by
 * structure (exprKey): `n + 2 - n` is 2, `2*(i+1) - i` is i + 2. Trip
 * counts, profitability guards and array regions compare bounds this way.
 */
export interface LinearForm {
  terms: { e: Expr; coef: number }[];
  constant: number;
}

/** `e` as Σ coef·atom + constant (atoms with coefficient 0 dropped). */
export function linearForm(e: Expr): LinearForm {
  const k = keyedForm(e);
  return { terms: k.list.slice(), constant: k.constant };
}

/** a - b when it is an integer constant (the same atoms cancel), else null. */
export function constDifference(a: Expr, b: Expr): number | null {
  // The same node, or two literals: no form needed (boxes compare their bounds with themselves often).
  if (a === b) return 0;
  if (a.kind === "int" && b.kind === "int" && Number.isSafeInteger(a.value) && Number.isSafeInteger(b.value)) return a.value - b.value;
  const x = keyedForm(a);
  const y = keyedForm(b);
  if (x.terms.size !== y.terms.size) return null;
  // Indexed over the form's list, not for-of over its map: boxes compare their bounds this way very often,
  // and each iteration of a map allocated its entry (issue 16).
  for (let i = 0; i < x.keys.length; i++) if (y.terms.get(x.keys[i]!)?.coef !== x.list[i]!.coef) return null;
  return x.constant - y.constant;
}

/**
 * The linear form of an expression with its atoms by structural key,
 * computed once per expression node: expressions are never changed once
 * built (the IR is read-only to analyses, and they build new nodes), and
 * region and trip-count comparisons ask about the same bounds many times.
 */
const forms = new WeakMap<Expr, KeyedForm>();

/** A linear form by its atoms' keys; `keys` and `list` are the map's keys and terms, in its order. */
interface KeyedForm {
  terms: Map<string, { e: Expr; coef: number }>;
  keys: string[];
  list: { e: Expr; coef: number }[];
  constant: number;
}

function keyedForm(e: Expr): KeyedForm {
  let f = forms.get(e);
  if (!f) {
    const l = new Linear();
    l.add(e, 1);
    for (const [k, t] of l.terms) if (t.coef === 0) l.terms.delete(k);
    const keys: string[] = [];
    const list: { e: Expr; coef: number }[] = [];
    for (const [k, t] of l.terms) {
      keys.push(k);
      list.push(t);
    }
    forms.set(e, (f = { terms: l.terms, keys, list, constant: l.constant }));
  }
  return f;
}


/** A linear form under construction: atoms by structural key, in the order first met. */
export class Linear {
  terms = new Map<string, { e: Expr; coef: number }>();
  constant = 0;

  add(e: Expr, sign: number): void {
    const c = evalInt(e);
    if (c !== undefined) {
      this.constant += sign * c;
      return;
    }
    if (e.kind === "binary" && (e.op === "+" || e.op === "-")) {
      this.add(e.left, sign);
      this.add(e.right, e.op === "+" ? sign : -sign);
      return;
    }
    if (e.kind === "unary" && (e.op === "-" || e.op === "+")) return this.add(e.operand, e.op === "-" ? -sign : sign);
    if (e.kind === "binary" && e.op === "*") {
      const a = evalInt(e.left);
      if (a !== undefined) return this.add(e.right, sign * a);
      const b = evalInt(e.right);
      if (b !== undefined) return this.add(e.left, sign * b);
    }
    const key = exprKey(e);
    const t = this.terms.get(key) ?? { e, coef: 0 };
    t.coef += sign;
    this.terms.set(key, t);
  }

  form(): LinearForm {
    return { terms: [...this.terms.values()].filter((t) => t.coef !== 0), constant: this.constant };
  }
}

/** A linear form written back as an expression: Σ coef·atom + constant. */
export function formExpr(l: Linear, span: Expr["span"]): Expr {
  const f = l.form();
  const int = (v: number): Expr => ({ kind: "int", value: v, span, type: { base: "integer", bytes: 4 } });
  let out: Expr | null = null;
  for (const t of f.terms) {
    const mag = Math.abs(t.coef);
    const term: Expr = mag === 1 ? t.e : ({ kind: "binary", op: "*", left: int(mag), right: t.e, span, type: { base: "integer", bytes: 4 } } as Expr);
    if (!out) out = t.coef > 0 ? term : ({ kind: "unary", op: "-", operand: term, span, type: { base: "integer", bytes: 4 } } as Expr);
    else out = { kind: "binary", op: t.coef > 0 ? "+" : "-", left: out, right: term, span, type: { base: "integer", bytes: 4 } } as Expr;
  }
  if (!out) return int(f.constant);
  if (f.constant === 0) return out;
  return { kind: "binary", op: f.constant > 0 ? "+" : "-", left: out, right: int(Math.abs(f.constant)), span, type: { base: "integer", bytes: 4 } } as Expr;
}
