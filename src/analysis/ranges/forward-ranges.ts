import { IntSet } from "./int-set.js";
import type { Ref } from "../refs/ref.js";
import { conditionConstraints } from "./condition-ranges.js";
import { bodyIndexRange, exitIndexRange, type LoopBounds } from "./loop-index.js";
import type { RangeContext } from "./range-context.js";
import { RangeState } from "./range-state.js";
import { envOf, transferRef } from "./ref-transfer.js";
import { mergeWhy, narrow, type VarRange } from "./var-range.js";

/** Facts added to the forward propagation by the later phases (all-iterations.ts, anticipated.ts). */
export interface Injection {
  /** Per clean loop (index in cfg.loops): ranges that hold on entering its body. */
  bodyEntry?: Map<number, Map<number, VarRange>>;
  /** Per clean loop: ranges that hold when it ends through its test. */
  loopExit?: Map<number, Map<number, VarRange>>;
  /** Ranges that hold on entering a block. */
  atEntry?: (block: number) => Iterable<[number, VarRange]> | undefined;
  /** Ranges that hold right after a reference (a definition). */
  afterRef?: (ref: number) => Iterable<[number, VarRange]> | undefined;
}

export interface ForwardResult {
  /** State at each block's entry; null for a block no execution reaches. */
  entry: (RangeState | null)[];
  /** Bounds of each counted loop (by index in cfg.loops) where it starts. */
  bounds: Map<number, LoopBounds>;
}

const WIDEN_AFTER = 2;
const NARROWING_ROUNDS = 2;

/**
 * The forward propagation of seed 003 §4: "range facts flow downstream
 * along the execution; at a branch they are combined with the condition
 * by 'and'; where control flow joins, by 'or'". Abstract interpretation
 * over the CFG in reverse postorder with widening at the targets of
 * retreating edges (loop headers, backward GOTOs) and a few narrowing
 * rounds after (Cousot & Cousot 1977). Every state is a superset of the
 * values the program can have there; the narrowing rounds recompute from
 * such states, so they stay supersets.
 */
export function solveForward(ctx: RangeContext, inj: Injection = {}): ForwardResult {
  const cfg = ctx.cfg;
  const n = cfg.blocks.length;
  const entry: (RangeState | null)[] = new Array(n).fill(null);
  const out: (RangeState | null)[] = new Array(n).fill(null);
  const visits = new Int32Array(n);
  const bounds = new Map<number, LoopBounds>();
  const inState = (b: number): RangeState | null => {
    if (b === cfg.entry) {
      const s = new RangeState();
      for (const [sym, value] of ctx.entryValues) {
        const v = ctx.varOf(sym);
        if (v !== undefined) s.set(v, { set: IntSet.point(value), why: [ctx.sources.add("calls", `${sym.name} = ${value}, at every call of ${cfg.proc.name}`, cfg.proc.span.line)] });
      }
      return inj.atEntry && !apply(s, inj.atEntry(b)) ? null : s;
    }
    let acc: RangeState | null = null;
    for (const p of cfg.preds[b]!) {
      const o = out[p];
      if (!o) continue;
      const e = edgeState(ctx, p, b, o, bounds, inj);
      if (e) acc = acc ? RangeState.join(acc, e) : e;
    }
    return acc;
  };
  // When each block's out state was last set, and when its entry was last computed (a step count):
  // a block whose last computation changed nothing, and whose inputs did not change since, would
  // compute the same state and change nothing again, so it is not computed (the result is the
  // round-robin's exactly). A loop header's edges also read the loop bounds, which a block with
  // the loop's start sets.
  let clock = 0;
  let boundsSetAt = 0;
  const ranAt = new Int32Array(n);
  const computedAt = new Int32Array(n).fill(-1);
  const stable = new Uint8Array(n);
  const raw = new Uint8Array(n);
  const run = (b: number, s: RangeState | null) => {
    entry[b] = s;
    out[b] = s ? transferBlock(ctx, b, s, bounds, inj) : null;
    ranAt[b] = ++clock;
    if (ctx.setsBounds.has(b)) boundsSetAt = clock;
  };
  const inputsChanged = (b: number): boolean => {
    for (const p of cfg.preds[b]!) {
      if (ranAt[p]! > computedAt[b]!) return true;
      if (boundsSetAt > computedAt[b]! && ctx.loopOfHeader.has(p)) return true;
    }
    return false;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const b of ctx.rpo) {
      if (stable[b] && !ctx.exhaustive && !inputsChanged(b)) continue;
      computedAt[b] = clock;
      let s = inState(b);
      const old = entry[b];
      const widened = !!(s && old && ctx.wideningPoints.has(b) && visits[b]! > WIDEN_AFTER);
      if (widened) s = RangeState.widen(old!, RangeState.join(old!, s!), ctx.thresholds);
      stable[b] = 0;
      if (visits[b]! > 0 && (s === old || (s && old && RangeState.equals(s, old)))) {
        stable[b] = 1;
        // Equal ranges may cite other sources (equals compares the sets): the entry kept is the old one.
        raw[b] = !widened && s === old ? 1 : 0;
        continue;
      }
      // The entry is what the inputs give, not widened: computing it again from the same inputs gives it again.
      raw[b] = widened ? 0 : 1;
      visits[b]!++;
      run(b, s);
      changed = true;
    }
  }
  // Narrowing: every block from its inputs, without widening; again, a block whose entry is what its
  // unchanged inputs give (and whose step, if it has one, read unchanged loop bounds) would be the same.
  for (let k = 0; k < NARROWING_ROUNDS; k++)
    for (const b of ctx.rpo) {
      if (raw[b] && !ctx.exhaustive && !inputsChanged(b) && !(ctx.readsBounds.has(b) && boundsSetAt > ranAt[b]!)) continue;
      computedAt[b] = clock;
      run(b, inState(b));
      raw[b] = 1;
    }
  return { entry, bounds };
}

/** Runs a block from its entry state; null when no correct execution gets through it. */
export function transferBlock(ctx: RangeContext, b: number, s: RangeState, bounds: Map<number, LoopBounds>, inj: Injection, visit?: (r: Ref, before: RangeState) => void): RangeState | null {
  const st = s.clone();
  for (const id of ctx.cfg.blocks[b]!.refs) {
    const r = ctx.ref(id);
    visit?.(r, st);
    if (!transferRef(ctx, r, st, bounds)) return null;
    if (r.kind === "def" && inj.afterRef && !apply(st, inj.afterRef(id))) return null;
  }
  return st;
}

/** The state along the edge from → to: its condition, a counted loop's index, injected facts. */
function edgeState(ctx: RangeContext, from: number, to: number, o: RangeState, bounds: Map<number, LoopBounds>, inj: Injection): RangeState | null {
  // Copied only when the edge narrows something (most edges are plain fall-throughs): the state is
  // then the predecessor's own, which nothing changes in place (transferBlock copies it first).
  let st = o;
  const own = (): RangeState => (st === o ? (st = o.clone()) : st);
  for (const e of ctx.edges.get(from) ?? []) {
    if (e.to !== to) continue;
    // Two rounds: a conjunction's second comparison may narrow a variable the first one uses.
    for (let round = 0; round < 2; round++) {
      const c = conditionConstraints(e.cond, e.truth, envOf(ctx, st));
      if (!c) return null;
      for (const [sym, r] of c) {
        const v = ctx.varOf(sym);
        if (v === undefined) continue;
        const id = ctx.conditionSource(e.cond, e.truth);
        const nr = narrow(st.get(v), r.set, mergeWhy(r.why, [id]));
        if (nr.set.isEmpty()) return null;
        own().set(v, nr);
      }
    }
  }
  const cl = ctx.loopOfHeader.get(from);
  if (cl && ctx.cleanLoops.has(cl.index)) {
    const b = bounds.get(cl.index);
    const iv = ctx.varOf(cl.loop.index!)!;
    const inside = cl.blocks.includes(to);
    if (b) {
      const r = inside ? bodyIndexRange(b) : exitIndexRange(b);
      if (r.set.isEmpty()) return null;
      own().set(iv, r);
    }
    const facts = (inside ? inj.bodyEntry : inj.loopExit)?.get(cl.index);
    if (facts && !apply(own(), facts.entries())) return null;
  }
  const atEntry = inj.atEntry?.(to);
  if (atEntry && !apply(own(), atEntry)) return null;
  return st;
}

/** Narrows each listed variable; false when one becomes empty. */
function apply(st: RangeState, facts: Iterable<[number, VarRange]> | undefined): boolean {
  if (!facts) return true;
  for (const [v, r] of facts) {
    const nr = narrow(st.get(v), r.set, r.why);
    if (nr.set.isEmpty()) return false;
    st.set(v, nr);
  }
  return true;
}
