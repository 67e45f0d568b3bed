import type { Expr } from "../../ir/expr.js";
import type { Language, Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import { childExprs, walkStmts } from "../../ir/walk.js";

/** Intrinsics that look at an array argument without reading an element of it. */
const INQUIRY = new Set(["size", "lbound", "ubound", "shape", "len", "len_trim", "present", "allocated", "associated", "kind", "loc", "sizeof", "storage_size", "c_loc"]);

/**
 * The array elements a statement surely evaluates whenever it executes:
 * the only ones whose subscripts seed 003 §2 may assume in bounds ("at the
 * time of the reference the subscript lies within the declared range").
 * Excluded: operands of .AND./.OR. (Fortran may evaluate either operand or
 * not; C skips the right one), branches of C's ?:, items of implied DOs
 * (which may run zero times), arguments of inquiry functions, and
 * elements whose subscripts contain a call or a C assignment (the values
 * the subscript read may not be the values after it).
 */
export function sureElements(proc: Procedure): Set<Expr> {
  const out = new Set<Expr>();
  const lang = proc.language;
  walkStmts(proc.body, (s) => {
    for (const e of evaluated(s)) visit(e, false, lang, out);
  });
  return out;
}

/** The expressions a statement evaluates on every execution (a loop's bounds, an IF's condition, ...). */
function evaluated(s: Stmt): Expr[] {
  switch (s.kind) {
    case "assign":
      return [s.rhs, s.lhs];
    case "loop":
      // A DO loop's bounds are read once before it; a WHILE test at least once (each test is a visit of its block).
      return [s.lower, s.upper, s.step, s.cond].filter((e): e is Expr => e !== null);
    case "if":
      return [s.cond];
    case "switch":
      return [s.selector];
    case "call":
      return s.args;
    case "io":
      return [...s.controls, ...s.uses];
    case "computed-goto":
      return [s.index];
    case "arith-if":
      return [s.expr];
    case "return":
      return s.value ? [s.value] : [];
    case "expr":
      return [s.expr];
    default:
      return [];
  }
}

function visit(e: Expr, conditional: boolean, lang: Language, out: Set<Expr>): void {
  switch (e.kind) {
    case "elem":
      if (!conditional && e.subs.every(sideEffectFree)) out.add(e);
      for (const s of e.subs) visit(s, conditional, lang, out);
      return;
    case "binary":
      if (e.op === "and" || e.op === "or") {
        visit(e.left, conditional || lang === "fortran", lang, out);
        visit(e.right, true, lang, out);
        return;
      }
      break;
    case "cond":
      visit(e.cond, conditional, lang, out);
      visit(e.then, true, lang, out);
      visit(e.else, true, lang, out);
      return;
    case "implied-do":
      visit(e.lower, conditional, lang, out);
      visit(e.upper, conditional, lang, out);
      if (e.step) visit(e.step, conditional, lang, out);
      for (const x of e.items) visit(x, true, lang, out);
      return;
    case "call":
      if (e.intrinsic && INQUIRY.has(e.name.toLowerCase())) return;
      break;
  }
  for (const c of childExprs(e)) visit(c, conditional, lang, out);
}

function sideEffectFree(e: Expr): boolean {
  if (e.kind === "assign-expr") return false;
  if (e.kind === "call" && !(e.intrinsic && e.pure)) return false;
  return childExprs(e).every(sideEffectFree);
}
