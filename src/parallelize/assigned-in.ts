import type { Expr } from "../ir/expr.js";
import type { Loop } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";

/**
 * Variables a loop may assign, seen syntactically: assignment targets
 * (scalars, and arrays through an element or section), loop indices, READ
 * items, C ++/+=, addresses taken, arguments of calls (by reference in
 * Fortran). What callees write out of sight is not included: the callers
 * (trip-count caps, profitability guards) are heuristics, never proofs.
 */
export function assignedIn(loop: Loop): Set<Sym> {
  const out = new Set<Sym>();
  const target = (e: Expr) => {
    if (e.kind === "var" || e.kind === "elem" || e.kind === "section") out.add(e.sym);
  };
  walkStmts([loop], (s) => {
    if (s.kind === "assign") target(s.lhs);
    if (s.kind === "loop" && s.index) out.add(s.index);
    if (s.kind === "io") s.defs.forEach(target);
    if (s.kind === "call") s.args.forEach(target);
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (x.kind === "assign-expr") target(x.target);
        if (x.kind === "addr") target(x.operand);
        if (x.kind === "call" && !x.intrinsic) x.args.forEach(target);
      });
  });
  return out;
}
