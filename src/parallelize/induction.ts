import { evalInt } from "../ir/const-eval.js";
import type { Cfg } from "../analysis/cfg/cfg.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { VarId } from "../analysis/refs/vars.js";
import type { Expr } from "../ir/expr.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { narrowInteger } from "../ir/stored-as-is.js";
import { walkStmts } from "../ir/walk.js";
import { exprText } from "../ir/expr-text.js";
import { loopRefs } from "./loop-refs.js";

/**
 * A basic induction variable of seed 004 §2.1: an integer scalar whose only
 * definition in the loop is one `k = k + c` (or `k = c + k`, `k = k - c`;
 * C `k += c`, `k++`) standing directly in the loop's body, so that it runs
 * exactly once in every iteration, with c loop-invariant (a literal, a
 * named constant or a scalar the loop does not write). Then k at the start
 * of iteration t is k0 + t·c: the closed form the paper substitutes.
 * OpenMP's `linear(k:c)` clause gives each iteration exactly that value
 * and restores the final value k0 + n·c after the loop, so the source is
 * left as written. Returns the step as source text, or null.
 * A geometric form (k = c·k) has no such clause: it stays serial (and a
 * k only multiplied and never read otherwise is a product reduction).
 * Conservative: any jump in the body (GO TO, CYCLE, C continue) could skip
 * the update, so the loop is not accepted then.
 */
export function inductionStep(cfg: Cfg, info: LoopRegionInfo, v: VarId, loop: Loop): string | null {
  const vr = cfg.vars.vars[v]!;
  if (vr.syms.length !== 1 || vr.syms[0]!.type.base !== "integer") return null;
  const sym = vr.syms[0]!;
  // Narrower than int, it wraps (C's unsigned char, short; Fortran's integer(1), integer(2)): no linear clause
  // computes that (found by fuzzing: `unsigned char k; ... a[k] = i; k++` got linear(k:1)).
  if (narrowInteger(sym)) return null;
  let jumps = false;
  walkStmts(loop.body, (s) => {
    if (s.kind === "goto" || s.kind === "computed-goto" || s.kind === "arith-if" || s.kind === "cycle") jumps = true;
  });
  if (jumps) return null;
  const defs = new Set<Stmt>();
  for (const r of loopRefs(cfg, info, v)) {
    if (r.origin !== "explicit") return null;
    if (r.kind === "def") {
      if (!r.stmt) return null;
      defs.add(r.stmt);
    }
  }
  if (defs.size !== 1) return null;
  const s = [...defs][0]!;
  if (!loop.body.includes(s) || s.kind !== "assign") return null;
  const isV = (e: Expr) => e.kind === "var" && e.sym === sym;
  if (!isV(s.lhs) || s.rhs.kind !== "binary") return null;
  const { op, left, right } = s.rhs;
  let c: Expr | null = null;
  let negate = false;
  if (op === "+" && isV(left)) c = right;
  else if (op === "+" && isV(right)) c = left;
  else if (op === "-" && isV(left)) {
    c = right;
    negate = true;
  }
  if (!c || !invariant(c, cfg, info)) return null;
  // A named constant by its value: the name may mean something else where the clause stands (found by
  // fuzzing: `enum { STEP = 3 };` in the body, the file's STEP = 2 at the directive).
  const known = c.kind === "var" && c.sym.storage === "parameter" ? evalInt(c) : undefined;
  if (known !== undefined) return String(negate ? -known : known);
  const text = exprText(c, cfg.proc.language);
  if (!negate) return text;
  return c.kind === "int" ? String(-c.value) : `-(${text})`;
}

/** A literal, a named constant, or a scalar the loop only reads (seed 004 §2.1's loop-invariant increment). */
function invariant(e: Expr, cfg: Cfg, info: LoopRegionInfo): boolean {
  if (e.kind === "int") return true;
  if (e.kind === "unary" && (e.op === "-" || e.op === "+")) return invariant(e.operand, cfg, info);
  if (e.kind !== "var" || e.sym.dims.length > 0 || e.sym.type.base !== "integer") return false;
  if (e.sym.storage === "parameter") return true;
  const id = cfg.vars.lookup(e.sym);
  return id !== undefined && info.scalars.some((x) => x.var === id && x.class === "read-only");
}
