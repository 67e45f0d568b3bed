import type { Expr } from "../../ir/expr.js";
import { evalCondition, evalInt } from "../../ir/const-eval.js";
import type { Procedure } from "../../ir/program.js";
import { procedureVariant } from "../../ir/procedure-variant.js";
import { copyIr } from "../../ir/copy-ir.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { childBlocks, walkExpr, walkStmts } from "../../ir/walk.js";
import type { RunConstants } from "../constants/run-constants.js";
import { formalWritten } from "../regions/formal-written.js";
import type { FactWorld } from "../regions/common-facts.js";
import type { RegionSummary } from "./summary.js";

/** The most iterations of one loop unrolled, and of all of a procedure's copies of statements. */
const MAX_TRIPS = 64;
const MAX_STATEMENTS = 20_000;

/** A procedure's array regions for what one of its calls passes. */
export type Specialize = (caller: Procedure, args: readonly Expr[]) => RegionSummary | undefined;

/**
 * Region summaries made for the constants a call passes (seed 004 §1.1
 * Case 4, per call site): a loop whose bounds are dummies the call gives
 * constants, and whose iterations carry scalars from one to the next,
 * is unrolled, so that every iteration's scalars are known where the
 * general summary has only a value that changes. NPB FT's Swarztrauber
 * runs `do l = 1, m, 2` halving li and doubling lj each time: for m = 8
 * and n = 256 the passes write scr(1:vlen, 1:256) before they read it, so
 * a call leaves nothing of scr for the next one (the general summary, with
 * li and lj of any pass, says every element may be read first). The copy
 * also folds the IFs its constants decide (`if (l .eq. m)`).
 *
 * Only when the procedure has such a loop (none: undefined, nothing to
 * gain), when every dummy its bounds name is given a constant by the call
 * (run-constants.ts) and is never stored into during the call, and when
 * the copy stays small (MAX_TRIPS iterations per loop, MAX_STATEMENTS in
 * all). `regionsOf` makes the summary of the copy, which has the same
 * symbols as the procedure (its bounds in the same dummies).
 */
export function specializer(proc: Procedure, regionsOf: (variant: Procedure) => RegionSummary, constants: RunConstants, world: FactWorld): Specialize | undefined {
  // An integer dummy the procedure (and what it calls) never stores into: its value on entry is its value.
  const steady = new Map<Sym, boolean>();
  const fixedDummy = (s: Sym): boolean => {
    let yes = steady.get(s);
    if (yes === undefined) {
      const k = proc.params.indexOf(s);
      steady.set(s, (yes = k >= 0 && s.dims.length === 0 && s.type.base === "integer" && !s.attrs.pointer && !formalWritten(proc, k, world, 3)));
    }
    return yes;
  };
  const loops = unrollable(proc, fixedDummy);
  if (loops.size === 0) return undefined;
  // The dummies the loops' bounds name; and every integer dummy never stored into, which the copy takes
  // as constants too when the call gives them (FT's n: n1 = n / 2 is then 128).
  const needed = new Set<Sym>();
  for (const l of loops) for (const e of [l.lower!, l.upper!, ...(l.step ? [l.step] : [])]) walkExpr(e, (x) => void (x.kind === "var" && proc.params.includes(x.sym) && needed.add(x.sym)));
  const valued = proc.params.filter(fixedDummy);
  const made = new Map<string, RegionSummary | undefined>();
  return (caller, args) => {
    const values = new Map<Sym, number>();
    for (const d of valued) {
      const v = constants.passes(caller, args, proc.params.indexOf(d));
      if (v !== undefined) values.set(d, v);
    }
    if (![...needed].some((d) => values.has(d))) return undefined;
    const key = [...values].map(([d, v]) => `${proc.params.indexOf(d)}=${v}`).join(",");
    if (made.has(key)) return made.get(key);
    const body = new Variant(values, loops).list(proc.body);
    const out = body ? regionsOf(procedureVariant(proc, body)) : undefined;
    made.set(key, out);
    return out;
  };
}

/**
 * Counted loops whose bounds are built from constants and dummies the
 * procedure never stores into, and whose body assigns a scalar other than
 * the index (a value carried to the next iteration), with no jump that
 * could leave an iteration early.
 */
function unrollable(proc: Procedure, fixedDummy: (s: Sym) => boolean): Set<Loop> {
  const out = new Set<Loop>();
  const fixed = (e: Expr) => {
    let ok = true;
    let names = false;
    walkExpr(e, (x) => {
      if (x.kind === "var") {
        if (fixedDummy(x.sym)) names = true;
        else if (x.sym.storage !== "parameter") ok = false;
      } else if (x.kind !== "int" && x.kind !== "binary" && x.kind !== "unary") ok = false;
    });
    return ok ? names : false;
  };
  walkStmts(proc.body, (s) => {
    if (s.kind !== "loop" || s.form !== "do" || !s.index || !s.lower || !s.upper) return;
    const ends = [s.lower, s.upper, ...(s.step ? [s.step] : [])];
    if (!ends.every((e) => fixed(e) || evalInt(e) !== undefined) || !ends.some(fixed)) return;
    let carries = false;
    let jumps = false;
    walkStmts(s.body, (t) => {
      if (t.kind === "assign" && t.lhs.kind === "var" && t.lhs.sym !== s.index && t.lhs.sym.dims.length === 0) carries = true;
      if (t.kind === "goto" || t.kind === "computed-goto" || t.kind === "arith-if" || t.kind === "return" || t.kind === "stop" || t.kind === "exit" || t.kind === "cycle") jumps = true;
      if (t.kind === "loop" && t.index === s.index) jumps = true;
    });
    if (carries && !jumps && !(s.label || s.terminalLabel)) out.add(s);
  });
  return out;
}

/** A copy of a body with the dummies' values in, the loops unrolled and the IFs decided. */
class Variant {
  private count = 0;

  constructor(
    private readonly values: ReadonlyMap<Sym, number>,
    private readonly loops: ReadonlySet<Loop>,
  ) {}

  /** Null when the copy would grow past MAX_STATEMENTS. */
  list(stmts: readonly Stmt[], at: ReadonlyMap<Sym, number> = this.values): Stmt[] | null {
    const out: Stmt[] = [];
    for (const s of stmts) {
      const got = this.stmt(s, at);
      if (!got) return null;
      out.push(...got);
    }
    return out;
  }

  private stmt(s: Stmt, at: ReadonlyMap<Sym, number>): Stmt[] | null {
    if (++this.count > MAX_STATEMENTS) return null;
    if (s.kind === "loop" && this.loops.has(s)) {
      const lower = evalInt(s.lower!, 0, (x) => at.get(x));
      const upper = evalInt(s.upper!, 0, (x) => at.get(x));
      const step = s.step ? evalInt(s.step, 0, (x) => at.get(x)) : 1;
      if (lower !== undefined && upper !== undefined && step !== undefined && step !== 0) {
        const trips = Math.max(0, Math.trunc((upper - lower + step) / step));
        if (trips <= MAX_TRIPS) {
          const out: Stmt[] = [];
          for (let t = 0; t <= trips; t++) {
            // Each iteration starts by setting the index (the last: its value after the loop, as DO leaves it).
            const v = lower + t * step;
            out.push({ kind: "assign", lhs: { kind: "var", sym: s.index!, span: s.span, type: s.index!.type }, rhs: { kind: "int", value: v, span: s.span, type: s.index!.type }, span: s.span } as Stmt);
            if (t === trips) break;
            const body = this.list(s.body, new Map(at).set(s.index!, v));
            if (!body) return null;
            out.push(...body);
          }
          return out;
        }
      }
    }
    if (s.kind === "if") {
      const c = evalCondition(s.cond, 0, (x) => at.get(x));
      if (c !== undefined) return this.list(c ? s.then : s.else, at);
    }
    const copy = copyWith(s, at);
    // The lists inside, copied the same way (an unrolled loop or a decided IF in them).
    const blocks = childBlocks(s);
    const copies = childBlocks(copy);
    for (let k = 0; k < blocks.length; k++) {
      const list = this.list(blocks[k]!, at);
      if (!list) return null;
      copies[k]!.splice(0, copies[k]!.length, ...list);
    }
    return [copy];
  }
}

/** A copy of a statement (its lists copied too, then replaced by Variant), reads of the valued scalars as literals. */
function copyWith(s: Stmt, at: ReadonlyMap<Sym, number>): Stmt {
  // Never a target: the valued scalars are dummies never stored into, and indices of unrolled loops,
  // which the copy stores only by the assignments it adds.
  return copyIr(s, (o) => (o.kind === "var" && at.has(o.sym as Sym) ? { kind: "int", value: at.get(o.sym as Sym)!, span: o.span, type: (o.sym as Sym).type } : undefined));
}
