import type { Expr } from "../ir/expr.js";
import type { Stmt } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";

/**
 * No jump and no call of a procedure (intrinsics and pure functions are
 * fine): a body the restructurings (fusion.ts, realign.ts) may move whole,
 * knowing that what it touches is in its own statements.
 */
export function plainBody(body: readonly Stmt[]): boolean {
  let ok = true;
  walkStmts(body, (s) => {
    if (s.kind === "goto" || s.kind === "computed-goto" || s.kind === "arith-if" || s.kind === "cycle" || s.kind === "exit" || s.kind === "return" || s.kind === "stop" || s.kind === "opaque") ok = false;
    if (s.kind === "call" && !s.pure) ok = false;
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !x.pure && !(x.intrinsic && x.pure !== false) && (ok = false)));
  });
  return ok;
}

/** The variables a body may write (assignment targets, C assignment expressions, I/O items read into). */
export function writes(body: readonly Stmt[]): Sym[] {
  const out: Sym[] = [];
  const target = (e: Expr) => void ((e.kind === "var" || e.kind === "elem" || e.kind === "section") && out.push(e.sym));
  walkStmts(body, (s) => {
    if (s.kind === "assign") target(s.lhs);
    if (s.kind === "io") s.defs.forEach(target);
    if (s.kind === "loop" && s.index) out.push(s.index);
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "assign-expr" && target(x.target)));
  });
  return out;
}

