import type { Expr } from "../../ir/expr.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import type { Cfg } from "../cfg/cfg.js";
import type { DepKind } from "../deps/dependence.js";
import type { Ref } from "../refs/ref.js";

/**
 * An interpreter of the random programs' HIR that records, for every
 * access, which earlier accesses it depends on: the definition a use reads
 * (flow), the definition a definition overwrites (output, minimal: the
 * previous one), the uses of the value a definition overwrites (anti), and
 * the earlier uses of the value a use reads (input). Each observation
 * carries the loop that carries it, from the iteration counters of the
 * loops executing at both ends: the outermost loop whose execution is the
 * same at both ends and whose iteration differs.
 *
 * It runs the HIR, not the CFG, so it checks the CFG builder as well as the
 * dataflow. Accesses are matched to the analysis' references through the
 * expression nodes they come from (loop index initializations and steps
 * through the loop's id).
 */
export interface Observation {
  kind: DepKind;
  source: number;
  sink: number;
  carrier: number | null;
}

interface Frame {
  loopId: number;
  inst: number;
  iter: number;
}

interface Access {
  ref: Ref;
  snap: Frame[];
}

interface Cell {
  def: Access | null;
  /** Uses of the current value, in order. */
  uses: Access[];
}

class Jump {
  constructor(readonly label: string) {}
}
class OutOfSteps {}
class Exit {
  constructor(readonly loopId: number) {}
}
class Cycle {
  constructor(readonly loopId: number) {}
}

export interface RunResult {
  observations: Observation[];
  /** Every flow observation with the snapshot of the use, for the definite checks. */
  flows: { def: Ref; use: Ref; carrier: number | null; useIters: Map<number, number> }[];
  finished: boolean;
}

/**
 * With `minimalInput` (seed 002's appendix), a use that reads the whole
 * variable blocks the uses before it: input and anti observations then
 * start from the uses not followed by such a use.
 */
export function interpret(cfg: Cfg, init: readonly number[], opts: { minimalInput?: boolean; maxSteps?: number } = {}): RunResult {
  const maxSteps = opts.maxSteps ?? 1500;
  const byExpr = new Map<Expr, Ref>();
  const loopRefs = new Map<string, Ref>();
  for (const r of cfg.refs.refs) {
    if (r.origin === "loop-init" || r.origin === "loop-step") loopRefs.set(`${r.origin}:${r.kind}:${r.loopId}`, r);
    else if (r.expr) byExpr.set(r.expr, r);
  }
  const values = new Map<Sym, number[]>();
  const cells = new Map<string, Cell>();
  const obs: Observation[] = [];
  const seen = new Set<string>();
  const observe = (o: Observation) => {
    const k = `${o.kind} ${o.source} ${o.sink} ${o.carrier}`;
    if (seen.has(k)) return;
    seen.add(k);
    obs.push(o);
  };
  const flows: RunResult["flows"] = [];
  const stack: Frame[] = [];
  let inst = 0;
  let steps = 0;
  const syms = [...cfg.proc.symbols.values()];
  syms.forEach((s, k) => values.set(s, s.dims.length ? [init[k % init.length]!, init[(k + 1) % init.length]!, init[(k + 2) % init.length]!] : [init[k % init.length]!]));

  const snap = () => stack.map((f) => ({ ...f }));
  const carrier = (a: Frame[], b: Frame[]): number | null => {
    for (let k = 0; k < Math.min(a.length, b.length); k++) {
      if (a[k]!.inst !== b[k]!.inst) return null;
      if (a[k]!.iter !== b[k]!.iter) return a[k]!.loopId;
    }
    return null;
  };
  const cell = (s: Sym, i: number) => {
    const k = `${s.id}:${i}`;
    let c = cells.get(k);
    if (!c) cells.set(k, (c = { def: null, uses: [] }));
    return c;
  };
  const use = (ref: Ref | undefined, s: Sym, i: number): number => {
    if (!ref) throw new Error(`no reference for a use of ${s.name}`);
    const c = cell(s, i);
    const me: Access = { ref, snap: snap() };
    if (c.def) {
      const cr = carrier(c.def.snap, me.snap);
      observe({ kind: "flow", source: c.def.ref.id, sink: ref.id, carrier: cr });
      flows.push({ def: c.def.ref, use: ref, carrier: cr, useIters: new Map(me.snap.map((f) => [f.loopId, f.iter])) });
    }
    for (const u of c.uses) observe({ kind: "input", source: u.ref.id, sink: ref.id, carrier: carrier(u.snap, me.snap) });
    if (opts.minimalInput && ref.exact) c.uses = [me];
    else {
      c.uses.push(me);
      // A value read in a long loop: keep the latest uses only (fewer observations, each still real).
      if (c.uses.length > 48) c.uses.shift();
    }
    return values.get(s)![i]!;
  };
  const def = (ref: Ref | undefined, s: Sym, i: number, v: number): void => {
    if (!ref) throw new Error(`no reference for a definition of ${s.name}`);
    const c = cell(s, i);
    const me: Access = { ref, snap: snap() };
    if (c.def) observe({ kind: "output", source: c.def.ref.id, sink: ref.id, carrier: carrier(c.def.snap, me.snap) });
    for (const u of c.uses) observe({ kind: "anti", source: u.ref.id, sink: ref.id, carrier: carrier(u.snap, me.snap) });
    c.def = me;
    c.uses = [];
    values.get(s)![i] = v | 0;
  };

  const evalExpr = (e: Expr): number => {
    switch (e.kind) {
      case "int":
        return e.value;
      case "var":
        return use(byExpr.get(e), e.sym, 0);
      case "elem": {
        const i = evalExpr(e.subs[0]!) - 1;
        return use(byExpr.get(e), e.sym, i);
      }
      case "binary": {
        const l = evalExpr(e.left);
        const r = evalExpr(e.right);
        switch (e.op) {
          case "+":
            return (l + r) | 0;
          case "-":
            return (l - r) | 0;
          case "*":
            return Math.imul(l, r);
          case "<":
            return l < r ? 1 : 0;
          case ">":
            return l > r ? 1 : 0;
          case "==":
            return l === r ? 1 : 0;
          case "!=":
            return l !== r ? 1 : 0;
          default:
            throw new Error(`operator ${e.op}`);
        }
      }
      default:
        throw new Error(`expression ${e.kind}`);
    }
  };

  const step = () => {
    if (++steps > maxSteps) throw new OutOfSteps();
  };

  const runList = (list: readonly Stmt[]): void => {
    let pc = 0;
    while (pc < list.length) {
      try {
        for (; pc < list.length; pc++) runStmt(list[pc]!);
      } catch (j) {
        if (!(j instanceof Jump)) throw j;
        const at = list.findIndex((s) => s.label === j.label);
        if (at < 0) throw j;
        pc = at;
      }
    }
  };

  const runLoop = (l: Loop): void => {
    const frame: Frame = { loopId: l.id, inst: inst++, iter: 0 };
    let trips = Infinity;
    if (l.form === "do") {
      const lo = evalExpr(l.lower!);
      const hi = evalExpr(l.upper!);
      trips = Math.max(0, hi - lo + 1);
      def(loopRefs.get(`loop-init:def:${l.id}`), l.index!, 0, lo);
    }
    stack.push(frame);
    try {
      while (true) {
        step();
        // The test belongs to the iteration it starts (the CFG's header is inside the loop):
        // the failing test is the start of an iteration that does not run its body.
        frame.iter++;
        if (l.form === "do" && frame.iter > trips) break;
        if (l.form === "while" && !evalExpr(l.cond!)) break;
        try {
          runList(l.body);
        } catch (x) {
          if (x instanceof Cycle && x.loopId === l.id) {
            /* next iteration */
          } else if (x instanceof Exit && x.loopId === l.id) break;
          else throw x;
        }
        if (l.form === "do") {
          const v = use(loopRefs.get(`loop-step:use:${l.id}`), l.index!, 0);
          def(loopRefs.get(`loop-step:def:${l.id}`), l.index!, 0, v + 1);
        }
      }
    } finally {
      stack.pop();
    }
  };

  const runStmt = (s: Stmt): void => {
    step();
    switch (s.kind) {
      case "assign": {
        const v = evalExpr(s.rhs);
        if (s.lhs.kind === "var") def(byExpr.get(s.lhs), s.lhs.sym, 0, v);
        else if (s.lhs.kind === "elem") {
          const i = evalExpr(s.lhs.subs[0]!) - 1;
          def(byExpr.get(s.lhs), s.lhs.sym, i, v);
        }
        return;
      }
      case "if":
        if (evalExpr(s.cond)) runList(s.then);
        else runList(s.else);
        return;
      case "loop":
        return runLoop(s);
      case "exit":
        throw new Exit(s.loopId!);
      case "cycle":
        throw new Cycle(s.loopId!);
      case "goto":
        throw new Jump(s.target);
      case "nop":
        return;
      default:
        throw new Error(`statement ${s.kind}`);
    }
  };

  let finished = true;
  try {
    runList(cfg.proc.body);
  } catch (x) {
    if (x instanceof OutOfSteps) finished = false;
    else throw x;
  }
  return { observations: obs, flows, finished };
}
