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

const TWO_CHAR_OPS = new Set(["**", "//", "==", "/=", "<=", ">=", "=>", "::", "(/", "/)"]);
const ONE_CHAR_OPS = new Set(["+", "-", "*", "/", "(", ")", ",", "=", "<", ">", ":", "%", "[", "]"]);

function isLetter(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");
}
function isDigit(c: string): boolean {
  return c >= "0" && c <= "9";
}
function isIdentChar(c: string): boolean {
  return isLetter(c) || isDigit(c) || c === "_" || c === "$";
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
  const text = ll.text.slice(0, to);
  const toks: Token[] = [];
  let i = from;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === " " || c === "\t") {
      i++;
      continue;
    }
    const start = i;
    if (isLetter(c) || c === "_" || c === "$") {
      // BOZ literal: b'0101', o'17', z'ff'
      const lc = c.toLowerCase();
      if ((lc === "b" || lc === "o" || lc === "z" || lc === "x") && (text[i + 1] === "'" || text[i + 1] === '"')) {
        const q = text[i + 1]!;
        const close = text.indexOf(q, i + 2);
        if (close > 0) {
          toks.push({ kind: "boz", value: text.slice(start, close + 1), start, end: close + 1 });
          i = close + 1;
          continue;
        }
      }
      while (i < n && isIdentChar(text[i]!)) i++;
      // Character literal with a kind prefix: kind_"text"
      toks.push({ kind: "ident", value: text.slice(start, i).toLowerCase(), start, end: i });
      continue;
    }
    if (isDigit(c) || (c === "." && isDigit(text[i + 1] ?? ""))) {
      i = lexNumber(text, i, toks);
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let value = "";
      let closed = false;
      while (j < n) {
        const d = text[j]!;
        if (d === c) {
          if (text[j + 1] === c) {
            value += c;
            j += 2;
            continue;
          }
          closed = true;
          j++;
          break;
        }
        value += d;
        j++;
      }
      if (!closed) diags.push({ id: "fortran.unterminated-string", severity: "error", message: "unterminated character string", span: spanIn(ll, start, n) });
      toks.push({ kind: "string", value, start, end: j });
      i = j;
      continue;
    }
    if (c === ".") {
      const d = dottedAt(text, i);
      if (d) {
        if (d.word === "true" || d.word === "false") {
          const t: Token = { kind: "logical", value: d.word, start, end: d.end };
          i = d.end;
          if (text[i] === "_") {
            let j = i + 1;
            while (j < n && isIdentChar(text[j]!)) j++;
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
    const two = text.slice(i, i + 2);
    if (TWO_CHAR_OPS.has(two)) {
      // `(/` only opens an array constructor when not followed by `/` or `)`... keep it simple:
      // `a(/b)` never occurs in valid code, but `(//)` (empty ctor) and `x(//)` are rare; accept.
      toks.push({ kind: "op", value: two, start, end: i + 2 });
      i += 2;
      continue;
    }
    if (ONE_CHAR_OPS.has(c)) {
      toks.push({ kind: "op", value: c, start, end: i + 1 });
      i++;
      continue;
    }
    diags.push({ id: "fortran.bad-character", severity: "error", message: `unexpected character '${c}'`, span: spanIn(ll, i, i + 1) });
    i++;
  }
  toks.push({ kind: "eol", value: "", start: n, end: n });
  return toks;
}

/** Integer or real literal at text[i]; returns the index after it. */
function lexNumber(text: string, i: number, toks: Token[]): number {
  const start = i;
  const n = text.length;
  while (i < n && isDigit(text[i]!)) i++;
  let isReal = false;
  let double = false;
  if (text[i] === "." && !dottedAt(text, i)?.word.match(/^(eq|ne|lt|le|gt|ge|and|or|not|eqv|neqv|xor|true|false)$/)) {
    isReal = true;
    i++;
    while (i < n && isDigit(text[i]!)) i++;
  }
  const e = (text[i] ?? "").toLowerCase();
  if ((e === "e" || e === "d" || e === "q") && /^[+-]?\d/.test(text.slice(i + 1, i + 3))) {
    isReal = true;
    if (e === "d" || e === "q") double = true;
    i++;
    if (text[i] === "+" || text[i] === "-") i++;
    while (i < n && isDigit(text[i]!)) i++;
  }
  const tok: Token = { kind: isReal ? "real" : "int", value: text.slice(start, i), start, end: i };
  if (double) tok.double = true;
  if (text[i] === "_" && isIdentChar(text[i + 1] ?? "")) {
    let j = i + 1;
    while (j < n && isIdentChar(text[j]!)) j++;
    tok.kindParam = text.slice(i + 1, j).toLowerCase();
    i = j;
    tok.end = i;
  }
  toks.push(tok);
  return i;
}
