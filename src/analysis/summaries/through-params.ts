import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { pointerBasesOf } from "../dependence/pointer-bases.js";
import { walkExpr } from "../../ir/walk.js";

/**
 * Whether a C write (a MEMORY definition, `e` its target) goes through a
 * local pointer whose target doall does not follow: its address is taken
 * (`px = &x`, then `*px = ...` may point x anywhere) or it was set from
 * something that is no object or parameter (pointer-bases.ts gives it no
 * base), and no parameter is its base. Such a write may land in any
 * storage a caller can see, which neither the formals' effects nor the
 * globals' say: the summary cannot tell what the procedure writes.
 */
export function untracedWrites(proc: Procedure): (e: Expr | null) => boolean {
  if (proc.language !== "c") return () => false;
  const bases = pointerBasesOf(proc);
  const local = (s: Sym) => s.storage === "local" && (s.attrs.pointer === true || s.type.base === "pointer");
  return (e) => {
    if (!e) return false;
    if (e.kind === "elem" || e.kind === "var") return local(e.sym) && bases.base(e.sym) === null;
    if (e.kind === "deref" || e.kind === "addr") {
      const b = bases.exprBase(e.kind === "deref" ? e.operand : e);
      if (b) return false;
      let viaLocal = false;
      walkExpr(e, (x) => void ((x.kind === "var" || x.kind === "elem") && local(x.sym) && (viaLocal = true)));
      return viaLocal;
    }
    return false;
  };
}

/**
 * The C pointer parameter through which an access reaches memory, when the
 * access goes through a pointer whose base (pointer-bases.ts) is a
 * parameter the procedure never changes: `dtemp[m] = ...` in
 * `exact_solution(..., double dtemp[5])`, `u[k][j][i]` after `u =
 * (double (*)[n2][n1])ou`, a call handing such a pointer on. Inside the
 * procedure such a write may touch any variable a pointer can reach (the
 * caller may pass anything), so the references say so; but a caller knows
 * what it passes: the formal's MOD/USE, applied to its actual argument
 * (call-effects.ts: the named array, or everything a pointer value may
 * reach), already covers every such access. The summary's effects on
 * globals need not repeat them (summarize.ts).
 */
export function throughParams(proc: Procedure): (e: Expr | null) => Sym | null {
  if (proc.language !== "c") return () => null;
  const bases = pointerBasesOf(proc);
  const param = (b: Sym | null) => (b && b.storage === "dummy" && proc.params.includes(b) ? b : null);
  return (e) => {
    if (!e) return null;
    if (e.kind === "elem" || e.kind === "var") return e.sym.storage === "dummy" || e.sym.storage === "local" ? param(bases.base(e.sym)) : null;
    if (e.kind === "deref") return param(bases.exprBase(e.operand));
    return null;
  };
}
