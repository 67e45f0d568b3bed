import type { Lang } from "./toolchain.js";

/**
 * For each line of `b`, the index of the line of `a` it is matched to in a
 * longest common subsequence, or -1 for a line only in `b`. The programs
 * are a few hundred lines, so the quadratic table is cheap.
 */
export function alignLines(a: string[], b: string[]): number[] {
  const n = a.length;
  const m = b.length;
  const w = m + 1;
  const t = new Int32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) t[i * w + j] = a[i] === b[j] ? t[(i + 1) * w + j + 1]! + 1 : Math.max(t[(i + 1) * w + j]!, t[i * w + j + 1]!);
  const match = new Array<number>(m).fill(-1);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) match[j++] = i++;
    else if (t[(i + 1) * w + j]! >= t[i * w + j + 1]!) i++;
    else j++;
  }
  return match;
}

/**
 * An OpenMP directive line (or a continuation of one) in the given
 * language, or the Fortran `!$` line (read only by a compiler with
 * OpenMP) that declares what a pipelined loop's `if` clause asks
 * (threads-guard.ts).
 */
export function isDirectiveLine(line: string, lang: Lang): boolean {
  return lang === "c" ? /^\s*#\s*pragma\s+omp\b/.test(line) : /^\s*!\$omp|^[cC*]\$omp|^\s*!\$\s+integer(\s*::)?\s*omp_get_max_threads, omp_get_num_procs\s*$/i.test(line);
}

/** C's `omp.h` for a compiler with OpenMP only, as doall adds it (threads-guard.ts). */
const OMP_INCLUDE = ["#ifdef _OPENMP", "#include <omp.h>", "#endif"];

/**
 * A Fortran SAVE statement of a list of names, as doall adds one for a
 * main program's arrays (main-program-saves.ts); fixed form continues it
 * with `&` in column 6, free form with a trailing `&`.
 */
const SAVE_LINE = /^\s*save\s+[a-z_]\w*(\s*,\s*[a-z_]\w*)*\s*(,\s*&?)?\s*$/i;
const SAVE_FREE_MORE = /^\s*[a-z_]\w*(\s*,\s*[a-z_]\w*)*\s*(,\s*&)?\s*$/i;
const SAVE_FIXED_MORE = /^ {5}&\s*[a-z_]\w*(\s*,\s*[a-z_]\w*)*\s*,?\s*$/i;

/**
 * Which lines of a transformed text are directive lines (C pragmas continue
 * past a trailing backslash), or a SAVE statement doall may add: only one
 * the original does not have counts as added (checkDirectivesOnly aligns
 * the two texts).
 */
export function directiveLineFlags(lines: string[], lang: Lang): boolean[] {
  const flags = new Array<boolean>(lines.length).fill(false);
  for (let i = 0; i < lines.length; i++) {
    if (lang === "fortran" && SAVE_LINE.test(lines[i]!.replace(/\r$/, ""))) {
      flags[i] = true;
      for (let free = /&\s*$/.test(lines[i]!); i + 1 < lines.length; ) {
        const next = lines[i + 1]!.replace(/\r$/, "");
        if (SAVE_FIXED_MORE.test(next) || (free && SAVE_FREE_MORE.test(next))) {
          flags[++i] = true;
          free = /&\s*$/.test(next);
        } else break;
      }
      continue;
    }
    if (lang === "c" && OMP_INCLUDE.every((l, k) => lines[i + k]?.replace(/\r$/, "") === l)) {
      for (let k = 0; k < OMP_INCLUDE.length; k++) flags[i + k] = true;
      i += OMP_INCLUDE.length - 1;
      continue;
    }
    if (!isDirectiveLine(lines[i]!, lang)) continue;
    flags[i] = true;
    if (lang === "c") while (/\\\r?$/.test(lines[i]!) && i + 1 < lines.length) flags[++i] = true;
  }
  return flags;
}

/** A run of lines the transformer changed (other than added directive lines). */
export interface ChangedHunk {
  /** First original line (1-based) of the hunk; where it would be when nothing was removed. */
  originalLine: number;
  original: string[];
  /** First transformed line (1-based). */
  transformedLine: number;
  transformed: string[];
}

export interface TextCheck {
  /** Removing the added directive lines gives back the original byte for byte. */
  identical: boolean;
  /** Lines (1-based, transformed numbering) that are added OpenMP directives. */
  directiveLines: number[];
  /** Everything else that differs: rewritten loops, and anything a transformer should not touch. */
  changed: ChangedHunk[];
}

/**
 * DESIGN.md: output keeps the user's text byte for byte except for the
 * added directive lines (and loops a transform had to rewrite). This says
 * whether that holds and, when not, which lines differ, so the caller can
 * accept a rewritten loop and reject anything else.
 */
export function checkDirectivesOnly(original: string, transformed: string, lang: Lang): TextCheck {
  const a = original.split("\n");
  const b = transformed.split("\n");
  const flags = directiveLineFlags(b, lang);
  const directiveLines = flags.flatMap((f, i) => (f ? [i + 1] : []));
  const stripped = b.filter((_, i) => !flags[i]).join("\n");
  if (stripped === original) return { identical: true, directiveLines, changed: [] };
  const match = alignLines(a, b);
  const changed: ChangedHunk[] = [];
  let ai = 0;
  let hunk: ChangedHunk | null = null;
  const flush = () => {
    if (hunk && (hunk.original.length || hunk.transformed.length)) changed.push(hunk);
    hunk = null;
  };
  for (let j = 0; j < b.length; j++) {
    const mi = match[j]!;
    if (mi >= 0) {
      // Original lines skipped before this match were removed or rewritten.
      if (mi > ai) {
        hunk ??= { originalLine: ai + 1, original: [], transformedLine: j + 1, transformed: [] };
        hunk.original.push(...a.slice(ai, mi));
      }
      flush();
      ai = mi + 1;
    } else if (!flags[j]) {
      hunk ??= { originalLine: ai + 1, original: [], transformedLine: j + 1, transformed: [] };
      hunk.transformed.push(b[j]!);
    }
  }
  if (ai < a.length) {
    hunk ??= { originalLine: ai + 1, original: [], transformedLine: b.length + 1, transformed: [] };
    (hunk as ChangedHunk).original.push(...a.slice(ai));
  }
  flush();
  // Empty when the only differences are directive lines the original already had.
  return { identical: changed.length === 0, directiveLines, changed };
}
