import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { childExprs, stmtExprs, walkStmts } from "../../ir/walk.js";
import type { ProcedureSummary } from "./summary.js";

/**
 * The C pointer parameters a procedure may keep past a call: whose value it
 * stores, returns, takes the address of, does arithmetic on, or passes to
 * a callee that may keep it. The others it only dereferences (`*x`,
 * `x->f`, `x[i]`) or hands to callees that do the same. A caller that
 * passes `&v` to such a parameter gives away no pointer to v: once the
 * call returns, no pointer reaches v (refs/vars.ts), so writes through
 * pointers later leave it alone (NPB's `randlc(&x, a)` and `vranlc(n,
 * &x, a, y)` on locals). `summaryOf` gives a callee's (null: unknown, which
 * may keep anything).
 */
export function keptPointers(proc: Procedure, summaryOf: (name: string) => ProcedureSummary | undefined): Set<Sym> {
  const kept = new Set<Sym>();
  if (proc.language !== "c") return kept;
  const params = new Set(proc.params);
  const visit = (e: Expr, allowed: boolean): void => {
    switch (e.kind) {
      case "var":
        if (params.has(e.sym) && !allowed) kept.add(e.sym);
        return;
      case "deref":
        return visit(e.operand, true);
      case "member":
        return visit(e.base, !!e.arrow);
      case "call": {
        const s = e.intrinsic && e.pure ? undefined : summaryOf(e.name);
        e.args.forEach((a, k) => visit(a, s?.formals[k]?.keeps === false));
        return;
      }
      default:
        for (const c of childExprs(e)) visit(c, false);
    }
  };
  walkStmts(proc.body, (s) => {
    if (s.kind === "call") {
      const sum = s.pure || s.intrinsic ? undefined : summaryOf(s.name);
      s.args.forEach((a, k) => visit(a, sum?.formals[k]?.keeps === false));
      return;
    }
    for (const e of stmtExprs(s)) visit(e, false);
  });
  return kept;
}
