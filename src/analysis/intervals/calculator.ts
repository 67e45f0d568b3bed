/**
 * The EMI calculator behind `doall interval 'EXPR'`: evaluates an expression
 * of the language in calcParser.ts with the arithmetic of seed 000 §2 and
 * returns the text to print. For teaching and debugging the library.
 *
 * For an arithmetic expression it prints the result in normal form (§2.1)
 * and then reduced (§2.4.1 exactly, then §2.4.2 down to the degree bound),
 * each marked exact or superset:
 *
 *   normal form: [20,38]<4:2,5:2>  (exact)
 *   reduced:     [20,38]<4:2,5:2>  (exact)
 *
 * For `A & B` the first word is `empty` or `intersects` (exact answers) or
 * `may-intersect` (conservative), and the rest of the line says why: the
 * condition of §3.1 that held, or why 0 ∉ A - B, or a common element.
 * Then A, B (exactly reduced) and A - B.
 *
 * Intermediate results are reduced only when their degree passes the bound
 * (default 8), so the printed normal form is the paper's where it can be,
 * and evaluation costs O(1) per operator for a fixed bound: linear in the
 * length of the expression.
 */
import { add, mul, neg, sub } from "./arithmetic.js";
import { CalcSyntaxError, parseQuery, type Node } from "./calcParser.js";
import { emi, emiToString, moduloInterval, point, range, type Emi } from "./emi.js";
import { EmiError } from "./errors.js";
import { intersect } from "./intersect.js";
import {
  addLinear,
  asConstant,
  equalLinear,
  linearToString,
  provablyNonNegative,
  scaleLinear,
  subLinear,
  variable,
  type Linear,
} from "./linear.js";
import { DEFAULT_MAX_DEGREE, reduce, reduceExact } from "./reduce.js";

export interface CalculatorOptions {
  /** Degree bound of every intermediate and reduced result (≥ 1). Default 8. */
  maxDegree?: number;
  /** Work budget of membership searches. */
  budget?: number;
}

export type CalculatorResult =
  | { ok: true; lines: string[] }
  | {
      ok: false;
      /** "syntax": the text is not in the language; "value": a literal is invalid or a result cannot be represented. */
      kind: "syntax" | "value";
      /** 1-based column in the expression. */
      column: number;
      message: string;
    };

/** Thrown during evaluation with the column to blame. */
class ValueError extends Error {
  constructor(
    readonly column: number,
    message: string,
  ) {
    super(message);
  }
}

interface Value {
  emi: Emi;
  /** Why the value may be a strict superset of the true set ('' if exact). */
  superset: string;
}

function evaluate(node: Node, maxDegree: number): Value {
  const at = <T>(col: number, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      if (e instanceof EmiError) throw new ValueError(col, e.message);
      throw e;
    }
  };
  const keep = (v: Value, col: number): Value => {
    if (v.emi.terms.length <= maxDegree) return v;
    const r = at(col, () => reduce(v.emi, { maxDegree }));
    return { emi: r.value, superset: r.exact ? v.superset : join(v.superset, `reduction to degree ${maxDegree} (§2.4.2)`) };
  };
  const scalar = (n: Node, what: string): Linear => {
    const v = evaluate(n, maxDegree);
    if (v.emi.terms.length > 0) throw new ValueError(n.col, `${what} must be a single value, not the set ${emiToString(v.emi)}`);
    return v.emi.lo;
  };
  switch (node.kind) {
    case "int":
      return { emi: point(node.value), superset: "" };
    case "name":
      return { emi: at(node.col, () => point(variable(node.name))), superset: "" };
    case "neg": {
      const v = evaluate(node.arg, maxDegree);
      return { emi: at(node.col, () => neg(v.emi)), superset: v.superset };
    }
    case "bin": {
      const l = evaluate(node.left, maxDegree);
      const r = evaluate(node.right, maxDegree);
      const both = join(l.superset, r.superset);
      if (node.op === "+") return keep({ emi: at(node.col, () => add(l.emi, r.emi)), superset: both }, node.col);
      if (node.op === "-") return keep({ emi: at(node.col, () => sub(l.emi, r.emi)), superset: both }, node.col);
      const p = at(node.col, () => mul(l.emi, r.emi));
      const pointFactor = l.emi.terms.length === 0 || r.emi.terms.length === 0;
      return keep({ emi: p, superset: pointFactor ? both : join(both, "product (Def. 3)") }, node.col);
    }
    case "emi":
      return { emi: literal(node, scalar), superset: "" };
    case "mod": {
      const nums = [node.lo, node.hi, node.m, node.r].map((n) => {
        const k = asConstant(scalar(n, "a bound of a modulo interval"));
        if (k === undefined) throw new ValueError(n.col, "modulo intervals take integer bounds, modulus and residue");
        return k;
      });
      const [lo, hi, m, r] = nums as [number, number, number, number];
      if (m <= 0) throw new ValueError(node.m.col, `the modulus must be positive, got ${m}`);
      const e = moduloInterval(lo, hi, m, r);
      if (!e) throw new ValueError(node.col, `[${lo},${hi}]_${m}(${r}) is empty`);
      return { emi: e, superset: "" };
    }
  }
}

function literal(node: Node & { kind: "emi" }, scalar: (n: Node, what: string) => Linear): Emi {
  const lo = scalar(node.lo, "a lower bound");
  const hi = scalar(node.hi, "an upper bound");
  if (node.pairs === undefined) {
    if (!provablyNonNegative(subLinear(hi, lo))) {
      throw new ValueError(node.hi.col, `the upper bound ${linearToString(hi)} is not ≥ the lower bound ${linearToString(lo)} for every value of the names`);
    }
    return range(lo, hi);
  }
  const pairs: [number, Linear][] = [];
  let u = lo;
  for (const p of node.pairs) {
    const step = asConstant(scalar(p.step, "a step"));
    if (step === undefined) throw new ValueError(p.step.col, "steps must be integers");
    const count = scalar(p.count, "a count");
    if (!provablyNonNegative(count)) {
      throw new ValueError(p.count.col, `the count ${linearToString(count)} is not ≥ 0 for every value of its names (names range over 0, 1, 2, ...)`);
    }
    pairs.push([step, count]);
    u = addLinear(u, scaleLinear(count, step));
  }
  // §2.1: u = l + Σ α_i β_i. The upper bound is redundant; a wrong one is a typo.
  if (!equalLinear(u, hi)) {
    throw new ValueError(node.hi.col, `the upper bound must be l + Σ step·count = ${linearToString(u)}, not ${linearToString(hi)}`);
  }
  return emi(lo, pairs);
}

/** Union of two '; '-separated lists of reasons, without repeats. */
function join(a: string, b: string): string {
  const all = [...a.split("; "), ...b.split("; ")].filter((s) => s !== "");
  return [...new Set(all)].join("; ");
}

const mark = (superset: string) => (superset ? `(superset: ${superset})` : "(exact)");

/**
 * Evaluates one calculator expression (see the file comment) with seed 000
 * §2.3 arithmetic, §2.4 reduction and, for `A & B`, §3.1 emptiness, and
 * returns the lines to print, or an error with the column to point at.
 */
export function calculate(text: string, options: CalculatorOptions = {}): CalculatorResult {
  const maxDegree = options.maxDegree ?? DEFAULT_MAX_DEGREE;
  if (!Number.isInteger(maxDegree) || maxDegree < 1) throw new RangeError(`maxDegree must be an integer ≥ 1, got ${maxDegree}`);
  try {
    const q = parseQuery(text);
    const a = evaluate(q.left, maxDegree);
    if (!q.right) {
      const r = reduce(a.emi, { maxDegree });
      const red = r.exact ? a.superset : join(a.superset, `reduction to degree ${maxDegree} (§2.4.2)`);
      return {
        ok: true,
        lines: [`normal form: ${emiToString(a.emi)}  ${mark(a.superset)}`, `reduced:     ${emiToString(r.value)}  ${mark(red)}`],
      };
    }
    const b = evaluate(q.right, maxDegree);
    const ans = intersect(a.emi, b.emi, options.budget === undefined ? {} : { budget: options.budget });
    let head: string;
    if (ans.answer === "empty") {
      head = ans.by === "difference" ? `empty because ${ans.reason}` : `empty by ${ans.by} (§3.1): ${ans.reason}`;
    } else if (ans.answer === "intersects" && (a.superset || b.superset)) {
      // Conservative: a common element of supersets need not be in the true sets.
      head = `may-intersect because the computed sets share ${linearToString(ans.witness!)}, but they are supersets (${join(a.superset, b.superset)})`;
    } else if (ans.answer === "intersects") {
      head = `intersects at ${ans.reason}`;
    } else {
      head = `may-intersect because ${ans.reason}`;
    }
    return {
      ok: true,
      lines: [
        head,
        `A = ${emiToString(reduceExact(a.emi))}  ${mark(a.superset)}`,
        `B = ${emiToString(reduceExact(b.emi))}  ${mark(b.superset)}`,
        `A - B = ${ans.difference ? emiToString(ans.difference) : "(not representable)"}`,
      ],
    };
  } catch (e) {
    if (e instanceof CalcSyntaxError) return { ok: false, kind: "syntax", column: e.column, message: e.message };
    if (e instanceof ValueError) return { ok: false, kind: "value", column: e.column, message: e.message };
    // Conservative: a limit hit outside any one operator (e.g. while reducing the result) blames the whole expression.
    if (e instanceof EmiError) return { ok: false, kind: "value", column: 1, message: e.message };
    throw e;
  }
}

