/**
 * The OpenMP clauses of one loop directive, language-neutral: variable
 * names as the user spelled them, conditions already in source syntax.
 */
export interface DirectiveClauses {
  private: string[];
  firstprivate: string[];
  lastprivate: string[];
  reductions: { op: string; var: string }[];
  /** `linear(var:step)`: induction variables (seed 004 §2.1), step as source text. */
  linear?: { var: string; step: string }[];
  collapse?: number;
  /** `ordered(n)`: a doacross loop (its `ordered depend` lines are written apart). */
  ordered?: number;
  /** Condition of an `if(...)` clause, in the source language. */
  ifCondition?: string;
  schedule?: string;
  /** `nowait` (C's worksharing loop; Fortran says it on the END directive): a row pipeline's row loop (row-pipeline.ts). */
  nowait?: boolean;
}

/** The clauses as words (`private(i, j)`, `reduction(+:s)`), in a fixed order. */
export function clauseWords(c: DirectiveClauses, lang: "fortran" | "c"): string[] {
  const out: string[] = [];
  const list = (name: string, xs: string[]) => {
    if (xs.length) out.push(`${name}(${xs.join(", ")})`);
  };
  list("private", c.private);
  list("firstprivate", c.firstprivate);
  list("lastprivate", c.lastprivate);
  for (const l of c.linear ?? []) out.push(`linear(${l.var}:${l.step})`);
  // One reduction clause per operator, as OpenMP requires the same op for a list.
  const byOp = new Map<string, string[]>();
  for (const r of c.reductions) byOp.set(r.op, [...(byOp.get(r.op) ?? []), r.var]);
  for (const [op, vars] of byOp) out.push(`reduction(${op}:${vars.join(", ")})`);
  if (c.collapse && c.collapse > 1) out.push(`collapse(${c.collapse})`);
  if (c.ordered) out.push(`ordered(${c.ordered})`);
  if (c.schedule) out.push(`schedule(${c.schedule})`);
  if (c.ifCondition) out.push(`if(${c.ifCondition})`);
  if (c.nowait) out.push("nowait");
  void lang;
  return out;
}

/**
 * Breaks a directive into lines no longer than `width`: whole words where
 * possible, inside a long clause at a comma or a blank otherwise. Returns the
 * pieces to put after the sentinel of each line.
 */
export function wrapWords(words: string[], width: number): string[] {
  const lines: string[] = [];
  let cur = "";
  const push = (w: string) => {
    if (cur === "") cur = w;
    else if (cur.length + 1 + w.length <= width) cur += " " + w;
    else {
      lines.push(cur);
      cur = w;
    }
  };
  for (const w of words) {
    if (w.length <= width) {
      push(w);
      continue;
    }
    // A clause longer than a line: split after its commas, else between its tokens (a long if()
    // condition; gfortran rejects a fixed-form directive line past column 72), else anywhere (fixed
    // form joins its continuation lines column by column).
    let rest = w;
    while (rest.length > width) {
      let cut = rest.lastIndexOf(",", width - 1);
      let keep = 1;
      if (cut <= 0) {
        cut = rest.lastIndexOf(" ", width);
        keep = 0;
      }
      if (cut <= 0) {
        cut = width;
        keep = 0;
      }
      push(rest.slice(0, cut + keep).trimEnd());
      rest = rest.slice(cut + keep).trimStart();
    }
    push(rest);
  }
  if (cur) lines.push(cur);
  return lines;
}
