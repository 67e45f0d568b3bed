import { clauseWords, wrapWords, type DirectiveClauses } from "../directive-text.js";
import { insertLines, type LineInsertion } from "../insert-lines.js";
import { FIXED_WIDTH, FREE_WIDTH } from "../loop-lines.js";

/** A `!$omp parallel do` to write around one DO loop. */
export interface FortranLoopDirective {
  /** First line of the DO statement (the label line, if any). */
  line: number;
  /** Last line of the loop: END DO or the terminal statement, continuations included. */
  endLine: number;
  clauses: DirectiveClauses;
  /**
   * Write `!$omp end parallel do` after the loop. OpenMP lets it be omitted
   * and forbids it on a DO that shares its terminal statement with an
   * enclosing DO (it would land outside the enclosing loop).
   */
  end: boolean;
  /**
   * `parallel do` by default; `parallel do simd`, or `simd` on an inner loop of a region (no END directive), where
   * simd-loops.ts says; a row pipeline's `parallel` region around the loop, and `do` on its callees' row loops,
   * which end with `end do nowait` (row-pipeline.ts).
   */
  construct?: "parallel do" | "parallel do simd" | "simd" | "parallel" | "do";
}

/**
 * What one program unit gets before the given line (its first executable
 * statement, or END): `!$omp threadprivate(/b/, ...)` for `blocks`, a
 * `!$` declaration of the runtime functions `ompQueries` that a pipelined
 * loop's if() asks (threads-guard.ts), read only by a compiler with OpenMP,
 * and a SAVE statement for a main program's arrays `saves`.
 */
export interface UnitDirectives {
  line: number;
  blocks: string[];
  ompQueries?: readonly string[];
  /** A main program's local arrays to declare SAVE (main-program-saves.ts): a statement, not a directive. */
  saves?: readonly string[];
}

/**
 * Writes OpenMP directives into Fortran source, changing nothing else:
 * the original lines are kept byte for byte and directive lines are added
 * before each parallel loop (and after it, for the END directive). Fixed
 * form puts the sentinel in column 1 and continues long directives on
 * `!$omp&` lines within 72 columns; free form indents like the DO and
 * continues with `&`.
 */
export function emitFortranDirectives(text: string, form: "fixed" | "free", loops: FortranLoopDirective[], units: UnitDirectives[] = [], extra: readonly LineInsertion[] = []): string {
  const lines = text.split("\n");
  const ins: LineInsertion[] = [];
  // First: a unit's specification lines go before its first executable statement, which may be a DO with its own directive.
  for (const t of units) {
    const indent = form === "fixed" ? "" : /^[ \t]*/.exec((lines[t.line - 1] ?? "").replace(/\r$/, ""))![0];
    if (t.blocks.length) {
      const body = wrapWords([`threadprivate(${t.blocks.map((b) => `/${b}/`).join(", ")})`], form === "fixed" ? FIXED_WIDTH - 7 : FREE_WIDTH - indent.length - 10);
      ins.push({ line: t.line, where: "before", lines: body.map((b) => `${indent}!$omp ${b}`) });
    }
    // Fixed form: the statement from column 7, after the sentinel.
    const names = t.ompQueries?.join(", ");
    if (names) ins.push({ line: t.line, where: "before", lines: [form === "fixed" ? `!$    integer ${names}` : `${indent}!$ integer :: ${names}`] });
    if (t.saves?.length) ins.push({ line: t.line, where: "before", lines: saveLines(t.saves, form, indent) });
  }
  // Lines the caller places: a doacross loop's `ordered depend` inside its body, a peeled loop's copy before its
  // directive; a copy after a loop goes after its END directive.
  ins.push(...extra.filter((x) => x.where === "before"));
  for (const l of loops) {
    const doLine = (lines[l.line - 1] ?? "").replace(/\r$/, "");
    const construct = l.construct ?? "parallel do";
    const words = [construct, ...clauseWords(l.clauses, "fortran")];
    const end = l.end && construct !== "simd";
    if (form === "fixed") {
      const body = wrapWords(words, FIXED_WIDTH - 7);
      ins.push({ line: l.line, where: "before", lines: body.map((b, i) => (i === 0 ? `!$omp ${b}` : `!$omp& ${b}`)) });
      if (end) ins.push({ line: l.endLine, where: "after", lines: [`!$omp end ${endOf(construct)}`] });
    } else {
      const indent = /^[ \t]*/.exec(doLine)![0];
      const body = wrapWords(words, Math.max(40, FREE_WIDTH - indent.length - 10));
      ins.push({
        line: l.line,
        where: "before",
        lines: body.map((b, i) => `${indent}${i === 0 ? "!$omp " : "!$omp& "}${b}${i < body.length - 1 ? " &" : ""}`),
      });
      if (end) ins.push({ line: l.endLine, where: "after", lines: [`${indent}!$omp end ${endOf(construct)}`] });
    }
  }
  ins.push(...extra.filter((x) => x.where === "after"));
  return insertLines(text, ins);
}

/**
 * `save a, b, ...`, continued within the line width: fixed form from
 * column 7 with `&` in column 6 on its continuation lines, free form with a
 * trailing `&`.
 */
function saveLines(names: readonly string[], form: "fixed" | "free", indent: string): string[] {
  const words = ["save", ...names.map((n, i) => (i < names.length - 1 ? `${n},` : n))];
  if (form === "fixed") return wrapWords(words, FIXED_WIDTH - 6).map((b, i) => (i === 0 ? `      ${b}` : `     &${b}`));
  const body = wrapWords(words, Math.max(40, FREE_WIDTH - indent.length - 4));
  return body.map((b, i) => `${indent}${i === 0 ? "" : "  "}${b}${i < body.length - 1 ? " &" : ""}`);
}

/** What a construct's END directive says: a row loop's lets each thread go on to the next without waiting for the others. */
function endOf(construct: NonNullable<FortranLoopDirective["construct"]>): string {
  return construct === "do" ? "do nowait" : construct;
}
