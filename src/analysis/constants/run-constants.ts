import type { CallExpr, Expr } from "../../ir/expr.js";
import { evalInt } from "../../ir/const-eval.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { originalCall, originOf } from "../../ir/procedure-variant.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import type { FactWorld } from "../regions/common-facts.js";
import { calleesOf, formalWritten } from "../regions/formal-written.js";
import { constantsAtCalls, type Constants } from "./constants-at-calls.js";
import { computesOnly, interpretFunction } from "./interpret-function.js";
import { escapedNames } from "../escaped-names.js";

/** A call of a procedure of the run: where it is and what it passes. */
interface Site {
  caller: Procedure;
  args: readonly Expr[];
}

/**
 * Integer constants of a run of linked files, across calls: the value
 * every call passes a dummy (interprocedural constant propagation), and
 * with those, the values known before each call (constants-at-calls.ts).
 * NPB FT's appft calls fftXYZ with nx, ny, nz, named constants, so in
 * fftXYZ n1 is 256 (class A), `log = ilog2(n1)` is 8, and its calls of
 * Swarztrauber pass m = 8 and n = 256.
 *
 * A dummy gets a value only when every call of the procedure is in the
 * run (`world.whole`: no code out of sight may call it, and its name is
 * never passed as an argument, so no call hides behind a dummy procedure
 * or a function pointer), the procedure never stores into it (nor a call
 * it is given to: formalWritten), and each call passes the same value.
 * In Fortran the dummy is then the actual's storage: the actual must be
 * an expression or named constant (a temporary holds it), or a local
 * variable of the caller passed once in the call (no COMMON storage a
 * callee could change, no second dummy on it).
 */
export class RunConstants {
  private readonly atCalls = new Map<Procedure, Map<readonly Expr[], Constants>>();
  private readonly formals = new Map<Procedure, Constants>();
  private readonly busy = new Set<Procedure>();
  private sites: Map<Procedure, Site[]> | undefined;
  private escaped: Set<string> | undefined;
  private readonly computes = new Map<Procedure, boolean>();

  constructor(private readonly world: FactWorld) {}

  /** The values known before the call with these arguments in `caller`; empty when none (or the call was never reached by the walk). */
  at(caller: Procedure, args: readonly Expr[]): Constants {
    // A variant (specialized-regions.ts) has calls of its own, new nodes: its walk is its own, from the original's dummies.
    let m = this.atCalls.get(caller);
    if (!m) {
      // Cycles of calls (recursion) get no values: the procedure is being worked on.
      if (this.busy.has(caller)) return EMPTY;
      this.busy.add(caller);
      try {
        m = constantsAtCalls(caller, this.formalValues(originOf(caller)), {
          callValue: (c, values) => this.callValue(c, caller, values),
          argWritten: (c, k) => {
            const callees = calleesOf(this.world, c.name, caller);
            return !callees || callees.some((p) => formalWritten(p, k, this.world, 3));
          },
          callsSeeLocals: caller.language === "fortran" && this.world.procedures.some((p) => p.host === caller.name),
        });
      } finally {
        this.busy.delete(caller);
      }
      this.atCalls.set(caller, m);
    }
    return m.get(args) ?? m.get(originalCall(args)) ?? EMPTY;
  }

  /** The value of `e` at the call with these arguments in `caller`. */
  valueAt(caller: Procedure, args: readonly Expr[], e: Expr): number | undefined {
    const known = this.at(caller, args);
    const value = (x: Expr): number | undefined =>
      evalInt(
        x,
        0,
        (s) => known.get(s),
        (c) => {
          const vs = c.args.map(value);
          return vs.every((v) => v !== undefined) ? this.callValue(c, caller, vs as number[]) : undefined;
        },
      );
    return value(e);
  }

  /** The dummies of `proc` every call passes one value (none for a procedure some call out of sight may reach). */
  formalValues(proc: Procedure): Constants {
    const known = this.formals.get(proc);
    if (known) return known;
    const out = new Map<Sym, number>();
    this.formals.set(proc, out);
    const sites = this.siteMap().get(proc) ?? [];
    if (!this.world.whole || proc.kind === "program" || this.escapedNames().has(proc.name) || sites.length === 0) return out;
    proc.params.forEach((d, k) => {
      if (d.dims.length > 0 || d.type.base !== "integer" || d.attrs.pointer || (proc.language === "fortran" && formalWritten(proc, k, this.world, 3))) return;
      let value: number | undefined;
      for (const site of sites) {
        const v = this.passes(site.caller, site.args, k);
        if (v === undefined || (value !== undefined && v !== value)) return;
        value = v;
      }
      if (value !== undefined) out.set(d, value);
    });
    return out;
  }

  /**
   * The value the dummy given actual k of a call holds for the whole call:
   * C passes values; Fortran passes storage, so the actual must be a
   * temporary (an expression, a named constant), or a local of the caller
   * or a dummy of its that every call gives one value (formalValues),
   * passed once in the call (no second dummy on the same storage, which
   * the callee might store into); undefined otherwise.
   */
  passes(caller: Procedure, args: readonly Expr[], k: number): number | undefined {
    const a = args[k];
    if (!a) return undefined;
    if (caller.language === "fortran" && (a.kind === "elem" || a.kind === "section")) return undefined;
    if (caller.language === "fortran" && a.kind === "var" && a.sym.storage !== "parameter") {
      const once = args.filter((x) => x.kind === "var" && x.sym === a.sym).length === 1;
      const own = a.sym.storage === "local" && a.sym.equivalence === undefined && !a.sym.attrs.pointer && !a.sym.attrs.target;
      if (!once || !(own || (a.sym.storage === "dummy" && this.formalValues(originOf(caller)).has(a.sym)))) return undefined;
    }
    return this.valueAt(caller, args, a);
  }

  /**
   * The value a dummy has wherever the procedure reads it: what every call
   * gives it (formalValues) when nothing in the procedure, nor a call it
   * is given to, stores into it (a C parameter may be assigned).
   */
  fixedFormal(proc: Procedure, sym: Sym): number | undefined {
    // Asked for every read of a dummy a coverage walk substitutes (common-facts.ts factsIn): remembered.
    if (this.fixed.has(sym)) return this.fixed.get(sym);
    const p = originOf(proc);
    const k = p.params.indexOf(sym);
    const v = k >= 0 ? this.formalValues(p).get(sym) : undefined;
    const out = v !== undefined && (p.language === "fortran" || !formalWritten(p, k, this.world, 3)) ? v : undefined;
    this.fixed.set(sym, out);
    return out;
  }
  private readonly fixed = new Map<Sym, number | undefined>();

  private callValue(c: CallExpr, caller: Procedure, args: readonly number[]): number | undefined {
    const fn = this.world.resolve(c.name, caller);
    return fn && this.computesOnly(fn) ? interpretFunction(fn, args, (x) => this.world.resolve(x.name, fn)) : undefined;
  }

  private computesOnly(fn: Procedure): boolean {
    let yes = this.computes.get(fn);
    if (yes === undefined) this.computes.set(fn, (yes = computesOnly(fn, (x, from) => this.world.resolve(x.name, from))));
    return yes;
  }

  private siteMap(): Map<Procedure, Site[]> {
    if (this.sites) return this.sites;
    const out = new Map<Procedure, Site[]>();
    for (const caller of this.world.procedures) {
      // A name several files define: a site of each definition it may reach.
      const add = (name: string, args: readonly Expr[]) => {
        for (const callee of calleesOf(this.world, name, caller) ?? []) out.set(callee, [...(out.get(callee) ?? []), { caller, args }]);
      };
      walkStmts(caller.body, (s: Stmt) => {
        if (s.kind === "call" && !s.intrinsic) add(s.name, s.args);
        for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !x.intrinsic && add(x.name, x.args)));
      });
    }
    return (this.sites = out);
  }

  private escapedNames(): Set<string> {
    return (this.escaped ??= escapedNames(this.world.procedures));
  }
}

const EMPTY: Constants = new Map();