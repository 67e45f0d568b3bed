import type { Procedure } from "../ir/program.js";
import type { Sym } from "../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";

/** The variables whose address some statement of these procedures takes (C's `&x`): a pointer may reach them. */
export function takenAddresses(procs: Iterable<Procedure>): Set<Sym> {
  const out = new Set<Sym>();
  for (const p of procs)
    walkStmts(p.body, (s) => {
      for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "addr" && x.operand.kind === "var" && out.add(x.operand.sym)));
    });
  return out;
}

const byBody = new WeakMap<readonly unknown[], Set<Sym>>();

/** takenAddresses of one procedure, once per body. */
export function takenIn(proc: Procedure): ReadonlySet<Sym> {
  let out = byBody.get(proc.body);
  if (!out) byBody.set(proc.body, (out = takenAddresses([proc])));
  return out;
}
