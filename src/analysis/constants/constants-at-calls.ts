import type { CallExpr, Expr } from "../../ir/expr.js";
import { evalCondition, evalInt } from "../../ir/const-eval.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { childBlocks, stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import { assignedIn } from "../regions/coverage.js";
import { takenAddresses } from "../taken-addresses.js";

/** Integer values of a procedure's scalars at one point. */
export type Constants = ReadonlyMap<Sym, number>;

/** How the walk evaluates what it meets. */
export interface ConstantsContext {
  /** The value a call of one of the program's functions returns for these arguments (interpret-function.ts), if known. */
  callValue(call: CallExpr, args: readonly number[]): number | undefined;
  /** Whether a call may store into the variable given as its argument k (a function that only computes does not). */
  argWritten(call: { name: string; args: readonly Expr[] }, k: number): boolean;
  /** Calls may change the procedure's own variables out of sight (Fortran host association: an internal procedure sees them). */
  callsSeeLocals: boolean;
}

/**
 * The integer values a procedure's scalars surely have before each of
 * its calls: forward constant propagation over the structured body,
 * from `initial` (dummies every call gives one constant: run-constants.ts).
 * NPB FT's fftXYZ computes `log = ilog2(n1)` with n1 = 256 at every call,
 * so its calls of Swarztrauber pass m = 8 (specialized-regions.ts).
 *
 * Followed: integer scalars of the procedure's own that nothing else can
 * reach (no EQUIVALENCE, no pointer, no address taken), and dummies the
 * procedure never stores into. An assignment of a value known from the
 * constants, named constants and functions that only compute
 * (`callValue`) sets one; anything else that may store into it (a call
 * given it, a READ, a loop that assigns it: killed when the loop starts)
 * forgets it. At an IF whose condition is known only its branch is
 * walked; else both, and what both agree on goes on. A procedure with a
 * GO TO, an arithmetic IF or an alternate return has values only for the
 * dummies (a jump could reach a statement from anywhere). Keyed by the
 * call's argument list (one per call node).
 */
export function constantsAtCalls(proc: Procedure, initial: Constants, cx: ConstantsContext): Map<readonly Expr[], Constants> {
  const out = new Map<readonly Expr[], Constants>();
  const own = followed(proc);
  const jumps = hasJumps(proc.body);
  const env = new Map<Sym, number>();
  for (const [s, v] of initial) env.set(s, v);
  const written = (call: { name: string; args: readonly Expr[] }, k: number) => cx.argWritten(call, k);
  const value = (e: Expr, at: ReadonlyMap<Sym, number>): number | undefined =>
    evalInt(
      e,
      0,
      (s) => at.get(s),
      (c): number | undefined => {
        const args = c.args.map((a): number | undefined => value(a, at));
        return args.every((a) => a !== undefined) ? cx.callValue(c, args as number[]) : undefined;
      },
    );
  const record = (s: Stmt, at: ReadonlyMap<Sym, number>) => {
    const snapshot = new Map(at);
    if (s.kind === "call") out.set(s.args, snapshot);
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !x.intrinsic && out.set(x.args, snapshot)));
  };
  const kill = (s: Stmt, at: Map<Sym, number>) => {
    for (const x of assignedIn(s, written)) at.delete(x);
    if (cx.callsSeeLocals && callsIn(s)) for (const x of [...at.keys()]) if (x.storage === "local") at.delete(x);
  };
  const walk = (list: readonly Stmt[], at: Map<Sym, number>): void => {
    for (const s of list) {
      switch (s.kind) {
        case "assign": {
          record(s, at);
          const v = s.lhs.kind === "var" && own.has(s.lhs.sym) && !jumps ? value(s.rhs, at) : undefined;
          kill(s, at);
          if (v !== undefined && s.lhs.kind === "var") at.set(s.lhs.sym, v);
          break;
        }
        case "if": {
          record(s, at);
          // What a call in the condition may store into is forgotten before the branches (found by
          // fuzzing: `if (iset(mm) .gt. 9)` with iset setting its argument kept mm's value).
          kill({ kind: "expr", expr: s.cond, span: s.span }, at);
          const c = evalCondition(
            s.cond,
            0,
            (x) => at.get(x),
            (c) => value(c, at),
          );
          if (c !== undefined) {
            walk(c ? s.then : s.else, at);
            break;
          }
          const a = new Map(at);
          const b = new Map(at);
          walk(s.then, a);
          walk(s.else, b);
          at.clear();
          for (const [x, v] of a) if (b.get(x) === v) at.set(x, v);
          break;
        }
        case "block":
          walk(s.body, at);
          break;
        case "loop":
        case "switch":
          // Its bounds, condition and cases read with what it may change forgotten (they are read
          // again in later iterations), then what is inside walked.
          kill(s, at);
          record(s, at);
          for (const b of childBlocks(s)) walk(b, new Map(at));
          break;
        default:
          // A call (with the values it is given), I/O: then what it may store into is forgotten.
          record(s, at);
          kill(s, at);
      }
    }
  };
  walk(proc.body, env);
  return out;
}

/** The integer scalars the walk follows: the procedure's own, out of reach of anything else; dummies too when never stored into. */
function followed(proc: Procedure): Set<Sym> {
  const taken = takenAddresses([proc]);
  const out = new Set<Sym>();
  for (const s of proc.symbols.values())
    if (s.dims.length === 0 && s.type.base === "integer" && s.equivalence === undefined && !s.attrs.pointer && !s.attrs.target && !taken.has(s) && (s.storage === "local" || (s.storage === "dummy" && proc.language === "c"))) out.add(s);
  return out;
}

function hasJumps(body: readonly Stmt[]): boolean {
  let yes = false;
  walkStmts(body, (s) => {
    // An I/O statement's ERR=, END= or EOR= is a jump too (found by fuzzing: `open(..., err=10)` skipped
    // `mm = 4`, which the walk kept).
    if (s.kind === "goto" || s.kind === "computed-goto" || s.kind === "arith-if" || (s.kind === "call" && (s.altReturns?.length ?? 0) > 0) || (s.kind === "io" && s.jumpLabels.length > 0)) yes = true;
  });
  return yes;
}

function callsIn(s: Stmt): boolean {
  let yes = s.kind === "call";
  for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !x.intrinsic && (yes = true)));
  return yes;
}
