import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { childExprs, stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
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
  // Local views: automatic pointers set only from a parameter (a copy or a cast of it: NPB-C FT's
  // `dcomplex (*x)[xd1] = (dcomplex (*)[xd1])ox;`), whose address is never taken. They end with the call;
  // what is done with them counts as done with the parameter (`from`).
  const from = localViews(proc, params);
  const visit = (e: Expr, allowed: boolean): void => {
    switch (e.kind) {
      case "var": {
        if (params.has(e.sym) && !allowed) kept.add(e.sym);
        const p = from.get(e.sym);
        if (p && !allowed) kept.add(p);
        return;
      }
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
    // Making a view stores the parameter nowhere that outlives the call.
    if (s.kind === "assign" && s.lhs.kind === "var" && from.has(s.lhs.sym) && viewOf(s.rhs, params) !== null) return;
    if (s.kind === "call") {
      const sum = s.pure || s.intrinsic ? undefined : summaryOf(s.name);
      s.args.forEach((a, k) => visit(a, sum?.formals[k]?.keeps === false));
      return;
    }
    for (const e of stmtExprs(s)) visit(e, false);
  });
  return kept;
}

/**
 * Automatic pointer locals whose every assignment is a copy or cast of one
 * and the same parameter, and whose address is never taken: each to its
 * parameter.
 */
function localViews(proc: Procedure, params: ReadonlySet<Sym>): Map<Sym, Sym> {
  const out = new Map<Sym, Sym>();
  const bad = new Set<Sym>();
  walkStmts(proc.body, (s) => {
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (x.kind === "addr" && x.operand.kind === "var") bad.add(x.operand.sym);
        if (x.kind === "assign-expr" && x.target.kind === "var") bad.add(x.target.sym);
      });
    if (s.kind !== "assign" || s.lhs.kind !== "var") return;
    const v = s.lhs.sym;
    if (v.storage !== "local" || v.attrs.save || !(v.attrs.pointer || v.type.base === "pointer")) return;
    const p = viewOf(s.rhs, params);
    if (p === null || (out.has(v) && out.get(v) !== p)) bad.add(v);
    else out.set(v, p);
  });
  for (const v of bad) out.delete(v);
  return out;
}

/** The parameter `e` is, through casts; null otherwise. */
function viewOf(e: Expr, params: ReadonlySet<Sym>): Sym | null {
  if (e.kind === "cast") return viewOf(e.operand, params);
  return e.kind === "var" && params.has(e.sym) ? e.sym : null;
}
