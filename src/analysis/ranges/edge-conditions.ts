import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import { walkExpr } from "../../ir/walk.js";
import type { BasicBlock, Cfg } from "../cfg/cfg.js";

/** A CFG edge that is taken only when `cond` has the value `truth`. */
export interface EdgeCondition {
  to: number;
  cond: Expr;
  truth: boolean;
}

/**
 * The conditions on the CFG's edges: the two sides of each IF, the test of
 * a WHILE loop at its header and of a C do-while at its latch. The CFG
 * does not label its edges, so they are recognized from the statements
 * each block starts (cfg/build-cfg.ts): an IF is the last statement of
 * its block, its THEN side is the successor from which its first THEN
 * statement is reached. Every recognition is checked against the blocks;
 * when a check fails the edges simply carry no condition, which loses
 * precision, never soundness (Conservative: an unrecognized branch
 * constrains nothing).
 *
 * Arithmetic IF, computed GOTO and SELECT CASE carry no conditions.
 */
export function edgeConditions(cfg: Cfg): Map<number, EdgeCondition[]> {
  const out = new Map<number, EdgeCondition[]>();
  const put = (from: number, e: EdgeCondition) => {
    let l = out.get(from);
    if (!l) out.set(from, (l = []));
    l.push(e);
  };
  for (const b of cfg.blocks) {
    const last = b.stmts[b.stmts.length - 1];
    if (!last || last.kind !== "if" || b.succs.length !== 2) continue;
    if ((last.then.length === 0 && last.else.length === 0) || !pure(last.cond)) continue;
    const [t, f] = b.succs as [number, number];
    // One nonempty side fixes the order of the two successors; an empty THEN side is an empty block before the join.
    if (last.then.length ? !startsWith(cfg, t, last.then) : !isEmptyHop(cfg.blocks[t]!)) continue;
    if (last.else.length && !startsWith(cfg, f, last.else)) continue;
    put(b.id, { to: t, cond: last.cond, truth: true });
    put(b.id, { to: f, cond: last.cond, truth: false });
  }
  for (const cl of cfg.loops) {
    const l = cl.loop;
    const inside = new Set(cl.blocks);
    if (!l.cond || !pure(l.cond)) continue;
    if (l.form === "while") {
      const h = cfg.blocks[cl.header]!;
      const body = h.succs.filter((s) => inside.has(s));
      const exit = h.succs.filter((s) => !inside.has(s));
      if (h.succs.length !== 2 || body.length !== 1 || exit.length !== 1) continue;
      put(h.id, { to: body[0]!, cond: l.cond, truth: true });
      put(h.id, { to: exit[0]!, cond: l.cond, truth: false });
    } else if (l.form === "do-until") {
      for (const x of cl.latches) {
        const b = cfg.blocks[x]!;
        if (b.role !== "latch" || b.succs.length !== 2 || !b.succs.includes(cl.header)) continue;
        const exit = b.succs.find((s) => s !== cl.header)!;
        if (inside.has(exit)) continue;
        put(b.id, { to: cl.header, cond: l.cond, truth: true });
        put(b.id, { to: exit, cond: l.cond, truth: false });
      }
    }
  }
  return out;
}

/**
 * Whether block `start` is where the nonempty list `stmts` begins: its
 * first statement starts there, or one empty block before it (a labeled
 * first statement gets a block of its own).
 */
function startsWith(cfg: Cfg, start: number, stmts: readonly Stmt[]): boolean {
  let b: BasicBlock = cfg.blocks[start]!;
  for (let hop = 0; hop < 2; hop++) {
    if (b.stmts[0] === stmts[0]) return true;
    if (!isEmptyHop(b)) return false;
    b = cfg.blocks[b.succs[0]!]!;
  }
  return false;
}

function isEmptyHop(b: BasicBlock): boolean {
  return b.stmts.length === 0 && b.refs.length === 0 && b.succs.length === 1 && b.preds.length === 1;
}

/**
 * A condition whose evaluation changes no variable: no call other than a
 * pure intrinsic, no C assignment. Otherwise the values it compared may not
 * be the values after it (Conservative: no condition).
 */
export function pure(e: Expr): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === "assign-expr" || (x.kind === "call" && !(x.intrinsic && x.pure))) ok = false;
  });
  return ok;
}
