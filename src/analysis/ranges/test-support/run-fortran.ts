import type { Expr } from "../../../ir/expr.js";
import type { Procedure } from "../../../ir/program.js";
import type { Loop, Stmt } from "../../../ir/stmt.js";
import type { Sym } from "../../../ir/symbol.js";

/**
 * An interpreter of the random subroutines' HIR (random-fortran.ts) that
 * records the value of every integer scalar before each statement and at
 * each DO loop's start, to check the range analysis against. It compiles
 * the statement tree to jumps, so a GOTO may land anywhere (into an IF
 * block too). Runs end as:
 *
 * - "done" / "stopped": normal end or STOP;
 * - "endless": a state (position, every value, every trip count) repeats,
 *   so the run would never end — its observations are real behaviour of
 *   a program that does not terminate, which facts about later
 *   references must not cover;
 * - "out-of-bounds": a subscript left its declared bounds (with
 *   `checkBounds`; otherwise the access reads 0 or is ignored);
 * - "error": division by zero or a value beyond 32 bits;
 * - "too-long": the step budget ran out without a repeated state
 *   (the run's future is unknown: discarded).
 *
 * Calls and READ give their targets a value that depends only on the run's
 * seed, the position and the old value, so a repeated state does prove an
 * endless run.
 */
export type Outcome = "done" | "stopped" | "endless" | "out-of-bounds" | "error" | "too-long";

export interface Observation {
  /** The statement about to run, or the loop that just set its index (`entry`). */
  stmt: Stmt;
  entry: boolean;
  values: Map<Sym, number>;
}

export interface Run {
  outcome: Outcome;
  observations: Observation[];
}

type Ins =
  | { op: "simple"; stmt: Stmt }
  | { op: "branch"; stmt: Stmt; cond: Expr; ifFalse: number }
  | { op: "jump"; to: number }
  | { op: "goto"; label: string }
  | { op: "do-init"; loop: Loop }
  | { op: "do-test"; loop: Loop; exit: number }
  | { op: "do-step"; loop: Loop; test: number }
  | { op: "while"; loop: Loop; exit: number };

class Halt {
  constructor(readonly outcome: Outcome) {}
}

export function runProcedure(proc: Procedure, init: (s: Sym) => number, opts: { checkBounds: boolean; seed: number; maxSteps?: number }): Run {
  const code: Ins[] = [];
  const labels = new Map<string, number>();
  /** `exits` and `cycles`: per open loop, the jumps to patch to its end and to its next iteration. */
  const compile = (list: readonly Stmt[], exits: Map<number, Ins[]>, cycles: Map<number, Ins[]>) => {
    for (const s of list) {
      if (s.label) labels.set(s.label, code.length);
      switch (s.kind) {
        case "if": {
          const br: Ins = { op: "branch", stmt: s, cond: s.cond, ifFalse: -1 };
          code.push(br);
          compile(s.then, exits, cycles);
          const skip: Ins = { op: "jump", to: -1 };
          code.push(skip);
          br.ifFalse = code.length;
          compile(s.else, exits, cycles);
          skip.to = code.length;
          break;
        }
        case "loop": {
          const toEnd: Ins[] = [];
          const toNext: Ins[] = [];
          const inner = new Map(exits).set(s.id, toEnd);
          const next = new Map(cycles).set(s.id, toNext);
          let nextPc: number;
          if (s.form === "do") {
            code.push({ op: "do-init", loop: s });
            const test: Ins = { op: "do-test", loop: s, exit: -1 };
            const at = code.length;
            code.push(test);
            compile(s.body, inner, next);
            nextPc = code.length;
            code.push({ op: "do-step", loop: s, test: at });
            test.exit = code.length;
          } else if (s.form === "while") {
            const w: Ins = { op: "while", loop: s, exit: -1 };
            nextPc = code.length;
            code.push(w);
            compile(s.body, inner, next);
            code.push({ op: "jump", to: nextPc });
            w.exit = code.length;
          } else throw new Error(`loop form ${s.form}`);
          for (const j of toEnd) (j as { to: number }).to = code.length;
          for (const j of toNext) (j as { to: number }).to = nextPc;
          break;
        }
        case "exit":
        case "cycle": {
          const j: Ins = { op: "jump", to: -1 };
          code.push(j);
          (s.kind === "exit" ? exits : cycles).get(s.loopId!)!.push(j);
          break;
        }
        case "goto":
          code.push({ op: "goto", label: s.target });
          break;
        default:
          code.push({ op: "simple", stmt: s });
      }
    }
  };
  compile(proc.body, new Map(), new Map());

  const scalars = [...proc.symbols.values()].filter((s) => s.dims.length === 0 && s.type.base === "integer" && s.storage !== "parameter" && s.storage !== "procedure");
  const vals = new Map<Sym, number>(scalars.map((s) => [s, init(s)]));
  const arrays = new Map<Sym, Map<string, number>>();
  const trips = new Map<number, number>();
  const obs: Observation[] = [];
  const seen = new Set<string>();
  let steps = 0;
  const maxSteps = opts.maxSteps ?? 4000;
  const havoc = (pc: number, old: number) => {
    let h = (opts.seed * 2654435761 + pc * 40503 + old * 97 + 7) >>> 0;
    h = ((h ^ (h >>> 13)) * 1274126177) >>> 0;
    return (h % 41) - 20;
  };
  const int = (v: number): number => {
    if (!Number.isSafeInteger(v) || v > 2 ** 31 - 1 || v < -(2 ** 31)) throw new Halt("error");
    return v;
  };
  const element = (e: Extract<Expr, { kind: "elem" }>): string | null => {
    const subs = e.subs.map(ev);
    const ok = e.sym.dims.every((d, k) => {
      const lo = ev(d.lower);
      const hi = ev(d.upper!);
      return subs[k]! >= lo && subs[k]! <= hi;
    });
    if (!ok) {
      if (opts.checkBounds) throw new Halt("out-of-bounds");
      return null;
    }
    return subs.join(",");
  };
  const ev = (e: Expr): number => {
    switch (e.kind) {
      case "int":
        return e.value;
      case "var":
        if (e.sym.storage === "parameter") return ev(e.sym.value!);
        return vals.get(e.sym)!;
      case "elem": {
        const k = element(e);
        return k === null ? 0 : (arrays.get(e.sym)?.get(k) ?? 0);
      }
      case "unary":
        if (e.op === "-") return int(-ev(e.operand));
        if (e.op === "+") return ev(e.operand);
        return ev(e.operand) ? 0 : 1;
      case "binary": {
        const a = ev(e.left);
        const b = ev(e.right);
        switch (e.op) {
          case "+":
            return int(a + b);
          case "-":
            return int(a - b);
          case "*":
            return int(a * b);
          case "/":
            if (b === 0) throw new Halt("error");
            return int(Math.trunc(a / b));
          case "<":
            return a < b ? 1 : 0;
          case "<=":
            return a <= b ? 1 : 0;
          case ">":
            return a > b ? 1 : 0;
          case ">=":
            return a >= b ? 1 : 0;
          case "==":
            return a === b ? 1 : 0;
          case "!=":
            return a !== b ? 1 : 0;
          case "and":
            return a && b ? 1 : 0;
          case "or":
            return a || b ? 1 : 0;
          default:
            throw new Error(`operator ${e.op}`);
        }
      }
      case "call": {
        const xs = e.args.map(ev);
        switch (e.name.toLowerCase()) {
          case "mod":
            if (xs[1] === 0) throw new Halt("error");
            return xs[0]! % xs[1]!;
          case "min":
            return Math.min(...xs);
          case "max":
            return Math.max(...xs);
          case "abs":
            return int(Math.abs(xs[0]!));
          default:
            throw new Error(`function ${e.name}`);
        }
      }
      default:
        throw new Error(`expression ${e.kind}`);
    }
  };
  const store = (t: Expr, v: number) => {
    if (t.kind === "var") vals.set(t.sym, v);
    else if (t.kind === "elem") {
      const k = element(t);
      if (k === null) return;
      let a = arrays.get(t.sym);
      if (!a) arrays.set(t.sym, (a = new Map()));
      a.set(k, v);
    } else throw new Error(`target ${t.kind}`);
  };
  const observe = (stmt: Stmt, entry = false) => obs.push({ stmt, entry, values: new Map(vals) });
  const commons = scalars.filter((s) => s.storage === "common");

  let pc = 0;
  try {
    while (pc < code.length) {
      if (++steps > maxSteps) throw new Halt("too-long");
      const ins = code[pc]!;
      if (ins.op === "jump" || ins.op === "goto" || ins.op === "do-step" || ins.op === "while") {
        const key = `${pc}|${[...vals.values()].join(",")}|${[...trips.values()].join(",")}|${[...arrays.values()].map((a) => [...a].join(";")).join("/")}`;
        if (seen.has(key)) throw new Halt("endless");
        seen.add(key);
      }
      switch (ins.op) {
        case "jump":
          pc = ins.to;
          continue;
        case "goto":
          pc = labels.get(ins.label)!;
          continue;
        case "branch":
          observe(ins.stmt);
          pc = ev(ins.cond) ? pc + 1 : ins.ifFalse;
          continue;
        case "do-init": {
          const l = ins.loop;
          observe(l);
          const lo = ev(l.lower!);
          const hi = ev(l.upper!);
          const st = l.step ? ev(l.step) : 1;
          trips.set(l.id, Math.max(0, Math.trunc((hi - lo + st) / st)));
          vals.set(l.index!, lo);
          observe(l, true);
          pc++;
          continue;
        }
        case "do-test":
          pc = trips.get(ins.loop.id)! > 0 ? pc + 1 : ins.exit;
          continue;
        case "do-step": {
          const l = ins.loop;
          vals.set(l.index!, int(vals.get(l.index!)! + (l.step ? ev(l.step) : 1)));
          trips.set(l.id, trips.get(l.id)! - 1);
          pc = ins.test;
          continue;
        }
        case "while":
          observe(ins.loop);
          pc = ev(ins.loop.cond!) ? pc + 1 : ins.exit;
          continue;
        case "simple": {
          const s = ins.stmt;
          observe(s);
          if (s.kind === "assign") {
            const v = ev(s.rhs);
            store(s.lhs, v);
          } else if (s.kind === "call") {
            for (const a of s.args) if (a.kind === "var") vals.set(a.sym, havoc(pc, vals.get(a.sym)!));
            for (const c of commons) vals.set(c, havoc(pc + 1000, vals.get(c)!));
          } else if (s.kind === "io") {
            for (const d of s.defs) if (d.kind === "var") vals.set(d.sym, havoc(pc, vals.get(d.sym)!));
          } else if (s.kind === "stop") throw new Halt("stopped");
          else if (s.kind !== "nop" && s.kind !== "return") throw new Error(`statement ${s.kind}`);
          if (s.kind === "return") pc = code.length;
          else pc++;
          continue;
        }
      }
    }
  } catch (x) {
    if (x instanceof Halt) return { outcome: x.outcome, observations: obs };
    throw x;
  }
  return { outcome: "done", observations: obs };
}
