import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import { stmtExprs, walkExpr } from "../../ir/walk.js";
import type { RangeContext } from "./range-context.js";

/**
 * Where a fact from a later reference cannot be relied on, because the
 * execution may never get to that reference:
 *
 * - `endless`: blocks on a cycle that is not a clean counted loop (a
 *   WHILE loop, a backward GOTO): it may run forever;
 * - `calls`: references made by a statement that calls a procedure (it
 *   may STOP, or run forever) or that doall cannot model; a fact does not
 *   move back over them;
 * - `callBlocks`: every block with such a statement; when one of those
 *   statements makes no reference (a call with no visible effect), the
 *   whole block is a barrier (`opaqueBlocks`).
 *
 * A clean DO loop ends after the trip count fixed when it starts, so its
 * back edge alone does not make a cycle endless. Moving a fact backward
 * across anything listed here would be unsound for programs that stop or
 * loop forever before the reference: the lead's note on issue 7, and the
 * property test's non-terminating runs, check exactly this.
 */
export interface Uncertain {
  endless: Set<number>;
  calls: Set<number>;
  callBlocks: Set<number>;
  opaqueBlocks: Set<number>;
}

export function uncertainty(ctx: RangeContext): Uncertain {
  const cfg = ctx.cfg;
  const endless = new Set<number>();
  const back = new Set<string>();
  for (const k of ctx.cleanLoops) {
    const cl = cfg.loops[k]!;
    for (const l of cl.latches) back.add(`${l}>${cl.header}`);
  }
  for (const comp of components(cfg.succs, (a, b) => back.has(`${a}>${b}`))) {
    if (comp.length > 1 || cfg.succs[comp[0]!]!.includes(comp[0]!)) for (const b of comp) endless.add(b);
  }
  const calls = new Set<number>();
  const callBlocks = new Set<number>();
  const opaqueBlocks = new Set<number>();
  for (const b of cfg.blocks) {
    const calling = new Set(b.stmts.filter(callsOrOpaque));
    for (const id of b.refs) {
      const r = ctx.ref(id);
      if (r.origin === "call" || r.origin === "opaque" || (r.stmt && calling.has(r.stmt)) || (r.stmt && r.stmt.kind === "loop" && callsOrOpaque(r.stmt))) {
        calls.add(id);
        callBlocks.add(b.id);
        if (r.stmt) calling.delete(r.stmt);
      }
    }
    if (calling.size) {
      callBlocks.add(b.id);
      opaqueBlocks.add(b.id);
    }
  }
  return { endless, calls, callBlocks, opaqueBlocks };
}

/** Whether a statement (not counting statements nested in it) may call a procedure or is opaque. */
export function callsOrOpaque(s: Stmt): boolean {
  if (s.kind === "opaque") return true;
  if (s.kind === "call" && !(s.intrinsic && s.pure)) return true;
  return stmtExprs(s).some(hasProcedureCall);
}

function hasProcedureCall(e: Expr): boolean {
  let hit = false;
  walkExpr(e, (x) => {
    if (x.kind === "call" && !x.intrinsic) hit = true;
  });
  return hit;
}

/** Strongly connected components (Tarjan, iterative), ignoring the edges `skip` names. */
function components(succs: readonly (readonly number[])[], skip: (a: number, b: number) => boolean): number[][] {
  const n = succs.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root]! >= 0) continue;
    const work: [number, number][] = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length) {
      const top = work[work.length - 1]!;
      const [v, i] = top;
      const next = succs[v]!;
      if (i < next.length) {
        top[1] = i + 1;
        const w = next[i]!;
        if (skip(v, w)) continue;
        if (index[w]! < 0) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          work.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length) {
        const p = work[work.length - 1]![0];
        low[p] = Math.min(low[p]!, low[v]!);
      }
      if (low[v] === index[v]) {
        const comp: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp.push(w);
        } while (w !== v);
        out.push(comp);
      }
    }
  }
  return out;
}
