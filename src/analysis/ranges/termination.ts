import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import { stmtExprs, walkExpr } from "../../ir/walk.js";
import type { RangeContext } from "./range-context.js";

/**
 * Blocks where a fact from a later reference cannot be relied on, because
 * the execution may never get to that reference:
 *
 * - blocks on a cycle that is not a clean counted loop (a WHILE loop, a
 *   backward GOTO): it may run forever;
 * - blocks with a call to a procedure (it may STOP, or run forever) or a
 *   statement doall cannot model.
 *
 * A clean DO loop ends after the trip count fixed when it starts, so its
 * back edge alone does not make a cycle endless. Moving a fact backward
 * across anything listed here would be unsound for programs that stop or
 * loop forever before the reference: the lead's note on issue 7, and the
 * property test's non-terminating runs, check exactly this.
 */
export function uncertainBlocks(ctx: RangeContext): Set<number> {
  const cfg = ctx.cfg;
  const out = new Set<number>();
  const back = new Set<string>();
  for (const k of ctx.cleanLoops) {
    const cl = cfg.loops[k]!;
    for (const l of cl.latches) back.add(`${l}>${cl.header}`);
  }
  for (const comp of components(cfg.succs, (a, b) => back.has(`${a}>${b}`))) {
    if (comp.length > 1 || cfg.succs[comp[0]!]!.includes(comp[0]!)) for (const b of comp) out.add(b);
  }
  for (const b of cfg.blocks) {
    if (b.stmts.some(callsOrOpaque)) out.add(b.id);
    for (const id of b.refs) if (ctx.ref(id).origin === "call" || ctx.ref(id).origin === "opaque") out.add(b.id);
  }
  return out;
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
