import type { CallExpr, Expr } from "../../ir/expr.js";
import { evalCondition, evalInt } from "../../ir/const-eval.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";

/** How many statements one evaluation may execute, calls included, before it gives up. */
const STEPS = 100_000;
/** How deep calls of functions evaluated this way may nest. */
const DEPTH = 8;

/**
 * The value a call of one of the program's integer functions returns for
 * constant arguments, found by running its body: NPB FT's
 * `log = ilog2(n1)` with n1 = 256 is 8, and with that the Stockham passes
 * of Swarztrauber have constant trip counts (specialized-regions.ts).
 *
 * Only a function that computes from its arguments alone is run: every
 * statement is an assignment to one of its own integer scalars (or its
 * result), an IF, a counted or WHILE loop, EXIT, CYCLE or RETURN, and
 * every value read is an argument, a named constant, one of those
 * scalars or such a function's value (`resolve` finds the callee of a
 * call). Anything else (a COMMON variable, an array, I/O, a GO TO, a
 * store through an argument) and the answer is undefined: nothing is
 * guessed. So is a run longer than STEPS statements, or a value that is
 * not a safe integer (evalInt). The caller's own variables cannot change:
 * the function stores only into its own scalars.
 */
export function interpretFunction(fn: Procedure, args: readonly number[], resolve: (call: CallExpr) => Procedure | undefined, depth = 0): number | undefined {
  if (depth > DEPTH || fn.kind !== "function" || fn.unanalyzable || args.length !== fn.params.length) return undefined;
  const run = new Run(fn, resolve, depth);
  fn.params.forEach((p, k) => run.env.set(p, args[k]!));
  return run.call();
}

class Stop {
  constructor(readonly kind: "return" | "exit" | "cycle", readonly loopId: number | null = null) {}
}

class Run {
  readonly env = new Map<Sym, number>();
  private steps = 0;
  private returned: number | undefined;

  constructor(
    private readonly fn: Procedure,
    private readonly resolve: (call: CallExpr) => Procedure | undefined,
    private readonly depth: number,
  ) {}

  call(): number | undefined {
    try {
      const end = this.block(this.fn.body);
      if (end && end.kind !== "return") return undefined;
    } catch (e) {
      if (e === GIVE_UP) return undefined;
      throw e;
    }
    // Fortran: the result variable's value; C: the value of RETURN.
    return this.fn.language === "c" ? this.returned : this.fn.result ? this.env.get(this.fn.result) : undefined;
  }

  private value(e: Expr): number {
    const v = evalInt(
      e,
      0,
      (s) => this.env.get(s),
      (c) => this.callValue(c),
    );
    if (v === undefined) throw GIVE_UP;
    return v;
  }

  private condition(e: Expr): boolean {
    const v = evalCondition(
      e,
      0,
      (s) => this.env.get(s),
      (c) => this.callValue(c),
    );
    if (v !== undefined) return v;
    // C: an integer used as a condition.
    if (this.fn.language === "c") return this.value(e) !== 0;
    throw GIVE_UP;
  }

  private callValue(c: CallExpr): number | undefined {
    const callee = this.resolve(c);
    if (!callee || callee === this.fn) return undefined;
    const args = c.args.map((a) => this.value(a));
    return interpretFunction(callee, args, this.resolve, this.depth + 1);
  }

  /** Runs a list; a RETURN, EXIT or CYCLE that leaves it is handed up. */
  private block(list: readonly Stmt[]): Stop | null {
    for (const s of list) {
      if (++this.steps > STEPS) throw GIVE_UP;
      const stop = this.stmt(s);
      if (stop) return stop;
    }
    return null;
  }

  private stmt(s: Stmt): Stop | null {
    switch (s.kind) {
      case "assign": {
        if (s.lhs.kind !== "var" || !this.stores(s.lhs.sym)) throw GIVE_UP;
        this.env.set(s.lhs.sym, this.value(s.rhs));
        return null;
      }
      case "if":
        return this.block(this.condition(s.cond) ? s.then : s.else);
      case "block":
        return this.block(s.body);
      case "nop":
        return null;
      case "return":
        if (s.value) this.returned = this.value(s.value);
        return new Stop("return");
      case "exit":
        return new Stop("exit", s.loopId);
      case "cycle":
        return new Stop("cycle", s.loopId);
      case "loop":
        return this.loop(s);
      default:
        throw GIVE_UP;
    }
  }

  private loop(s: Extract<Stmt, { kind: "loop" }>): Stop | null {
    // A stop of this loop, or of no loop in particular (the innermost: C's break and continue).
    const mine = (stop: Stop) => stop.loopId === null || stop.loopId === s.id;
    const body = (): "exit" | Stop | null => {
      const stop = this.block(s.body);
      if (!stop || (stop.kind === "cycle" && mine(stop))) return null;
      if (stop.kind === "exit" && mine(stop)) return "exit";
      return stop;
    };
    if (s.init) {
      const stop = this.block(s.init);
      if (stop) return stop;
    }
    if (s.form === "do") {
      if (!s.index || !s.lower || !s.upper || !this.stores(s.index)) throw GIVE_UP;
      const lower = this.value(s.lower);
      const upper = this.value(s.upper);
      const step = s.step ? this.value(s.step) : 1;
      if (step === 0) throw GIVE_UP;
      // Fortran's trip count, fixed when the loop starts; the index steps on after the last trip.
      const trips = Math.max(0, Math.trunc((upper - lower + step) / step));
      let i = lower;
      for (let n = 0; n < trips; n++, i += step) {
        this.env.set(s.index, i);
        const r = body();
        if (r === "exit") return null;
        if (r) return r;
        // A counted loop's index changes only by its step (the front end made it one so).
        if (this.env.get(s.index) !== i) throw GIVE_UP;
      }
      this.env.set(s.index, i);
      return null;
    }
    for (;;) {
      if (++this.steps > STEPS) throw GIVE_UP;
      if (s.form === "while" && s.cond && !this.condition(s.cond)) return null;
      const r = body();
      if (r === "exit") return null;
      if (r) return r;
      if (s.update) {
        const stop = this.block(s.update);
        if (stop) return stop;
      }
      // C's do ... while (cond): on while cond holds.
      if (s.form === "do-until" && s.cond && !this.condition(s.cond)) return null;
      if (s.form !== "while" && s.form !== "do-until" && s.form !== "forever") throw GIVE_UP;
    }
  }

  /** The function's own integer scalars, its result and its by-value arguments (C): all it may store into. */
  stores(s: Sym): boolean {
    if (s.dims.length > 0 || s.type.base !== "integer" || s.attrs.save || s.equivalence !== undefined || s.attrs.pointer) return false;
    if (s === this.fn.result || s.storage === "local") return true;
    return this.fn.language === "c" && s.storage === "dummy";
  }
}

const GIVE_UP = new Error("not a constant");

/**
 * Whether a function is of the kind interpretFunction runs: it stores
 * only into its own integer scalars (so a call of it changes nothing of
 * its caller's, arguments included) and calls only such functions
 * (`resolve`; followed a few calls down). Said by its text, whatever the
 * arguments: whether it also terminates is interpretFunction's question.
 */
export function computesOnly(fn: Procedure, resolve: (call: CallExpr, caller: Procedure) => Procedure | undefined, depth = 0): boolean {
  if (depth > DEPTH || fn.kind !== "function" || fn.unanalyzable) return false;
  const run = new Run(fn, () => undefined, 0);
  let ok = true;
  const expr = (e: Expr) =>
    walkExpr(e, (x) => {
      if (x.kind === "assign-expr" || x.kind === "addr" || x.kind === "deref") ok = false;
      if (x.kind === "call" && !x.intrinsic) {
        const callee = resolve(x, fn);
        if (!callee || callee === fn || !computesOnly(callee, resolve, depth + 1)) ok = false;
      }
    });
  walkStmts(fn.body, (s) => {
    if (!ok) return;
    if (!STATEMENTS.has(s.kind)) ok = false;
    else if (s.kind === "assign" && !(s.lhs.kind === "var" && run.stores(s.lhs.sym))) ok = false;
    else if (s.kind === "loop" && s.index && !run.stores(s.index)) ok = false;
    for (const e of stmtExprs(s)) if (s.kind !== "assign" || e !== s.lhs) expr(e);
  });
  return ok;
}

const STATEMENTS = new Set<Stmt["kind"]>(["assign", "if", "block", "nop", "return", "exit", "cycle", "loop"]);
