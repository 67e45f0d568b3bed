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
 * (nor a callee of it, nor a pointer) outside the THEN branches of that
 * condition's IFs, and at least one of the loop's reasons on a line of
 * their THEN branch. One group holds every such IF of the same condition.
 *
 * What those branches write does not count: with the condition false
 * when the loop starts, they do not run, and nothing else changes the
 * condition, so it stays false and they never run. EP's timer_start
 * calls wtime, which is out of sight and so may write every COMMON block,
 * timers_enabled's included: counted, it kept the condition from being
 * fixed, and the loop serial.
 */
export function invariantGuards(cfg: Cfg, info: LoopRegionInfo, loop: Loop, reasons: readonly Reason[]): GuardGroup[] {
  const fixed = (e: Expr, skip: ReadonlySet<Stmt>): boolean => {
    const { written, throughPointers } = loopWrites(cfg, info, skip);
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
  const hit = (s: IfStmt): boolean => {
    if (s.then.length === 0) return false;
    const [lo, hi] = lines(s.then);
    return reasons.some((r) => r.line !== undefined && r.line >= lo && r.line <= hi);
  };
  // The IFs a group may hold, by condition, and where the first of them that holds a reason is (walk order).
  const byCond: { group: GuardGroup; first: number }[] = [];
  let order = 0;
  walkStmts(loop.body, (s) => {
    order++;
    if (s.kind !== "if" || s.else.length > 0 || jumps(s.then)) return;
    let g = byCond.find((x) => exprEquals(x.group.cond, s.cond));
    if (!g) byCond.push((g = { group: { cond: s.cond, guards: [] }, first: Infinity }));
    g.group.guards.push(s);
    if (g.first === Infinity && hit(s)) g.first = order;
  });
  // A group for each condition one of whose IFs holds a reason, in the order of the first such IF.
  const groups = byCond.filter((g) => {
    if (g.first === Infinity) return false;
    const inside = new Set<Stmt>();
    walkStmts(g.group.guards.flatMap((x) => x.then), (s) => void inside.add(s));
    return fixed(g.group.cond, inside);
  });
  return groups.sort((a, b) => a.first - b.first).map((x) => x.group);
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
