import type { Cfg } from "../analysis/cfg/cfg.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { VarId } from "../analysis/refs/vars.js";
import type { Expr } from "../ir/expr.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { stmtExprs, walkStmts } from "../ir/walk.js";
import { mentions } from "../analysis/regions/box.js";
import { implicitRef } from "./loop-refs.js";

/**
 * A logical flag that iterations only raise (NPB UA's find_refine:
 * `if (.not. if_refine) if_refine = .true.`): every assignment to it in
 * the loop stores the same constant, and it is read only by an IF whose
 * one statement is such an assignment, to skip storing the value it
 * already holds. The flag ends as its value before the loop .or. "some
 * iteration stored .true." (.and. for .false.), whatever the order: an
 * OpenMP .or. (.and.) reduction. A read of it anywhere else could see
 * another iteration's store: not taken.
 */
export function flagReduction(cfg: Cfg, info: LoopRegionInfo, v: VarId, loop: Loop): "or" | "and" | null {
  const vr = cfg.vars.vars[v]!;
  if (vr.syms.length !== 1 || cfg.proc.language !== "fortran") return null;
  const sym = vr.syms[0]!;
  if (sym.type.base !== "logical" || sym.dims.length > 0 || implicitRef(cfg, info, v)) return null;
  const isS = (e: Expr) => e.kind === "var" && e.sym === sym;
  /** `s = c` for a logical constant c: c, else null. */
  const store = (s: Stmt): boolean | null => (s.kind === "assign" && isS(s.lhs) && s.rhs.kind === "logical" ? s.rhs.value : null);
  let value: boolean | null = null;
  let ok = true;
  const handled = new Set<Stmt>();
  const raise = (c: boolean) => {
    if (value !== null && value !== c) ok = false;
    value = c;
  };
  walkStmts(loop.body, (s) => {
    if (!ok || handled.has(s) || !stmtExprs(s).some((e) => mentions(e, sym))) return;
    const c = store(s);
    if (c !== null) return raise(c);
    if (s.kind === "if" && s.else.length === 0) {
      const then = s.then.filter((x) => x.kind !== "nop");
      const c2 = then.length === 1 ? store(then[0]!) : null;
      // `if (.not. s) s = .true.` or `if (s) s = .false.`: skips a store of what s already holds.
      const skips = c2 === true ? s.cond.kind === "unary" && s.cond.op === "not" && isS(s.cond.operand) : c2 === false && isS(s.cond);
      if (c2 !== null && skips) {
        handled.add(then[0]!);
        return raise(c2);
      }
    }
    ok = false;
  });
  return ok && value !== null ? (value ? "or" : "and") : null;
}
