import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { UNKNOWN_TYPE, type Type } from "../../ir/types.js";
import { childBlocks, stmtExprs, walkExpr } from "../../ir/walk.js";
import { mayAlias } from "../../frontend/c/loop-effects.js";
import type { SummaryLookup } from "../summaries/summary.js";
import { takenIn } from "../taken-addresses.js";

/**
 * Scalars (and arrays, for their elements) no statement of the procedure
 * (or of `body`, a piece of it) changes, nor any call it makes: an
 * assignment target, a DO index, a READ item, an argument a callee may
 * write, COMMON storage a callee writes, what a C write through a pointer
 * may reach. Their values stay put in any continuation (in the piece).
 */
export function unchangedIn(proc: Procedure, summaries: SummaryLookup, body: readonly Stmt[] = proc.body): (s: Sym) => boolean {
  const changed = new Set<Sym>();
  let callsWriteCommon = new Set<string>();
  let unknownCall = false;
  // A write through a pointer (C) may change a global or a variable whose address is taken, of a type the
  // written lvalue's may alias (C11 6.5p7: through `dcomplex`, no int).
  const pointerWrites: Type[] = [];
  const target = (t: Expr) => {
    if (t.kind === "var" || t.kind === "elem" || t.kind === "section") changed.add(t.sym);
    else walkExpr(t, (x) => void ((x.kind === "var" || x.kind === "elem") && changed.add(x.sym)));
    if (t.kind === "deref" || (t.kind === "member" && t.arrow)) pointerWrites.push(t.type ?? UNKNOWN_TYPE);
    else if ((t.kind === "elem" || t.kind === "section") && (t.sym.attrs.pointer || t.sym.type.base === "pointer")) pointerWrites.push(t.sym.type.base === "pointer" ? (t.sym.type.pointee ?? UNKNOWN_TYPE) : t.sym.type);
  };
  const call = (name: string, args: readonly Expr[]) => {
    const s = summaries(name);
    if (!s || s.unknown) unknownCall = true;
    args.forEach((a, k) => {
      // C passes by value: a call changes only the array an argument names (its address), never a scalar
      // or an element given (NPB-C LU's ssor passes nx, ny to blts, and they bound jacld's regions of a..d).
      if (proc.language === "c" && !(a.kind === "var" && a.sym.dims.length > 0)) return;
      if ((a.kind === "var" || a.kind === "elem" || a.kind === "section") && (!s || s.formals[k]?.mod !== false)) changed.add(a.sym);
    });
    if (s) for (const [b, e] of s.commons) if (e.mod === "all" || e.mod.length > 0) callsWriteCommon = callsWriteCommon.add(b);
    if (s) for (const e of s.shared.values()) if (e.mod) changed.add(e.sym);
  };
  const walk = (list: readonly Stmt[]) => {
    for (const s of list) {
      if (s.kind === "assign") target(s.lhs);
      if (s.kind === "loop" && s.index) changed.add(s.index);
      if (s.kind === "io") s.defs.forEach(target);
      if (s.kind === "call" && !s.pure) call(s.name, s.args);
      for (const e of stmtExprs(s))
        walkExpr(e, (x) => {
          if (x.kind === "assign-expr") target(x.target);
          else if (x.kind === "call" && !x.pure && !x.intrinsic) call(x.name, x.args);
          else if (x.kind === "implied-do") changed.add(x.index);
        });
      childBlocks(s).forEach(walk);
    }
  };
  walk(body);
  const taken = pointerWrites.length > 0 && proc.language === "c" ? takenIn(proc) : null;
  return (s) => {
    if (changed.has(s) || s.equivalence !== undefined || s.attrs.pointer || s.type.base === "pointer") return false;
    if (taken && s.dims.length === 0 && (s.storage === "global" || taken.has(s)) && pointerWrites.some((t) => mayAlias(t, s.type))) return false;
    if (s.storage === "common") return !unknownCall && !callsWriteCommon.has(s.common ?? "");
    if (s.storage === "global" || s.storage === "module") return !unknownCall;
    return s.storage === "dummy" || s.storage === "local";
  };
}
