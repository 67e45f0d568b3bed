import type { Program } from "../ir/program.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import type { CauseContext } from "./cause-groups.js";

/**
 * What the causes' fixes need to know of the names called in a run: the
 * procedures its files define, and the library routines they call (C
 * library functions, Fortran intrinsic subroutines: the front ends mark
 * those calls `intrinsic`), which the language provides and no file of the
 * user's can. "Give doall the file that defines X" is the fix for a call
 * to neither.
 */
export function namesContext(programs: Iterable<Program>): CauseContext {
  const procedures = new Set<string>();
  const library = new Set<string>();
  for (const p of programs)
    for (const proc of p.procedures) {
      procedures.add(proc.name.toLowerCase());
      walkStmts(proc.body, (s) => {
        if (s.kind === "call" && s.intrinsic) library.add(s.name.toLowerCase());
        for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && x.intrinsic && library.add(x.name.toLowerCase())));
      });
    }
  return {
    defines: (n) => procedures.has(n.toLowerCase()) || library.has(n.toLowerCase()),
    library: (n) => library.has(n.toLowerCase()) && !procedures.has(n.toLowerCase()),
  };
}
