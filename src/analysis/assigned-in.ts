import type { Expr } from "../ir/expr.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { SummaryLookup } from "./summaries/summary.js";
import type { Sym } from "../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";

/**
 * Variables a loop may assign, seen syntactically: assignment targets
 * (scalars, and arrays through an element or section), loop and implied-DO
 * indices, READ items, C ++/+=, addresses taken, arguments of calls (by
 * reference in Fortran). What callees write out of sight is not included:
 * the parallelizer's callers (trip-count caps, profitability guards) are
 * heuristics, never proofs; a summary's (array-regions.ts) follows only
 * local scalars whose address no one takes.
 */
export function assignedIn(loop: Loop): Set<Sym> {
  return assignedInStmts([loop]);
}

/**
 * The same for a list of statements (a procedure's body); with
 * `summaries`, an argument of a call only when the callee may write that
 * dummy (its summary says so, or it has none): `call gen(d1, x0, w)`
 * leaves d1 alone.
 */
export function assignedInStmts(stmts: readonly Stmt[], summaries?: SummaryLookup): Set<Sym> {
  const out = new Set<Sym>();
  const target = (e: Expr) => {
    if (e.kind === "var" || e.kind === "elem" || e.kind === "section") out.add(e.sym);
  };
  const args = (name: string, list: readonly Expr[]) => {
    const sum = summaries?.(name);
    list.forEach((a, k) => {
      if (!summaries || !sum || sum.unknown || sum.formals[k]?.mod !== false) target(a);
    });
  };
  walkStmts(stmts, (s) => {
    if (s.kind === "assign") target(s.lhs);
    if (s.kind === "loop" && s.index) out.add(s.index);
    if (s.kind === "io") s.defs.forEach(target);
    if (s.kind === "call") args(s.name, s.args);
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (x.kind === "assign-expr") target(x.target);
        if (x.kind === "addr") target(x.operand);
        if (x.kind === "call" && !x.intrinsic) args(x.name, x.args);
        if (x.kind === "implied-do") out.add(x.index);
      });
  });
  return out;
}
