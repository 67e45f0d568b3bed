import type { LoopFacts } from "./all-iterations.js";
import { referenceFacts } from "./bounds-facts.js";
import { conditionConstraints, type Constraints } from "./condition-ranges.js";
import type { ForwardResult } from "./forward-ranges.js";
import { IntSet } from "./int-set.js";
import type { RangeContext } from "./range-context.js";
import { envOf } from "./ref-transfer.js";
import type { Snapshot } from "./snapshot.js";
import { join, meet, mergeWhy, narrow, UNKNOWN, type VarRange } from "./var-range.js";

/** Ranges that hold because of references still to come, for the forward phase to add (forward-ranges.ts Injection). */
export interface Anticipated {
  atEntry(block: number): Iterable<[number, VarRange]> | undefined;
  afterRef(ref: number): Iterable<[number, VarRange]> | undefined;
}

const NOWHERE: VarRange = { set: IntSet.EMPTY, why: [] };
const MAX_UPDATES = 40;

type Event = { ref: number; def: true } | { ref: number; def: false; range: VarRange };

/**
 * Seed 003 §4's backward move, made precise. The paper attaches a fact
 * found at a reference to the reaching definition of V, "combined with
 * the difference of the execution conditions" (inside `if (V < 100)`,
 * 1 ≤ V ≤ 10 becomes `1 ≤ V ≤ 10 or V ≥ 100` at the definition), and then
 * lets it flow forward to every use of that definition. That is sound
 * only if every execution leaving the definition does reach the
 * reference (or takes a branch the condition names) with the same V: an
 * execution that stops, loops forever, or returns first never checks the
 * subscript, and the fact must not hold for it.
 *
 * This computes, for each variable V with facts and each point p, the set
 * G(p) of values V may have at p in an execution that keeps its
 * subscripts in bounds: backward over the CFG,
 *
 *     G before a reference with fact F = G after it ∩ F
 *     G before a definition of V       = all values
 *     G at the end of a block          = ∪ over successors s of (C_s ∩ G(s))
 *
 * where C_s is what the branch condition of the edge to s says about V
 * (all values if nothing): V reaches s only if it satisfies C_s. Least
 * fixed point, from "no value" — which is right only for cycles an
 * execution surely leaves: every block where it may not get to a later
 * reference (a WHILE loop or GOTO cycle, a call that may STOP, the exits
 * themselves, termination.ts) has G = all values. A clean DO loop's
 * first entry goes to its body when it surely runs, and its body has the
 * all-iterations facts (all-iterations.ts).
 *
 * Forward propagation then narrows V by G at block entries and after
 * each definition (the paper's "definition point"), which is where G can
 * say more than the facts already propagated.
 */
export function anticipatedRanges(ctx: RangeContext, fr: ForwardResult, snap: Snapshot, loops: LoopFacts): Anticipated {
  const cfg = ctx.cfg;
  const n = cfg.blocks.length;
  const events = new Map<number, Map<number, Event[]>>();
  const push = (v: number, b: number, e: Event) => {
    let m = events.get(v);
    if (!m) events.set(v, (m = new Map()));
    let l = m.get(b);
    if (!l) m.set(b, (l = []));
    l.push(e);
  };
  for (let b = 0; b < n; b++) {
    for (const id of cfg.blocks[b]!.refs) {
      const r = ctx.ref(id);
      const e = r.expr;
      const st = snap.before.get(id);
      if (st && r.origin === "explicit" && e?.kind === "elem" && r.sym === e.sym && ctx.sure.has(e)) {
        const facts = referenceFacts(e, envOf(ctx, st), ctx);
        if (facts && facts.size) {
          const src = ctx.boundsSource(r, e);
          for (const [sym, range] of facts) {
            const v = ctx.varOf(sym);
            if (v !== undefined) push(v, b, { ref: id, def: false, range: { set: range.set, why: mergeWhy(range.why, [src]) } });
          }
        }
      }
    }
  }
  for (const m of loops.bodyEntry.values()) for (const v of m.keys()) if (!events.has(v)) events.set(v, new Map());
  if (events.size === 0) return { atEntry: () => undefined, afterRef: () => undefined };
  const u = loops.uncertain;
  // A definition of V, or a call that may never return, ends what later references say about V.
  for (let b = 0; b < n; b++) {
    for (const id of cfg.blocks[b]!.refs) {
      const r = ctx.ref(id);
      if (r.kind === "def" && events.has(r.var)) push(r.var, b, { ref: id, def: true });
      else if (u.calls.has(id)) for (const v of events.keys()) push(v, b, { ref: id, def: true });
    }
  }
  for (const m of events.values()) for (const l of m.values()) l.sort((x, y) => cfg.blocks[ctx.ref(x.ref).block]!.refs.indexOf(x.ref) - cfg.blocks[ctx.ref(y.ref).block]!.refs.indexOf(y.ref));

  const barrier = (b: number) => u.endless.has(b) || u.opaqueBlocks.has(b) || b === cfg.exit || b === cfg.halt || !fr.entry[b];
  const preheaderOf = new Map<number, number>();
  for (const k of ctx.cleanLoops) {
    const cl = cfg.loops[k]!;
    if (cfg.blocks[cl.header]!.refs.length === 0) preheaderOf.set(cl.preheader, k);
  }
  const postorder = [...ctx.rpo].reverse();
  // What the conditions of the edges b → s say, for every variable at once (each variable's fixed point asks again).
  const edgeConstraints = new Map<number, (Constraints | null)[] | "unknown">();
  const constraintsOn = (b: number, s: number): (Constraints | null)[] | "unknown" => {
    const key = b * n + s;
    let c = edgeConstraints.get(key);
    if (c === undefined) {
      const list: (Constraints | null)[] = [];
      c = list;
      for (const e of ctx.edges.get(b) ?? []) {
        if (e.to !== s) continue;
        const st = snap.exit.get(b);
        if (!st) {
          c = "unknown";
          break;
        }
        const k = conditionConstraints(e.cond, e.truth, envOf(ctx, st));
        list.push(k);
        if (!k) break;
      }
      edgeConstraints.set(key, c);
    }
    return c;
  };
  const atEntry = new Map<number, [number, VarRange][]>();
  const afterDefs = new Map<number, [number, VarRange][]>();

  for (const [v, byBlock] of events) {
    const sym = ctx.symOfVar.get(v)!;
    const g: VarRange[] = new Array(n).fill(NOWHERE);
    for (let b = 0; b < n; b++) if (barrier(b)) g[b] = UNKNOWN;
    const condition = (b: number, s: number): VarRange => {
      const cs = constraintsOn(b, s);
      if (cs === "unknown") return UNKNOWN;
      let r = UNKNOWN;
      for (const c of cs) {
        if (!c) return NOWHERE;
        const x = c.get(sym);
        if (x) r = narrow(r, x.set, []);
      }
      return r;
    };
    const part = (c: Constraints | null | undefined): VarRange => (c === null ? NOWHERE : (c?.get(sym) ?? UNKNOWN));
    /** A clean loop's first entry: it runs (then all its iterations run, with their facts) or it does not. */
    const firstEntry = (k: number): VarRange => {
      const cl = cfg.loops[k]!;
      const body = cfg.succs[cl.header]!.find((x) => cl.blocks.includes(x));
      const exit = cfg.succs[cl.header]!.find((x) => !cl.blocks.includes(x));
      const runs = loops.runs.get(k);
      const facts = loops.bodyEntry.get(k)?.get(v) ?? UNKNOWN;
      const inBody = body === undefined ? NOWHERE : cut(cut(g[body]!, facts), part(runs ? runs.runs : undefined));
      const none = exit === undefined ? NOWHERE : cut(g[exit]!, part(runs ? runs.zero : undefined));
      return join(none, inBody);
    };
    const edge = (b: number, s: number): VarRange => {
      const k = preheaderOf.get(b);
      if (k !== undefined && cfg.loops[k]!.header === s) return firstEntry(k);
      const h = ctx.loopOfHeader.get(b);
      // A later iteration of a clean loop: its all-iterations facts hold in the body.
      if (h && ctx.cleanLoops.has(h.index) && h.blocks.includes(s)) return cut(g[s]!, loops.bodyEntry.get(h.index)?.get(v) ?? UNKNOWN);
      return cut(g[s]!, condition(b, s));
    };
    const through = (b: number, out: VarRange, record: boolean): VarRange => {
      const evs = byBlock.get(b);
      if (!evs) return out;
      let x = out;
      for (let i = evs.length - 1; i >= 0; i--) {
        const e = evs[i]!;
        if (e.def) {
          if (record) afterDefs.set(e.ref, [...(afterDefs.get(e.ref) ?? []), [v, x]]);
          x = UNKNOWN;
        } else x = cut(x, e.range);
      }
      return x;
    };
    const outOf = (b: number) => cfg.succs[b]!.reduce<VarRange>((acc, s) => join(acc, edge(b, s)), NOWHERE);
    const updates = new Int32Array(n);
    for (let changed = true; changed; ) {
      changed = false;
      for (const b of postorder) {
        if (barrier(b)) continue;
        let x = through(b, outOf(b), false);
        if (++updates[b]! > MAX_UPDATES) x = UNKNOWN; // Conservative: give up on a slow chain
        if (!x.set.equals(g[b]!.set)) {
          g[b] = x;
          changed = true;
        }
      }
    }
    for (let b = 0; b < n; b++) {
      if (barrier(b)) continue;
      through(b, outOf(b), true);
      if (!g[b]!.set.isAll()) atEntry.set(b, [...(atEntry.get(b) ?? []), [v, g[b]!]]);
    }
  }
  return {
    atEntry: (b) => atEntry.get(b),
    afterRef: (id) => afterDefs.get(id)?.filter(([, r]) => !r.set.isAll()),
  };
}

/** Both hold (the values of `a` that also satisfy `b`), keeping the reasons of each end. */
function cut(a: VarRange, b: VarRange): VarRange {
  const r = meet(a, b);
  return r.set.isEmpty() ? NOWHERE : r;
}
