import { listSource, type Expander } from "./expander.js";
import { isPunct, type PPToken } from "./pp-token.js";
import { SourceMap, type Origin } from "./source-map.js";

export type FortranForm = "fixed" | "free";

/**
 * Preprocessed Fortran keeps one output line per input line, so the
 * fixed/free-form reader sees the layout (columns 1-6, column 72,
 * continuation `&`) the user wrote. Lines without macros are copied
 * unchanged and map column for column; a macro use is replaced in place
 * and its expansion maps to where the macro name was.
 */
export class FortranOutput {
  private readonly lines: string[] = [];
  private len = 0;
  readonly map: SourceMap;

  constructor(fallback: Origin) {
    this.map = new SourceMap(fallback);
  }

  /** Adds a line made of pieces, each copied from `origin` (exact) or an expansion. */
  line(pieces: Piece[]): void {
    let off = this.len;
    let s = "";
    for (const p of pieces) {
      this.map.add(off, p.text.length, p.origin, p.exact);
      s += p.text;
      off += p.text.length;
    }
    // The line break maps too, so that blank lines have a position.
    const o = pieces[pieces.length - 1]?.origin;
    if (o) this.map.add(off, 1, { ...o, column: o.column + (pieces[pieces.length - 1]!.exact ? pieces[pieces.length - 1]!.text.length : 1) }, true);
    this.lines.push(s);
    this.len += s.length + 1;
  }

  /** Characters written so far. */
  get length(): number {
    return this.len;
  }

  /** A line the Fortran reader should see as blank (a directive, or text in a false #if group). */
  blank(origin: Origin): void {
    this.line([{ text: "", origin, exact: true }]);
  }

  finish(): string {
    const text = this.lines.join("\n");
    this.map.finish(text);
    return text;
  }
}

/** Whether a physical line is a Fortran comment line (never macro-expanded, kept verbatim). */
export function isFortranCommentLine(line: string, form: FortranForm): boolean {
  if (form === "fixed" && line.length > 0 && "cC*!".includes(line[0]!)) return true;
  const first = line.search(/\S/);
  return first >= 0 && line[first] === "!";
}

const isId = (c: string) => /[A-Za-z0-9_$]/.test(c);

/**
 * The identifiers of a Fortran line's code part with their columns, plus
 * the punctuation macros need (parentheses, commas). Strings ('..' and "..",
 * with doubled quotes) and `!` comments are skipped, as are columns 1-6
 * and past 72 in fixed form. Numbers are lexed Fortran-style, so the
 * macro in `2.and.X` is still found.
 */
export function lexFortranLine(line: string, file: string, lineNo: number, form: FortranForm): PPToken[] {
  const out: PPToken[] = [];
  let i = form === "fixed" ? Math.min(6, line.length) : 0;
  const end = form === "fixed" ? Math.min(72, line.length) : line.length;
  let space = true;
  const push = (kind: PPToken["kind"], a: number, b: number) => {
    out.push({ kind, text: line.slice(a, b), file, line: lineNo, column: a + 1, space, bol: out.length === 0, hide: null });
    space = false;
  };
  while (i < end) {
    const c = line[i]!;
    if (c === " " || c === "\t" || c === "\r") {
      space = true;
      i++;
    } else if (c === "!") break;
    else if (c === "'" || c === '"') {
      const a = i++;
      while (i < end) {
        if (line[i] === c) {
          if (line[i + 1] === c) i += 2;
          else {
            i++;
            break;
          }
        } else i++;
      }
      push("string", a, i);
    } else if (/[0-9]/.test(c)) {
      const a = i;
      while (i < end && /[0-9]/.test(line[i]!)) i++;
      const m = /^\.[0-9]*([eEdDqQ][+-]?[0-9]+)?(_\w+)?/.exec(line.slice(i, end));
      // `1.eq.2`: the dot belongs to the operator, not the number.
      if (m && !/^\.[A-Za-z]/.test(line.slice(i, end)) ) i += m[0].length;
      push("number", a, i);
    } else if (isId(c)) {
      const a = i;
      while (i < end && isId(line[i]!)) i++;
      push("ident", a, i);
    } else {
      push("punct", i, i + 1);
      i++;
    }
  }
  return out;
}

/** Part of an output line: text copied from `origin` on (exact), or a macro's expansion used there. */
export interface Piece {
  text: string;
  origin: Origin;
  exact: boolean;
}

/**
 * Expands the macros of one Fortran code line: each top-level use (a
 * macro name, with its parenthesized arguments if function-like) is
 * replaced by its expansion; everything else is copied as written
 * (`copy`: the line's text between two offsets, with the positions it came
 * from; `at`: the position of an offset).
 */
export function expandFortranLine(line: string, toks: PPToken[], expander: Expander, out: FortranOutput, copy: (from: number, to: number) => Piece[], at: (offset: number) => Origin): void {
  const pieces: Piece[] = [];
  let copied = 0;
  const macros = expander.macros;
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.kind !== "ident") continue;
    const m = macros.get(t.text);
    if (!m) continue;
    let endTok = k;
    if (m.params !== null) {
      const close = closeParen(toks, k + 1);
      if (close < 0) continue;
      endTok = close;
    }
    // Rescanning may need the tokens after the use (`F` expanding to a function-like macro name).
    let exp = expander.expandAll(listSource(toks.slice(k, endTok + 1)));
    for (let guard = 0; guard < 16; guard++) {
      const last = exp[exp.length - 1];
      const lm = last && last.kind === "ident" && !last.noExpand ? macros.get(last.text) : undefined;
      if (!lm || lm.params === null || !isPunct(toks[endTok + 1], "(")) break;
      const close = closeParen(toks, endTok + 1);
      if (close < 0) break;
      endTok = close;
      exp = expander.expandAll(listSource(toks.slice(k, endTok + 1)));
    }
    const startCol = t.column - 1;
    const last = toks[endTok]!;
    const endCol = last.column - 1 + last.text.length;
    if (startCol > copied) pieces.push(...copy(copied, startCol));
    pieces.push({ text: fortranText(exp), origin: at(startCol), exact: false });
    copied = endCol;
    k = endTok;
  }
  if (copied < line.length || pieces.length === 0) pieces.push(...copy(copied, line.length));
  out.line(pieces);
}

function closeParen(toks: PPToken[], open: number): number {
  if (!isPunct(toks[open], "(")) return -1;
  let depth = 0;
  for (let i = open; i < toks.length; i++) {
    if (isPunct(toks[i], "(")) depth++;
    else if (isPunct(toks[i], ")") && --depth === 0) return i;
  }
  return -1;
}

function fortranText(ts: PPToken[]): string {
  let s = "";
  for (const t of ts) {
    if (t.placemarker) continue;
    if (s.length && (t.space || (isId(s[s.length - 1]!) && isId(t.text[0] ?? "")))) s += " ";
    s += t.text;
  }
  return s;
}
