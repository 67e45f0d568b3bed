import type { Procedure } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { CallRecord } from "../refs/call-effects.js";
import type { RefId, RefTable } from "../refs/ref.js";
import type { VarTable } from "../refs/vars.js";

/**
 * A basic block as seed 002 §2 defines it: "a range with no join of
 * control inside it and no branch in two or more directions", holding the
 * references its statements make in execution order.
 */
export interface BasicBlock {
  id: number;
  /** References in execution order. */
  refs: RefId[];
  /** Statements that start in this block (for display; a loop statement starts in the block holding its bounds). */
  stmts: Stmt[];
  succs: number[];
  preds: number[];
  /** Innermost loop (index into Cfg.loops) the block is in, or -1. */
  loop: number;
  role: BlockRole;
}

export type BlockRole =
  | "entry"
  | "exit" // the normal return of the procedure
  | "halt" // after STOP: the program ends, nothing is live
  | "header" // a loop's test (do/while) or first block (do-until, forever)
  | "latch" // the end of a loop iteration: the DO step, C update, do-until test
  | "body";

/**
 * A loop of the HIR in the CFG. Its blocks are the ones its statements
 * produced (jumps out of it leave them; Fortran forbids jumps into a DO
 * body). Back edges go from `latches` to `header`; crossing one starts the
 * next iteration, which is what "carried by the loop" means (seed 004 §1.2:
 * "a dependence through the loop's back edge").
 */
export interface CfgLoop {
  /** Position in Cfg.loops (loops are listed outer before inner, in source order). */
  index: number;
  loop: Loop;
  header: number;
  latches: number[];
  /** Every block of the loop, nested loops' included, sorted. */
  blocks: number[];
  /** Enclosing loop's index, or -1. */
  parent: number;
  /** 1 for an outermost loop. */
  depth: number;
  /** Blocks outside the loop that edges from inside reach (the normal exit first). */
  exits: number[];
  /** The block holding the loop's bounds and initialization, just before the header. */
  preheader: number;
}

export interface Cfg {
  proc: Procedure;
  blocks: BasicBlock[];
  entry: number;
  exit: number;
  halt: number;
  loops: CfgLoop[];
  /** HIR Loop.id to index in `loops`. */
  loopIndex: Map<number, number>;
  refs: RefTable;
  vars: VarTable;
  /** The calls of the procedure, with the summary each used (none: the worst was assumed). */
  calls: CallRecord[];
  /** Successor and predecessor lists (the same arrays as the blocks'), for graph algorithms. */
  succs: number[][];
  preds: number[][];
}

/** Whether block b is inside loop l (its innermost loop is l or nested in l). */
export function inLoop(cfg: Cfg, b: number, l: number): boolean {
  for (let x = cfg.blocks[b]!.loop; x >= 0; x = cfg.loops[x]!.parent) if (x === l) return true;
  return false;
}

/** The innermost loop containing both blocks, or -1. */
export function commonLoop(cfg: Cfg, a: number, b: number): number {
  let x = cfg.blocks[a]!.loop;
  let y = cfg.blocks[b]!.loop;
  while (x !== y) {
    if (x < 0 || y < 0) return -1;
    const dx = cfg.loops[x]!.depth;
    const dy = cfg.loops[y]!.depth;
    if (dx >= dy) x = cfg.loops[x]!.parent;
    else y = cfg.loops[y]!.parent;
  }
  return x;
}

/** The source line where a block starts (its first statement, else its first reference), for display. */
export function blockLine(cfg: Cfg, b: number): number | null {
  const bb = cfg.blocks[b]!;
  if (bb.stmts.length) return bb.stmts[0]!.span.line;
  if (bb.refs.length) return cfg.refs.refs[bb.refs[0]!]!.span.line;
  return null;
}

/** Whether loop `inner` is `outer` or nested in it. */
export function loopWithin(cfg: Cfg, inner: number, outer: number): boolean {
  for (let x = inner; x >= 0; x = cfg.loops[x]!.parent) if (x === outer) return true;
  return outer === -1;
}

/**
 * Whether the CFG has a cycle that is not a loop of the HIR: a backward
 * GOTO (`10 continue ... if (c) goto 10`). A dependence can then go from
 * a loop's execution to a later execution of the same loop without
 * crossing any HIR back edge, which the dependence builder must not miss.
 */
export function hasGotoCycle(cfg: Cfg): boolean {
  const n = cfg.blocks.length;
  const isBack = (a: number, b: number) => {
    const l = cfg.blocks[b]!.role === "header" ? cfg.loops.find((x) => x.header === b) : undefined;
    return !!l && l.latches.includes(a);
  };
  const state = new Uint8Array(n);
  for (let root = 0; root < n; root++) {
    if (state[root]) continue;
    const stack: [number, number][] = [[root, 0]];
    state[root] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const [v, i] = top;
      const out = cfg.succs[v]!;
      if (i < out.length) {
        top[1] = i + 1;
        const w = out[i]!;
        if (isBack(v, w)) continue;
        if (state[w] === 1) return true;
        if (state[w] === 0) {
          state[w] = 1;
          stack.push([w, 0]);
        }
      } else {
        state[v] = 2;
        stack.pop();
      }
    }
  }
  return false;
}

/**
 * The blocks from which every path ends at STOP (or C's exit()) after
 * finitely many steps: an error path that cannot return (least fixpoint
 * from the halt block, so a block on a cycle is never in it). What such a
 * path does before the program ends — the error message — cannot be
 * reordered against anything that follows, because nothing follows
 * (issue 14 item 7: "I/O that happens only on an error path ending in STOP").
 */
export function haltBound(cfg: Cfg): Uint8Array {
  const doomed = new Uint8Array(cfg.blocks.length);
  doomed[cfg.halt] = 1;
  const work = [cfg.halt];
  while (work.length) {
    const b = work.pop()!;
    for (const p of cfg.preds[b]!) {
      if (doomed[p] || p === cfg.exit) continue;
      if (cfg.succs[p]!.length > 0 && cfg.succs[p]!.every((s) => doomed[s])) {
        doomed[p] = 1;
        work.push(p);
      }
    }
  }
  return doomed;
}
