import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Span } from "../../source/span.js";
import { tokenize, type Token } from "./lexer.js";
import { spanIn, type LogicalLine, type SourceForm } from "./logical-line.js";

/** Thrown inside a statement parse; caught per statement and turned into a diagnostic. */
export class ParseError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

/**
 * A cursor over the tokens of one logical line, with the helpers the
 * statement parsers share: lookahead, expectation with good messages, and
 * keyword phrases that real code spells with or without blanks (`end do`,
 * `enddo`; in fixed form, where blanks mean nothing, even `do10i=1,n`).
 */
export class TokenStream {
  toks: Token[];
  pos = 0;
  /** How many expression levels the parser is inside (expr-parser.ts bounds it). */
  nesting = 0;

  /** Lexical errors of the line, committed by the parser unless the statement is a FORMAT (whose text is not Fortran tokens). */
  readonly lexDiags: Diagnostic[] = [];

  constructor(
    readonly ll: LogicalLine,
    readonly form: SourceForm,
    readonly diags: Diagnostic[],
  ) {
    this.toks = tokenize(ll, this.lexDiags);
  }

  peek(k = 0): Token {
    return this.toks[Math.min(this.pos + k, this.toks.length - 1)]!;
  }

  next(): Token {
    const t = this.peek();
    if (this.pos < this.toks.length - 1) this.pos++;
    return t;
  }

  atEnd(): boolean {
    return this.peek().kind === "eol";
  }

  isOp(v: string, k = 0): boolean {
    const t = this.peek(k);
    return t.kind === "op" && t.value === v;
  }

  isIdent(v?: string, k = 0): boolean {
    const t = this.peek(k);
    return t.kind === "ident" && (v === undefined || t.value === v);
  }

  acceptOp(v: string): boolean {
    if (this.isOp(v)) {
      this.pos++;
      return true;
    }
    return false;
  }

  expectOp(v: string, what?: string): Token {
    if (this.isOp(v)) return this.next();
    this.fail(`expected '${v}'${what ? ` ${what}` : ""}${this.describeHere()}`);
  }

  expectIdent(what = "a name"): Token {
    const t = this.peek();
    if (t.kind === "ident") return this.next();
    this.fail(`expected ${what}${this.describeHere()}`);
  }

  expectEnd(): void {
    if (!this.atEnd()) this.fail(`unexpected '${this.text(this.peek())}' after the end of the statement`);
  }

  /** Text of a token as written. */
  text(t: Token): string {
    return this.ll.text.slice(t.start, t.end);
  }

  describeHere(): string {
    const t = this.peek();
    return t.kind === "eol" ? " at the end of the statement" : `, found '${this.text(t)}'`;
  }

  fail(message: string, t: Token = this.peek()): never {
    throw new ParseError(message, t.start, Math.max(t.end, t.start + 1));
  }

  span(startTok: Token, endTok: Token = this.toks[Math.max(0, this.pos - 1)]!): Span {
    return spanIn(this.ll, startTok.start, Math.max(endTok.end, startTok.end));
  }

  spanFrom(start: number): Span {
    const prev = this.toks[Math.max(0, this.pos - 1)]!;
    return spanIn(this.ll, start, Math.max(prev.end, start + 1));
  }

  /**
   * Accepts a keyword phrase such as ["end", "do"] written as `end do`,
   * `enddo` or (fixed form) glued to what follows, as in `goto10`. On
   * success the cursor is after the phrase and a glued remainder has been
   * split off into its own tokens.
   */
  acceptPhrase(...words: string[]): boolean {
    const m = this.matchPhrase(words);
    if (m < 0) return false;
    if (m > 0) this.splitToken(this.phraseEnd, m);
    this.pos = this.phraseEnd + (m > 0 ? 1 : 0);
    return true;
  }

  /** Whether the phrase is next, without consuming it. */
  lookingAtPhrase(...words: string[]): boolean {
    return this.matchPhrase(words) >= 0;
  }

  private phraseEnd = 0;

  /**
   * -1: no match; 0: match ending at token `phraseEnd` (exclusive); >0: match
   * whose last word ends inside token `phraseEnd`, at this text offset.
   */
  private matchPhrase(words: string[]): number {
    const first = this.toks[this.pos]!;
    // Fast reject: almost every call is a keyword test that fails on the first letter.
    if (first.kind !== "ident" || first.value.charCodeAt(0) !== words[0]!.charCodeAt(0)) return -1;
    const target = words.length === 1 ? words[0]! : words.join("");
    let acc = 0;
    let i = this.pos;
    while (acc < target.length) {
      const t = this.toks[i]!;
      if (t.kind !== "ident") return -1;
      const v = t.value;
      if (target.startsWith(v, acc) && acc + v.length <= target.length) {
        acc += v.length;
        i++;
        continue;
      }
      if (this.form === "fixed" && v.startsWith(target.slice(acc))) {
        this.phraseEnd = i;
        return t.start + (target.length - acc);
      }
      return -1;
    }
    this.phraseEnd = i;
    return 0;
  }

  /**
   * Free form keeps blanks significant, but compilers accept the glued
   * spellings `enddo`, `endif`, `endsubroutine`...: if the token at the
   * cursor is `prefix` glued to one of `rests`, split it in two.
   */
  splitGlued(prefix: string, rests: readonly string[]): void {
    const t = this.peek();
    if (t.kind !== "ident" || !t.value.startsWith(prefix) || t.value.length === prefix.length) return;
    if (!rests.includes(t.value.slice(prefix.length))) return;
    this.splitToken(this.pos, t.start + prefix.length);
  }

  /** Splits token i at text offset `at`, re-lexing the remainder (fixed form's blank-free spellings). */
  private splitToken(i: number, at: number): void {
    const t = this.toks[i]!;
    const head: Token = { kind: "ident", value: this.ll.text.slice(t.start, at).toLowerCase(), start: t.start, end: at };
    const tail = tokenize(this.ll, this.diags, at, t.end).filter((x) => x.kind !== "eol");
    this.toks.splice(i, 1, head, ...tail);
  }

  /** Index of the first top-level (paren depth 0) operator `v` from the cursor, or -1. */
  findTopLevel(v: string, from = this.pos): number {
    let depth = 0;
    for (let i = from; i < this.toks.length; i++) {
      const t = this.toks[i]!;
      if (t.kind !== "op") continue;
      if (t.value === "(" || t.value === "(/" || t.value === "[") depth++;
      else if (t.value === ")" || t.value === "/)" || t.value === "]") depth--;
      else if (depth === 0 && t.value === v) return i;
    }
    return -1;
  }

  /** Index of the token matching the open paren at i, or -1. */
  matchParen(i: number): number {
    let depth = 0;
    for (let j = i; j < this.toks.length; j++) {
      const t = this.toks[j]!;
      if (t.kind !== "op") continue;
      if (t.value === "(" || t.value === "(/" || t.value === "[") depth++;
      else if (t.value === ")" || t.value === "/)" || t.value === "]") {
        depth--;
        if (depth === 0) return j;
      }
    }
    return -1;
  }
}
