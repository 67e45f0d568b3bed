import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { PPToken } from "./pp-token.js";

export interface LexResult {
  tokens: PPToken[];
  diagnostics: Diagnostic[];
}

// Longest first, so `>>=` wins over `>>` and `>`.
const PUNCTS = [
  "...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
  "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
  "#", "[", "]", "(", ")", "{", "}", ".", "&", "*", "+", "-", "~", "!", "/", "%", "<", ">", "^", "|", "?", ":", ";", "=", ",",
];
const PUNCT_BY_FIRST = new Map<string, string[]>();
for (const p of PUNCTS) {
  const l = PUNCT_BY_FIRST.get(p[0]!) ?? [];
  l.push(p);
  PUNCT_BY_FIRST.set(p[0]!, l);
}

const isIdStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
const isIdPart = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Splices lines ending in a backslash (C99 5.1.1.2 phase 2) and keeps, for
 * every spliced-text offset, the physical line and column it came from.
 */
class Spliced {
  readonly text: string;
  /** Start offsets in `text` of runs that begin at (line, column) of the file. */
  private readonly offs: number[] = [];
  private readonly lines: number[] = [];
  private readonly cols: number[] = [];
  private cursor = 0;

  constructor(raw: string) {
    let out = "";
    let line = 1;
    let from = 0;
    this.mark(0, 1, 1);
    for (let i = raw.indexOf("\n"); i >= 0; i = raw.indexOf("\n", i + 1)) {
      let j = i;
      if (j > from && raw.charCodeAt(j - 1) === 13) j--;
      if (j > from && raw.charCodeAt(j - 1) === 92) {
        // Backslash-newline: drop both, the next line continues this one.
        out += raw.slice(from, j - 1);
        line++;
        this.mark(out.length, line, 1);
      } else {
        out += raw.slice(from, i + 1);
        line++;
        this.mark(out.length, line, 1);
      }
      from = i + 1;
    }
    out += raw.slice(from);
    this.text = out;
  }

  private mark(off: number, line: number, col: number): void {
    this.offs.push(off);
    this.lines.push(line);
    this.cols.push(col);
  }

  /** Position of offset `off`; offsets must be asked in increasing order (the lexer's scan). */
  pos(off: number): { line: number; column: number } {
    while (this.cursor + 1 < this.offs.length && this.offs[this.cursor + 1]! <= off) this.cursor++;
    const k = this.cursor;
    return { line: this.lines[k]!, column: this.cols[k]! + off - this.offs[k]! };
  }
}

/**
 * Splits C source into preprocessing tokens with their positions. Comments
 * become whitespace. It never fails: an unterminated string ends at the end
 * of its line (flagged, so that only text the preprocessor keeps is
 * reported), an unterminated comment at the end of the file (reported).
 * `lineComments: false` for Fortran's directive lines, where `//` is the
 * concatenation operator (gfortran's traditional cpp has no `//` comments).
 */
export function lexC(raw: string, file: string, opts: { lineComments?: boolean } = {}): LexResult {
  const lineComments = opts.lineComments !== false;
  const sp = new Spliced(raw);
  const s = sp.text;
  const n = s.length;
  const tokens: PPToken[] = [];
  const diagnostics: Diagnostic[] = [];
  let i = 0;
  let space = false;
  let bol = true;
  // State for header names: `#` `include` at the start of a line.
  let directiveState = 0;

  const push = (kind: PPToken["kind"], start: number, end: number, extra?: Partial<PPToken>) => {
    const p = sp.pos(start);
    const t: PPToken = { kind, text: s.slice(start, end), file, line: p.line, column: p.column, space, bol, hide: null };
    if (extra) Object.assign(t, extra);
    tokens.push(t);
    // After `#` at the start of a line comes the directive name; after `include` a header name may follow.
    if (bol && t.text === "#") directiveState = 1;
    else if (directiveState === 1 && kind === "ident" && (t.text === "include" || t.text === "include_next" || t.text === "import")) directiveState = 2;
    else directiveState = 0;
    space = false;
    bol = false;
  };

  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 10) {
      bol = true;
      space = false;
      directiveState = 0;
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      space = true;
      i++;
      continue;
    }
    if (c === 47 && s.charCodeAt(i + 1) === 47 && lineComments) {
      const e = s.indexOf("\n", i);
      i = e < 0 ? n : e;
      space = true;
      continue;
    }
    if (c === 47 && s.charCodeAt(i + 1) === 42) {
      const e = s.indexOf("*/", i + 2);
      if (e < 0) {
        const p = sp.pos(i);
        diagnostics.push({ id: "cpp.unterminated-comment", severity: "error", message: "unterminated /* comment", span: { file, line: p.line, column: p.column, endLine: p.line, endColumn: p.column + 2 } });
        i = n;
        break;
      }
      if (s.slice(i, e).includes("\n")) bol = true;
      i = e + 2;
      space = true;
      continue;
    }
    const start = i;
    if (directiveState === 2 && c === 60) {
      const e = s.indexOf(">", i + 1);
      const nl = s.indexOf("\n", i + 1);
      if (e >= 0 && (nl < 0 || e < nl)) {
        push("header", start, e + 1);
        i = e + 1;
        continue;
      }
    }
    if (isDigit(c) || (c === 46 && isDigit(s.charCodeAt(i + 1)))) {
      i++;
      while (i < n) {
        const d = s.charCodeAt(i);
        if ((d === 43 || d === 45) && /[eEpP]/.test(s[i - 1]!)) i++;
        else if (isIdPart(d) || d === 46) i++;
        else break;
      }
      push("number", start, i);
      continue;
    }
    // String and character literals, with an optional encoding prefix.
    const pre = c === 34 || c === 39 || c === 117 || c === 85 || c === 76 ? /^(u8|u|U|L)?["']/.exec(s.slice(i, i + 3)) : null;
    if (pre) {
      const q = s[i + pre[0].length - 1]!;
      let j = i + pre[0].length;
      let closed = false;
      while (j < n) {
        const d = s[j]!;
        if (d === "\\" && j + 1 < n && s[j + 1] !== "\n") j += 2;
        else if (d === q) {
          j++;
          closed = true;
          break;
        } else if (d === "\n") break;
        else j++;
      }
      push(q === '"' ? "string" : "char", start, j, closed ? undefined : { unterminated: true });
      i = j;
      continue;
    }
    if (isIdStart(c)) {
      i++;
      while (i < n && isIdPart(s.charCodeAt(i))) i++;
      push("ident", start, i);
      continue;
    }
    const cands = PUNCT_BY_FIRST.get(s[i]!);
    if (cands) {
      const p = cands.find((x) => s.startsWith(x, i))!;
      i += p.length;
      push("punct", start, i);
      continue;
    }
    // A stray character (`@`, a backslash, non-ASCII text): kept as one token.
    const cp = s.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    push("other", start, i);
  }
  return { tokens, diagnostics };
}

/** Lexes a single token's text (for `##` pasting); undefined if it is not exactly one token. */
export function lexOne(text: string, file: string): PPToken | undefined {
  const r = lexC(text, file);
  if (r.tokens.length !== 1 || r.diagnostics.length) return undefined;
  const t = r.tokens[0]!;
  return t.text === text ? t : undefined;
}
