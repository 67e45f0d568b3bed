import type { Procedure } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { buildCfg } from "../cfg/build-cfg.js";
import type { Cfg } from "../cfg/cfg.js";
import { allIterationFacts } from "./all-iterations.js";
import { anticipatedRanges } from "./anticipated.js";
import { solveForward, transferBlock, type ForwardResult, type Injection } from "./forward-ranges.js";
import { RangeContext, type RangeOptions } from "./range-context.js";
import type { RangeState } from "./range-state.js";
import { snapshot } from "./snapshot.js";
import { UNKNOWN, type RangeSource, type VarRange } from "./var-range.js";

/**
 * Value ranges of the integer variables of one procedure (seed 003, issue
 * 7), at statements and at loops:
 *
 * 1. forward propagation (seed 003 §4) of the classic sources (constants,
 *    PARAMETERs, assignments, loop bounds, branch conditions) and, under
 *    the bounds assumption, of the facts each array reference gives once it
 *    has executed (§3, first form);
 * 2. under the bounds assumption, the facts of references executed in every
 *    iteration of a loop that surely runs to its end (§3's second form,
 *    all-iterations.ts) and the facts moved back from references to the
 *    definitions before them (§4, anticipated.ts), both computed from the
 *    ranges of step 1;
 * 3. forward propagation again with those facts added.
 *
 * Every range is a superset of the values the variable takes at that
 * point in an execution that keeps its subscripts within bounds (and
 * commits no other run-time error); without the bounds assumption, in any
 * execution.
 */
export class ProcedureRanges {
  /** States before statements and at loop starts, replayed from the block states when first asked. */
  private readonly beforeStmt = new Map<Stmt, RangeState | undefined>();
  private readonly loopEntry = new Map<Loop, RangeState | undefined>();
  private blocksOfStmt: Map<Stmt, number[]> | undefined;

  constructor(
    readonly ctx: RangeContext,
    private readonly fr: ForwardResult,
    private readonly inj: Injection,
  ) {
    if (ctx.exhaustive) this.recordAll();
  }

  get proc(): Procedure {
    return this.ctx.cfg.proc;
  }

  /** The range of `sym` just before `stmt` starts (a loop: before its bounds are read). */
  before(stmt: Stmt, sym: Sym): VarRange {
    return this.read(this.stateBefore(stmt), sym);
  }

  /** The range of `sym` when `loop` starts, after its index took the lower bound. */
  atLoopEntry(loop: Loop, sym: Sym): VarRange {
    return this.read(this.stateAtEntry(loop), sym);
  }

  /** Whether some execution that stays in bounds may reach the statement (unknown statements count as reached). */
  mayReach(stmt: Stmt): boolean {
    // As when every statement was recorded up front: recorded, or never recorded.
    return this.stateBefore(stmt) !== undefined || this.beforeStmt.get(stmt) === undefined;
  }

  source(id: number): RangeSource {
    return this.ctx.sources.get(id);
  }

  private read(st: RangeState | undefined, sym: Sym): VarRange {
    if (!st) return UNKNOWN;
    const v = this.ctx.varOf(sym);
    return v === undefined ? UNKNOWN : st.get(v);
  }

  /**
   * The state before the first reference of `stmt` (not a loop's step) in
   * the first block, in block order, whose replay from its entry state
   * gets there. Only nest starts are asked for (nest-ranges.ts), so the
   * blocks are replayed on demand, not all of them.
   */
  private stateBefore(stmt: Stmt): RangeState | undefined {
    if (this.beforeStmt.has(stmt)) return this.beforeStmt.get(stmt);
    let found: RangeState | undefined;
    for (const b of this.blocksOf(stmt)) {
      const s = this.fr.entry[b];
      if (!s) continue;
      transferBlock(this.ctx, b, s, new Map(this.fr.bounds), this.inj, (r, st) => {
        if (!found && r.stmt === stmt && r.origin !== "loop-step") found = st.clone();
      });
      if (found) break;
    }
    this.beforeStmt.set(stmt, found);
    return found;
  }

  /** The state at the end of the loop's preheader block. */
  private stateAtEntry(loop: Loop): RangeState | undefined {
    if (this.loopEntry.has(loop)) return this.loopEntry.get(loop);
    const cl = this.ctx.cfg.loops.find((l) => l.loop === loop);
    const s = cl ? this.fr.entry[cl.preheader] : null;
    const out = cl && s ? (transferBlock(this.ctx, cl.preheader, s, new Map(this.fr.bounds), this.inj) ?? undefined) : undefined;
    this.loopEntry.set(loop, out);
    return out;
  }

  private blocksOf(stmt: Stmt): number[] {
    if (!this.blocksOfStmt) {
      const m = new Map<Stmt, number[]>();
      this.ctx.cfg.blocks.forEach((blk, b) => {
        for (const id of blk.refs) {
          const r = this.ctx.ref(id);
          if (!r.stmt || r.origin === "loop-step") continue;
          const list = m.get(r.stmt);
          if (!list) m.set(r.stmt, [b]);
          else if (list[list.length - 1] !== b) list.push(b);
        }
      });
      this.blocksOfStmt = m;
    }
    return this.blocksOfStmt.get(stmt) ?? [];
  }

  /** Every block replayed once, every statement and loop start recorded (the straightforward way, for tests). */
  private recordAll(): void {
    const cfg = this.ctx.cfg;
    const preheaders = new Map<number, Loop[]>();
    for (const cl of cfg.loops) preheaders.set(cl.preheader, [...(preheaders.get(cl.preheader) ?? []), cl.loop]);
    for (let b = 0; b < cfg.blocks.length; b++) {
      const s = this.fr.entry[b];
      if (!s) continue;
      const out = transferBlock(this.ctx, b, s, new Map(this.fr.bounds), this.inj, (r, st) => {
        if (!r.stmt || r.origin === "loop-step" || this.beforeStmt.has(r.stmt)) return;
        this.beforeStmt.set(r.stmt, st.clone());
      });
      for (const l of preheaders.get(b) ?? []) if (out && !this.loopEntry.has(l)) this.loopEntry.set(l, out);
    }
    for (const cl of cfg.loops) if (!this.loopEntry.has(cl.loop)) this.loopEntry.set(cl.loop, undefined);
    for (const ids of cfg.blocks) for (const id of ids.refs) {
      const st = this.ctx.ref(id).stmt;
      if (st && !this.beforeStmt.has(st)) this.beforeStmt.set(st, undefined);
    }
  }
}

export function analyzeRanges(cfgOrProc: Cfg | Procedure, options: RangeOptions = {}): ProcedureRanges {
  const cfg = "blocks" in cfgOrProc ? cfgOrProc : buildCfg(cfgOrProc);
  const ctx = new RangeContext(cfg, options);
  let inj: Injection = {};
  let result = solveForward(ctx);
  if (ctx.boundsAssumption) {
    const snap = snapshot(ctx, result);
    const loops = allIterationFacts(ctx, result, snap);
    const g = anticipatedRanges(ctx, result, snap, loops);
    inj = { bodyEntry: loops.bodyEntry, loopExit: loops.loopExit, atEntry: g.atEntry, afterRef: g.afterRef };
    result = solveForward(ctx, inj);
  }
  return new ProcedureRanges(ctx, result, inj);
}
