import type { Cfg } from "../analysis/cfg/cfg.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { Expr } from "../ir/expr.js";
import { exprEquals } from "../ir/expr-equals.js";
import type { Procedure } from "../ir/program.js";
import type { IfStmt, Loop, Stmt } from "../ir/stmt.js";
import { walkExpr, walkStmts } from "../ir/walk.js";
import { rewriteBlocks } from "../ir/rewrite-blocks.js";
import { loopWrites } from "./loop-refs.js";
import type { Reason } from "./reason.js";

/** IF statements of a loop that share one condition, fixed while the loop runs. */
export interface GuardGroup {
  cond: Expr;
  guards: IfStmt[];
}

/**
 * Loop unswitching into the `if()` clause: statements that run only
 * under a condition the loop never changes (NPB EP's
 * `if (timers_enabled) call timer_start(3)`) do not run at all when the
 * condition is false, and the loop is then the loop without them. When
 * that loop is parallel, the directive gets `if(.not. cond)`: with the
 * condition true the loop runs on one thread, in order, as written.
 * (Seed 004 §3 lists unswitching-like restructurings; the run-time test
 * is seed 000 §3's.)
 *
 * The groups returned are the conditions of IF statements in the loop
 * with no ELSE, no label or jump in their THEN branch, a condition built
 * from literals, named constants and variables the loop never writes
 * (nor a callee of it, nor a pointer), and at least one of the loop's
 * reasons on a line of their THEN branch. One group holds every such IF
 * of the same condition.
 */
export function invariantGuards(cfg: Cfg, info: LoopRegionInfo, loop: Loop, reasons: readonly Reason[]): GuardGroup[] {
  const { written, throughPointers } = loopWrites(cfg, info);
  const fixed = (e: Expr): boolean => {
    let ok = true;
    walkExpr(e, (x) => {
      switch (x.kind) {
        case "int":
        case "real":
        case "logical":
        case "binary":
        case "unary":
          return;
        case "var":
        case "elem": {
          if (x.sym.storage === "parameter") return;
          const v = cfg.vars.lookup(x.sym);
          if (v === undefined || written.has(v) || x.sym.attrs.pointer || x.sym.type.base === "pointer" || (throughPointers && cfg.vars.vars[v]!.pointerReachable)) ok = false;
          return;
        }
        default:
          ok = false;
      }
    });
    return ok;
  };
  const groups: GuardGroup[] = [];
  walkStmts(loop.body, (s) => {
    if (s.kind !== "if" || s.else.length > 0 || s.then.length === 0 || !fixed(s.cond) || jumps(s.then)) return;
    const [lo, hi] = lines(s.then);
    if (!reasons.some((r) => r.line !== undefined && r.line >= lo && r.line <= hi)) return;
    const g = groups.find((x) => exprEquals(x.cond, s.cond));
    if (g) g.guards.push(s);
    else groups.push({ cond: s.cond, guards: [s] });
  });
  // The other IFs of a group's condition go too, whatever their reasons: they run under it alike.
  for (const g of groups)
    walkStmts(loop.body, (s) => {
      if (s.kind === "if" && !g.guards.includes(s) && s.else.length === 0 && exprEquals(s.cond, g.cond) && !jumps(s.then)) g.guards.push(s);
    });
  return groups;
}

/** The first and last source lines of a list of statements. */
export function lines(list: readonly Stmt[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  walkStmts(list, (s) => {
    lo = Math.min(lo, s.span.line);
    hi = Math.max(hi, s.span.endLine);
  });
  return [lo, hi];
}

/** A label (a jump target) or a jump inside: removing the statements would change the rest of the control flow. */
function jumps(list: readonly Stmt[]): boolean {
  let yes = false;
  walkStmts(list, (s) => {
    if (s.label !== undefined || s.kind === "goto" || s.kind === "computed-goto" || s.kind === "arith-if" || s.kind === "exit" || s.kind === "cycle" || s.kind === "return") yes = true;
  });
  return yes;
}

/**
 * The procedure's body with the guards' THEN branches emptied, as the
 * loop runs when their condition is false: copies of the statements on the
 * way from the body to each guard (the loop's copy is returned), the rest
 * shared.
 */
export function withoutGuards(proc: Procedure, loop: Loop, guards: readonly IfStmt[]): { body: Stmt[]; loop: Loop } | null {
  // A statement copied because a list inside it changed is still the one it was copied from.
  const origin = new Map<Stmt, Stmt>();
  const of = (s: Stmt) => origin.get(s) ?? s;
  const guard = (s: Stmt) => s.kind === "if" && guards.includes(of(s) as IfStmt);
  let found = false;
  const body = rewriteBlocks(
    proc.body,
    (list) => {
      if (list.some((s) => of(s) === loop)) found = true;
      return list.some(guard) ? list.map((s) => (guard(s) ? { ...(s as IfStmt), then: [] } : s)) : list;
    },
    (from, to) => void origin.set(to, of(from)),
  );
  if (!found) return null;
  let copy: Loop = loop;
  for (const [to, from] of origin) if (from === loop) copy = to as Loop;
  return { body, loop: copy };
}
