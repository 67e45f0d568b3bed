import { matchingParen } from "./expectations.js";
import { alignLines, directiveLineFlags } from "./line-diff.js";
import type { LoopSite } from "./loop-sites.js";
import type { Lang } from "./toolchain.js";

/** The clauses of a directive found in a transformed program. */
export interface FoundClauses {
  private: string[];
  firstprivate: string[];
  lastprivate: string[];
  reductions: { op: string; var: string }[];
  linear: { var: string; step: string }[];
  ifCondition?: string;
  collapse?: number;
  /** Every other clause, as written (schedule(static), default(shared), nowait, ...). */
  other: string[];
}

/** A loop of the original program that received a worksharing directive. */
export interface EmittedLoop {
  /** Line of the loop in the original text. */
  line: number;
  /** The directive's text, sentinels and continuations removed. */
  directive: string;
  clauses: FoundClauses;
  /** The loop's own line differs from the original (a transform rewrote it): judge it by running. */
  rewritten: boolean;
  /** Set for the inner loops of a collapse(n): the line of the loop carrying the directive. */
  collapsedInto?: number;
}

const LOOP_DIRECTIVE = /^(?:parallel\s+)?(?:do|for|loop|simd|distribute)\b/i;

/**
 * Reads back which loops a transformer parallelized: each `!$omp [parallel]
 * do` / `#pragma omp [parallel] for` found in the transformed text, mapped
 * to the original line of the loop it precedes. With `sites`, the inner
 * loops of a collapse(n) are reported too (they run in parallel as well).
 */
export function emittedLoops(original: string, transformed: string, lang: Lang, sites: LoopSite[] = []): EmittedLoop[] {
  const a = original.split("\n");
  const b = transformed.split("\n");
  const flags = directiveLineFlags(b, lang);
  const match = alignLines(a, b);
  const out: EmittedLoop[] = [];
  let j = 0;
  while (j < b.length) {
    if (!flags[j]) {
      j++;
      continue;
    }
    // One directive: its first line and its continuations.
    const parts = [b[j]!];
    j++;
    while (j < b.length && flags[j] && isContinuation(b[j - 1]!, b[j]!, lang)) parts.push(b[j++]!);
    const text = directiveText(parts, lang);
    if (!LOOP_DIRECTIVE.test(text)) continue;
    let k = j;
    while (k < b.length && (flags[k] || b[k]!.trim() === "")) k++;
    if (k >= b.length) continue;
    const { line, rewritten } = originalLineOf(k, match, a.length);
    const clauses = parseClauses(text.replace(LOOP_DIRECTIVE, ""), lang);
    out.push({ line, directive: text, clauses, rewritten });
    for (let depth = 1, at = line; depth < (clauses.collapse ?? 1); depth++) {
      const inner = sites.find((s) => s.parentLine === at);
      if (!inner) break;
      out.push({ line: inner.line, directive: text, clauses, rewritten, collapsedInto: line });
      at = inner.line;
    }
  }
  return out;
}

function isContinuation(prev: string, cur: string, lang: Lang): boolean {
  if (lang === "c") return /\\\r?$/.test(prev);
  return /&\s*\r?$/.test(prev) || /^\s*[!cC*]\$omp&/i.test(cur) || /^[!cC*]\$omp[^ 0\s]/i.test(cur.slice(0, 6));
}

function directiveText(parts: string[], lang: Lang): string {
  const pieces = parts.map((p) => {
    let t = p.replace(/\r$/, "");
    if (lang === "c") t = t.replace(/^\s*#\s*pragma\s+omp\b/, "").replace(/\\$/, "");
    else t = t.replace(/^\s*[!cC*]\$omp&?/i, "").replace(/&\s*$/, "").replace(/^\s*&/, "");
    return t.trim();
  });
  const joined = pieces.join(" ").replace(/\s+/g, " ").trim();
  return lang === "fortran" ? joined.toLowerCase() : joined;
}

function originalLineOf(j: number, match: number[], originalLength: number): { line: number; rewritten: boolean } {
  if (match[j]! >= 0) return { line: match[j]! + 1, rewritten: false };
  // A rewritten line: the first original line of the same unmatched gap.
  let prev = -1;
  for (let k = j - 1; k >= 0; k--) {
    if (match[k]! >= 0) {
      prev = match[k]!;
      break;
    }
  }
  let next = originalLength;
  for (let k = j + 1; k < match.length; k++) {
    if (match[k]! >= 0) {
      next = match[k]!;
      break;
    }
  }
  return { line: prev + 1 < next ? prev + 2 : next + 1, rewritten: true };
}

/** Parses `private(a, b) reduction(+:s) collapse(2) nowait` into clause lists. */
export function parseClauses(text: string, lang: Lang): FoundClauses {
  const c: FoundClauses = { private: [], firstprivate: [], lastprivate: [], reductions: [], linear: [], other: [] };
  const name = (s: string) => (lang === "fortran" ? s.trim().toLowerCase() : s.trim());
  // C array sections name their array: reduction(+:h[0:n]) reduces h.
  const base = (s: string) => name(s.replace(/\[.*$/, "").replace(/\(.*$/, ""));
  let rest = text.trim().replace(/^,\s*/, "");
  while (rest) {
    const m = /^(\w+)\s*(\()?/.exec(rest);
    if (!m) {
      c.other.push(rest);
      break;
    }
    const kw = m[1]!.toLowerCase();
    let inner = "";
    let whole = m[1]!;
    if (m[2]) {
      const close = matchingParen(rest, m[0].length - 1);
      const end = close < 0 ? rest.length : close;
      inner = rest.slice(m[0].length, end);
      whole = rest.slice(0, end + 1);
      rest = rest.slice(end + 1);
    } else rest = rest.slice(m[0].length);
    rest = rest.trim().replace(/^,\s*/, "");
    const items = splitTop(inner);
    if (kw === "private" || kw === "firstprivate" || kw === "lastprivate") c[kw].push(...items.map(base));
    else if (kw === "reduction") {
      const colon = inner.indexOf(":", Math.max(0, inner.lastIndexOf(")")));
      const op = inner.slice(0, colon).trim().toLowerCase();
      for (const v of splitTop(inner.slice(colon + 1))) c.reductions.push({ op, var: base(v) });
    } else if (kw === "linear") {
      for (const v of items) {
        const [x, step] = v.split(":");
        c.linear.push({ var: base(x!), step: (step ?? "1").trim() });
      }
    } else if (kw === "if") c.ifCondition = inner.trim();
    else if (kw === "collapse") c.collapse = Number(inner);
    else c.other.push(whole);
  }
  return c;
}

/** Splits a clause list at commas outside brackets. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of s) {
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur);
  return out.map((x) => x.trim()).filter((x) => x);
}
