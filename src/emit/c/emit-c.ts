import { clauseWords, type DirectiveClauses } from "../directive-text.js";
import { insertLines, type LineInsertion } from "../insert-lines.js";

/** A `#pragma omp parallel for` to write before one for loop. */
export interface CLoopDirective {
  /** Line of the `for` keyword, which starts its line (the plan gives no directive to one that does not: Loop.sharesLine). */
  line: number;
  clauses: DirectiveClauses;
  /**
   * `parallel for` by default; `parallel for simd`, or `simd` on an inner loop of a region, where simd-loops.ts
   * says; a row pipeline's `parallel` region (the loop is its block) and `for` on its callees' row loops (row-pipeline.ts).
   */
  construct?: "parallel for" | "parallel for simd" | "simd" | "parallel" | "for";
}

/**
 * Writes `#pragma omp parallel for` lines into C source, indented like the
 * loop, before the line of each loop. Nothing else changes: the original
 * lines are kept byte for byte.
 */
export function emitCDirectives(text: string, loops: CLoopDirective[], threadprivate: { line: number; vars: string[] } | null = null, extra: readonly LineInsertion[] = []): string {
  const lines = text.split("\n");
  // At file scope, before the file's first function: after the globals' declarations (its includes, its definitions), before any use.
  const tp = threadprivate ? [{ line: threadprivate.line, where: "before" as const, lines: [`#pragma omp threadprivate(${threadprivate.vars.join(", ")})`] }] : [];
  return insertLines(text, [
    ...tp,
    // Lines the caller places: a doacross loop's `ordered depend`, an aligned or peeled loop's added lines, a
    // serial copy's `if`; those before a loop's line go before its directive.
    ...extra,
    ...loops.map((l) => {
      const indent = /^[ \t]*/.exec(lines[l.line - 1] ?? "")![0];
      return { line: l.line, where: "before" as const, lines: [`${indent}#pragma omp ${l.construct ?? "parallel for"}${clauseWords(l.clauses, "c").map((w) => " " + w).join("")}`] };
    }),
  ]);
}
