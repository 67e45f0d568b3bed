/**
 * Parser of the EMI calculator's language (`doall interval 'EXPR'`).
 *
 *   input   := expr ( '&' expr )?            an intersection question with '&'
 *   expr    := term ( ('+' | '-') term )*
 *   term    := unary ( '*' unary )*
 *   unary   := '-' unary | primary
 *   primary := INT NAME?                      `25800X` is 25800*X (no space)
 *            | NAME | '(' expr ')'
 *            | '[' expr ',' expr ']' ( '<' pairs? '>' | '_' INT '(' INT ')' )?
 *   pairs   := expr ':' expr ( ',' expr ':' expr )*
 *
 * `[l,u]<α1:β1,...>` is an EMI (seed 000 §2.1), `[l,u]` all integers l..u,
 * `[l,u]_m(r)` a modulo interval; bounds and counts are integers or linear
 * expressions in names, steps integers (checked when evaluated). Names are
 * letters, digits and '_' starting with a letter. Every node keeps the
 * 1-based column where it starts, for error messages. Linear time; nesting
 * deeper than 200 is refused (no stack overflow on hostile input).
 */

export type Node =
  | { kind: "int"; value: number; col: number }
  | { kind: "name"; name: string; col: number }
  | { kind: "neg"; arg: Node; col: number }
  | { kind: "bin"; op: "+" | "-" | "*"; left: Node; right: Node; col: number }
  | { kind: "emi"; lo: Node; hi: Node; pairs: { step: Node; count: Node }[] | undefined; col: number }
  | { kind: "mod"; lo: Node; hi: Node; m: Node; r: Node; col: number };

export interface Query {
  left: Node;
  /** Present for `A & B`. */
  right?: Node;
  /** Column of the '&'. */
  andCol?: number;
}

/** A text that is not in the calculator's language (EMI literals of §2.1, operators of §2.3), with the 1-based column to blame. */
export class CalcSyntaxError extends Error {
  readonly column: number;
  constructor(column: number, message: string) {
    super(message);
    this.name = "CalcSyntaxError";
    this.column = column;
  }
}

interface Token {
  kind: "int" | "name" | "op" | "end";
  text: string;
  col: number;
  /** Column just past the token. */
  end: number;
}

const OPS = new Set(["+", "-", "*", "(", ")", "[", "]", "<", ">", ",", ":", "&", "_"]);

/**
 * Splits calculator text into tokens (integers, names, operators) with
 * columns; `_` is its own token so `[l,u]_m(r)` (§2.1's modulo interval)
 * lexes. O(length).
 */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(ch)) {
      while (i < src.length && /[0-9]/.test(src[i]!)) i++;
      const text = src.slice(start, i);
      if (!Number.isSafeInteger(Number(text))) throw new CalcSyntaxError(start + 1, `integer ${text} is too large (beyond 2^53-1)`);
      out.push({ kind: "int", text, col: start + 1, end: i + 1 });
    } else if (/[A-Za-z]/.test(ch)) {
      while (i < src.length && /[A-Za-z0-9_]/.test(src[i]!)) i++;
      out.push({ kind: "name", text: src.slice(start, i), col: start + 1, end: i + 1 });
    } else if (OPS.has(ch)) {
      i++;
      out.push({ kind: "op", text: ch, col: start + 1, end: i + 1 });
    } else {
      throw new CalcSyntaxError(start + 1, `unexpected character '${ch}'`);
    }
  }
  out.push({ kind: "end", text: "end of input", col: src.length + 1, end: src.length + 1 });
  return out;
}

const MAX_DEPTH = 200;

/**
 * Parses one calculator input (grammar in the file comment): EMI literals of
 * §2.1 combined with the operations of §2.3, optionally `A & B` (§3.1).
 */
export function parseQuery(src: string): Query {
  const toks = tokenize(src);
  let pos = 0;
  let depth = 0;
  const peek = () => toks[pos]!;
  const isOp = (t: string) => peek().kind === "op" && peek().text === t;
  const describe = (t: Token) => (t.kind === "end" ? "end of input" : `'${t.text}'`);
  const expect = (t: string, what?: string): Token => {
    if (!isOp(t)) throw new CalcSyntaxError(peek().col, `expected '${t}'${what ? ` ${what}` : ""}, found ${describe(peek())}`);
    return toks[pos++]!;
  };

  const expr = (): Node => {
    if (++depth > MAX_DEPTH) throw new CalcSyntaxError(peek().col, "expression nested too deeply");
    let left = term();
    while (isOp("+") || isOp("-")) {
      const op = toks[pos++]!;
      left = { kind: "bin", op: op.text as "+" | "-", left, right: term(), col: op.col };
    }
    depth--;
    return left;
  };
  const term = (): Node => {
    let left = unary();
    while (isOp("*")) {
      const op = toks[pos++]!;
      left = { kind: "bin", op: "*", left, right: unary(), col: op.col };
    }
    return left;
  };
  const unary = (): Node => {
    if (isOp("-")) {
      const op = toks[pos++]!;
      if (++depth > MAX_DEPTH) throw new CalcSyntaxError(op.col, "expression nested too deeply");
      const arg = unary();
      depth--;
      return { kind: "neg", arg, col: op.col };
    }
    return primary();
  };
  const primary = (): Node => {
    const t = peek();
    if (t.kind === "int") {
      pos++;
      const n: Node = { kind: "int", value: Number(t.text), col: t.col };
      const next = peek();
      if (next.kind === "name" && next.col === t.end) {
        pos++;
        return { kind: "bin", op: "*", left: n, right: { kind: "name", name: next.text, col: next.col }, col: next.col };
      }
      return n;
    }
    if (t.kind === "name") {
      pos++;
      return { kind: "name", name: t.text, col: t.col };
    }
    if (isOp("(")) {
      pos++;
      const e = expr();
      expect(")", "to close the '(' at column " + t.col);
      return e;
    }
    if (isOp("[")) return bracket();
    throw new CalcSyntaxError(t.col, `expected an integer, a name, '(' or '[', found ${describe(t)}`);
  };
  const bracket = (): Node => {
    const open = toks[pos++]!;
    const lo = expr();
    expect(",", "between the bounds");
    const hi = expr();
    expect("]", "to close the '[' at column " + open.col);
    if (isOp("<")) {
      pos++;
      const pairs: { step: Node; count: Node }[] = [];
      if (!isOp(">")) {
        for (;;) {
          const step = expr();
          expect(":", "between a step and its count");
          pairs.push({ step, count: expr() });
          if (!isOp(",")) break;
          pos++;
        }
      }
      expect(">", "to close the list of step:count pairs");
      return { kind: "emi", lo, hi, pairs, col: open.col };
    }
    if (isOp("_")) {
      pos++;
      const m = primary();
      expect("(", "before the residue of a modulo interval");
      const r = expr();
      expect(")", "after the residue");
      return { kind: "mod", lo, hi, m, r, col: open.col };
    }
    return { kind: "emi", lo, hi, pairs: undefined, col: open.col };
  };

  if (peek().kind === "end") throw new CalcSyntaxError(1, "empty expression");
  const left = expr();
  if (isOp("&")) {
    const amp = toks[pos++]!;
    const right = expr();
    if (peek().kind !== "end") {
      throw new CalcSyntaxError(peek().col, isOp("&") ? "only one '&' is allowed" : `unexpected ${describe(peek())}`);
    }
    return { left, right, andCol: amp.col };
  }
  if (peek().kind !== "end") throw new CalcSyntaxError(peek().col, `unexpected ${describe(peek())}`);
  return { left };
}
