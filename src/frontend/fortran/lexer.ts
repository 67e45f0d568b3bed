import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { spanIn, type LogicalLine } from "./logical-line.js";

export type TokenKind = "ident" | "int" | "real" | "string" | "logical" | "op" | "boz" | "eol";

/**
 * A token of one logical line. `value` is lower-cased for identifiers and
 * normalized for operators (`.eq.` becomes `==`, `.ne.` becomes `/=`);
 * `start`/`end` are offsets in the logical line's text.
 */
export interface Token {
  kind: TokenKind;
  value: string;
  start: number;
  end: number;
  /** Kind parameter suffix of a literal (`1.0_dp`, `8_8`). */
  kindParam?: string;
  /** For reals: exponent letter d/q (double) seen. */
  double?: boolean;
}

const DOTTED: Record<string, string> = {
  eq: "==",
  ne: "/=",
  lt: "<",
  le: "<=",
  gt: ">",
  ge: ">=",
  and: ".and.",
  or: ".or.",
  not: ".not.",
  eqv: ".eqv.",
  neqv: ".neqv.",
  xor: ".neqv.",
};


// Character codes, so the lexer's inner loops compare numbers, not one-character strings.
const C_SPACE = 32;
const C_TAB = 9;
const C_DOT = 46;
const C_QUOTE = 39;
const C_DQUOTE = 34;
const C_UNDERSCORE = 95;
const C_DOLLAR = 36;

function isLetterCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}
function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isIdentCode(c: number): boolean {
  return isLetterCode(c) || isDigitCode(c) || c === C_UNDERSCORE || c === C_DOLLAR;
}
function isLetter(c: string): boolean {
  return isLetterCode(c.charCodeAt(0));
}

const KNOWN_DOTTED = new Set([...Object.keys(DOTTED), "true", "false"]);

/**
 * A dotted operator or logical constant starting at text[i] (which is "."),
 * else null. Fixed form ignores blanks, so `. eq.` occurs in real code: blanks
 * inside are accepted when the word is a standard operator.
 */
function dottedAt(text: string, i: number): { word: string; end: number } | null {
  let j = i + 1;
  while (text[j] === " ") j++;
  const w0 = j;
  while (j < text.length && isLetter(text[j]!)) j++;
  const w1 = j;
  while (text[j] === " ") j++;
  if (w1 === w0 || text[j] !== ".") return null;
  const word = text.slice(w0, w1).toLowerCase();
  const spaced = w0 !== i + 1 || j !== w1;
  if (spaced && !KNOWN_DOTTED.has(word)) return null;
  return { word, end: j + 1 };
}

/**
 * Tokenizes one logical line. Blanks separate tokens; keyword phrases
 * written with or without blanks (`end do` / `enddo`, `go to` / `goto`)
 * are matched later by the parser.
 */
export function tokenize(ll: LogicalLine, diags: Diagnostic[], from = 0, to = ll.text.length): Token[] {
  const text = to === ll.text.length ? ll.text : ll.text.slice(0, to);
  const toks: Token[] = [];
  let i = from;
  const n = text.length;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === C_SPACE || code === C_TAB) {
      i++;
      continue;
    }
    const start = i;
    if (isLetterCode(code) || code === C_UNDERSCORE || code === C_DOLLAR) {
      // BOZ literal: b'0101', o'17', z'ff'
      const next = text.charCodeAt(i + 1);
      if ((next === C_QUOTE || next === C_DQUOTE) && "bBoOzZxX".includes(text[i]!)) {
        const close = text.indexOf(text[i + 1]!, i + 2);
        if (close > 0) {
          toks.push({ kind: "boz", value: text.slice(start, close + 1), start, end: close + 1 });
          i = close + 1;
          continue;
        }
      }
      i++;
      while (i < n && isIdentCode(text.charCodeAt(i))) i++;
      toks.push({ kind: "ident", value: text.slice(start, i).toLowerCase(), start, end: i });
      continue;
    }
    if (isDigitCode(code) || (code === C_DOT && isDigitCode(text.charCodeAt(i + 1)))) {
      i = lexNumber(text, i, toks);
      continue;
    }
    if (code === C_QUOTE || code === C_DQUOTE) {
      const c = text[i]!;
      let j = i + 1;
      let value = "";
      let closed = false;
      while (j < n) {
        const close = text.indexOf(c, j);
        if (close < 0) {
          value += text.slice(j);
          j = n;
          break;
        }
        value += text.slice(j, close);
        if (text.charCodeAt(close + 1) === code) {
          value += c;
          j = close + 2;
          continue;
        }
        closed = true;
        j = close + 1;
        break;
      }
      if (!closed) diags.push({ id: "fortran.unterminated-string", severity: "error", message: "unterminated character string", span: spanIn(ll, start, n) });
      toks.push({ kind: "string", value, start, end: j });
      i = j;
      continue;
    }
    if (code === C_DOT) {
      const d = dottedAt(text, i);
      if (d) {
        if (d.word === "true" || d.word === "false") {
          const t: Token = { kind: "logical", value: d.word, start, end: d.end };
          i = d.end;
          if (text.charCodeAt(i) === C_UNDERSCORE) {
            let j = i + 1;
            while (j < n && isIdentCode(text.charCodeAt(j))) j++;
            t.kindParam = text.slice(i + 1, j).toLowerCase();
            t.end = j;
            i = j;
          }
          toks.push(t);
          continue;
        }
        toks.push({ kind: "op", value: DOTTED[d.word] ?? `.${d.word}.`, start, end: d.end });
        i = d.end;
        continue;
      }
    }
    const op = operatorAt(text, i, code);
    if (op !== null) {
      toks.push({ kind: "op", value: op, start, end: i + op.length });
      i += op.length;
      continue;
    }
    diags.push({ id: "fortran.bad-character", severity: "error", message: `unexpected character '${text[i]}'`, span: spanIn(ll, i, i + 1) });
    i++;
  }
  toks.push({ kind: "eol", value: "", start: n, end: n });
  return toks;
}

/** The operator (two-character ones first) at text[i], or null. */
function operatorAt(text: string, i: number, code: number): string | null {
  const next = text.charCodeAt(i + 1);
  switch (code) {
    case 42: // *
      return next === 42 ? "**" : "*";
    case 47: // /
      return next === 47 ? "//" : next === 61 ? "/=" : next === 41 ? "/)" : "/";
    case 61: // =
      return next === 61 ? "==" : next === 62 ? "=>" : "=";
    case 60: // <
      return next === 61 ? "<=" : "<";
    case 62: // >
      return next === 61 ? ">=" : ">";
    case 58: // :
      return next === 58 ? "::" : ":";
    case 40: // ( — `(/` opens an array constructor; `format(//...)` is handled by the parser
      return next === 47 ? "(/" : "(";
    case 43:
      return "+";
    case 45:
      return "-";
    case 41:
      return ")";
    case 44:
      return ",";
    case 37:
      return "%";
    case 91:
      return "[";
    case 93:
      return "]";
    default:
      return null;
  }
}

const OPERATOR_WORDS = new Set(["eq", "ne", "lt", "le", "gt", "ge", "and", "or", "not", "eqv", "neqv", "xor", "true", "false"]);

/** Integer or real literal at text[i]; returns the index after it. `1.eq.2` is 1 followed by `.eq.`. */
function lexNumber(text: string, i: number, toks: Token[]): number {
  const start = i;
  const n = text.length;
  while (i < n && isDigitCode(text.charCodeAt(i))) i++;
  let isReal = false;
  let double = false;
  if (text.charCodeAt(i) === C_DOT) {
    const d = isLetterCode(text.charCodeAt(i + 1)) || text.charCodeAt(i + 1) === C_SPACE ? dottedAt(text, i) : null;
    if (!d || !OPERATOR_WORDS.has(d.word)) {
      isReal = true;
      i++;
      while (i < n && isDigitCode(text.charCodeAt(i))) i++;
    }
  }
  const e = text.charCodeAt(i) | 0x20; // lower case
  if (e === 101 || e === 100 || e === 113) {
    // e, d, q exponent: needs a digit, optionally after a sign
    let j = i + 1;
    const sign = text.charCodeAt(j);
    if (sign === 43 || sign === 45) j++;
    if (isDigitCode(text.charCodeAt(j))) {
      isReal = true;
      if (e !== 101) double = true;
      i = j;
      while (i < n && isDigitCode(text.charCodeAt(i))) i++;
    }
  }
  const tok: Token = { kind: isReal ? "real" : "int", value: text.slice(start, i), start, end: i };
  if (double) tok.double = true;
  if (text.charCodeAt(i) === C_UNDERSCORE && isIdentCode(text.charCodeAt(i + 1))) {
    let j = i + 1;
    while (j < n && isIdentCode(text.charCodeAt(j))) j++;
    tok.kindParam = text.slice(i + 1, j).toLowerCase();
    i = j;
    tok.end = i;
  }
  toks.push(tok);
  return i;
}
