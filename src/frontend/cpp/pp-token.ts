import type { Origin } from "./source-map.js";

/**
 * Preprocessing tokens (C99 6.4): identifiers, pp-numbers, string and
 * character literals, punctuators, header names (only right after
 * `#include`) and single stray characters.
 */
export type PPKind = "ident" | "number" | "string" | "char" | "punct" | "header" | "other";

export interface PPToken {
  kind: PPKind;
  text: string;
  /** Where the token is in its original file (after `#line`, the presumed file and line). */
  file: string;
  line: number;
  column: number;
  /** Whitespace (or a comment) precedes the token. */
  space: boolean;
  /** First token of a (logical) line: a `#` here starts a directive. */
  bol: boolean;
  /** Macros whose expansion produced this token and which must not expand again (Prosser's hide set). */
  hide: ReadonlySet<string> | null;
  /** Set on tokens of a macro body: the outermost invocation site, where compilers report them. */
  expandedAt?: Origin;
  /** The token came out of a macro expansion (from its body or an argument). */
  viaMacro?: boolean;
  /** An identifier that named a macro in a context where it was not expanded ("painted blue"). */
  noExpand?: boolean;
  /** A string or character literal that is not terminated on its line. */
  unterminated?: boolean;
  /** Internal to expansion: an empty argument next to `##` (C99 6.10.3.3p2). */
  placemarker?: boolean;
  /** Internal to expansion: the token is from a macro body, not an argument. */
  fromBody?: boolean;
}

/** The position compilers report for a token: the macro invocation for expanded text. */
export function tokenOrigin(t: PPToken): Origin {
  return t.expandedAt ?? { file: t.file, line: t.line, column: t.column };
}

export function isPunct(t: PPToken | undefined, text: string): boolean {
  return t !== undefined && t.kind === "punct" && t.text === text;
}

export function unionHide(a: ReadonlySet<string> | null, name: string): ReadonlySet<string> {
  if (a && a.has(name)) return a;
  const s = new Set(a ?? []);
  s.add(name);
  return s;
}

export function intersectHide(a: ReadonlySet<string> | null, b: ReadonlySet<string> | null): ReadonlySet<string> | null {
  if (!a || !b) return null;
  const s = new Set<string>();
  for (const x of a) if (b.has(x)) s.add(x);
  return s.size ? s : null;
}

/** The text of a token list as cpp would print it (one space where whitespace was). */
export function tokensText(ts: readonly PPToken[]): string {
  let s = "";
  ts.forEach((t, i) => {
    if (i > 0 && t.space) s += " ";
    s += t.text;
  });
  return s;
}
