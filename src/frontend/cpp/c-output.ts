import type { PPToken } from "./pp-token.js";
import { SourceMap, type Origin } from "./source-map.js";

const WORD = /[A-Za-z0-9_$.]/;
const PUNCT = /[-+*/%<>=!&|^#.:]/;

/**
 * Lays out the expanded C tokens as text for the parser, recording in a
 * SourceMap where each one came from. Tokens written by the user keep
 * their line breaks and columns where possible (so the text reads like the
 * input); expanded tokens are separated by single spaces, and a space is
 * added wherever two tokens would otherwise glue into one (`+` `+`).
 */
export class COutput {
  private readonly chunks: string[] = [];
  private len = 0;
  private col = 0;
  private lastChar = "\n";
  private file = "";
  private line = 0;
  readonly map: SourceMap;
  /** Callbacks waiting for the offset of the next token (pragmas attach to what follows them). */
  private waiting: ((off: number) => void)[] = [];

  constructor(fallback: Origin) {
    this.map = new SourceMap(fallback);
  }

  private write(s: string): void {
    this.chunks.push(s);
    this.len += s.length;
    const nl = s.lastIndexOf("\n");
    this.col = nl >= 0 ? s.length - nl - 1 : this.col + s.length;
    this.lastChar = s[s.length - 1] ?? this.lastChar;
  }

  /** Characters written so far. */
  get length(): number {
    return this.len;
  }

  /** Calls `f` with the output offset of the next token written. */
  onNextToken(f: (off: number) => void): void {
    this.waiting.push(f);
  }

  /** Ends the current line (a directive or an include boundary sits here). */
  newline(): void {
    if (this.lastChar !== "\n") this.write("\n");
  }

  token(t: PPToken): void {
    if (t.placemarker || t.text === "") return;
    const first = t.text[0]!;
    if (!t.viaMacro) {
      if (t.file !== this.file || t.line < this.line) {
        this.newline();
      } else if (t.line > this.line) {
        // Keep the user's line numbering where it is cheap to (blank lines are free for the parser).
        const gap = t.line - this.line;
        this.write("\n".repeat(gap <= 50 ? gap : 1));
      }
      this.file = t.file;
      this.line = t.line;
      if (this.col < t.column - 1) this.write(" ".repeat(t.column - 1 - this.col));
      else if (this.needsSpace(t, first)) this.write(" ");
    } else if (this.needsSpace(t, first)) this.write(" ");
    const off = this.len;
    if (this.waiting.length) {
      for (const f of this.waiting) f(off);
      this.waiting = [];
    }
    this.write(t.text);
    if (t.expandedAt) this.map.add(off, t.text.length, t.expandedAt, false);
    else this.map.add(off, t.text.length, { file: t.file, line: t.line, column: t.column }, true);
  }

  private needsSpace(t: PPToken, first: string): boolean {
    const l = this.lastChar;
    if (l === "\n" || l === " ") return false;
    return t.space || (WORD.test(l) && WORD.test(first)) || (PUNCT.test(l) && PUNCT.test(first)) || ((l === '"' || l === "'") && WORD.test(first));
  }

  /** The finished text; the map is usable from then on. */
  finish(): string {
    const text = this.chunks.join("");
    if (this.waiting.length) {
      for (const f of this.waiting) f(text.length);
      this.waiting = [];
    }
    this.map.finish(text);
    return text;
  }
}
