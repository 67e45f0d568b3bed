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
  constructor(
    readonly ctx: RangeContext,
    private readonly beforeStmt: Map<Stmt, RangeState>,
    private readonly loopEntry: Map<Loop, RangeState>,
    private readonly reached: Set<Stmt>,
  ) {}

  get proc(): Procedure {
    return this.ctx.cfg.proc;
  }

  /** The range of `sym` just before `stmt` starts (a loop: before its bounds are read). */
  before(stmt: Stmt, sym: Sym): VarRange {
    return this.read(this.beforeStmt.get(stmt), sym);
  }

  /** The range of `sym` when `loop` starts, after its index took the lower bound. */
  atLoopEntry(loop: Loop, sym: Sym): VarRange {
    return this.read(this.loopEntry.get(loop), sym);
  }

  /** Whether some execution that stays in bounds may reach the statement (unknown statements count as reached). */
  mayReach(stmt: Stmt): boolean {
    return this.reached.has(stmt) || !this.beforeStmt.has(stmt);
  }

  source(id: number): RangeSource {
    return this.ctx.sources.get(id);
  }

  private read(st: RangeState | undefined, sym: Sym): VarRange {
    if (!st) return UNKNOWN;
    const v = this.ctx.varOf(sym);
    return v === undefined ? UNKNOWN : st.get(v);
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
  return record(ctx, result, inj);
}

/** Replays every reached block once to keep the state before each statement and at each loop's start. */
function record(ctx: RangeContext, fr: ForwardResult, inj: Injection): ProcedureRanges {
  const cfg = ctx.cfg;
  const before = new Map<Stmt, RangeState>();
  const reached = new Set<Stmt>();
  const loopEntry = new Map<Loop, RangeState>();
  const preheaders = new Map<number, Loop[]>();
  for (const cl of cfg.loops) preheaders.set(cl.preheader, [...(preheaders.get(cl.preheader) ?? []), cl.loop]);
  for (let b = 0; b < cfg.blocks.length; b++) {
    const s = fr.entry[b];
    if (!s) continue;
    const out = transferBlock(ctx, b, s, new Map(fr.bounds), inj, (r, st) => {
      if (!r.stmt || r.origin === "loop-step" || before.has(r.stmt)) return;
      before.set(r.stmt, st.clone());
      reached.add(r.stmt);
    });
    for (const l of preheaders.get(b) ?? []) if (out) loopEntry.set(l, out);
  }
  return new ProcedureRanges(ctx, before, loopEntry, reached);
}
