import type { Procedure } from "../ir/program.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";

/**
 * Names of procedures given as arguments (Fortran's dummy procedures, C's
 * function pointers: a name read as a value): such a procedure may be
 * called from where no call of its name shows, with anything.
 */
export function escapedNames(procs: Iterable<Procedure>): Set<string> {
  const out = new Set<string>();
  for (const p of procs)
    walkStmts(p.body, (s) => {
      for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "var" && x.sym.storage === "procedure" && out.add(x.sym.name)));
    });
  return out;
}
