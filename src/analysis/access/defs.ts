import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { childBlocks, walkExpr } from "../../ir/walk.js";

/**
 * What a piece of code may modify: the symbols it may define, the
 * procedures it calls (which may modify what they can see: COMMON, module
 * variables, C globals), and whether it stores through a pointer (which
 * may modify any array or address-taken variable). Access patterns use it to decide which
 * values stay fixed during a loop: a Start or a bound may only mention
 * values the loop cannot change. A syntactic over-approximation; it needs
 * no dataflow and never misses a definition (given sound CallEffects).
 */
export interface DefSet {
  readonly syms: ReadonlySet<number>;
  /** Equivalence groups some member of which may be defined. */
  readonly equiv: ReadonlySet<number>;
  /** Names of the procedures called (lower case). */
  readonly callees: ReadonlySet<string>;
  readonly pointerStores: boolean;
}

/**
 * What a call may change besides its arguments (which count as defined at
 * the call): call-effects.ts summarizes the procedures of the files at hand.
 */
export interface CallEffects {
  mayModify(callee: string, s: Sym): boolean;
}

/** Conservative: a callee may change anything it can see. */
export const UNKNOWN_CALLEES: CallEffects = {
  mayModify: (_callee, s) => s.storage === "common" || s.storage === "global" || s.storage === "module",
};

export function mayDefine(d: DefSet, s: Sym, effects: CallEffects = UNKNOWN_CALLEES): boolean {
  if (s.storage === "parameter") return false;
  if (d.syms.has(s.id)) return true;
  if (s.equivalence !== undefined && d.equiv.has(s.equivalence)) return true;
  for (const c of d.callees) if (effects.mayModify(c, s)) return true;
  // Conservative: a pointer may point anywhere.
  if (d.pointerStores && (s.dims.length > 0 || s.storage !== "local")) return true;
  return false;
}

class Collector {
  syms = new Set<number>();
  equiv = new Set<number>();
  callees = new Set<string>();
  pointerStores = false;

  def(s: Sym): void {
    this.syms.add(s.id);
    if (s.equivalence !== undefined) this.equiv.add(s.equivalence);
  }

  /** The variable an assignment target (or a by-reference argument) names. */
  target(e: Expr): void {
    switch (e.kind) {
      case "var":
      case "elem":
      case "section":
        this.def(e.sym);
        if (e.kind === "elem" && e.sym.type.base === "pointer") this.pointerStores = true;
        return;
      case "member":
        if (e.arrow) this.pointerStores = true;
        this.target(e.base);
        return;
      case "deref":
        this.pointerStores = true;
        return;
      case "cast":
        this.target(e.operand);
        return;
      default:
        return;
    }
  }

  expr(e: Expr): void {
    walkExpr(e, (x) => {
      switch (x.kind) {
        case "call": {
          const pure = (x.intrinsic && x.pure) || x.sym?.attrs.statementFunction;
          if (pure) return;
          if (!x.intrinsic) this.callees.add(x.name.toLowerCase());
          // Fortran passes by reference: the callee may define any variable argument.
          for (const a of x.args) this.target(a);
          return;
        }
        case "assign-expr":
          this.target(x.target);
          return;
        case "implied-do":
          this.def(x.index);
          return;
        case "addr":
          // The address escapes: whatever it points to may change later.
          this.target(x.operand);
          return;
        default:
          return;
      }
    });
  }

  stmt(s: Stmt): void {
    switch (s.kind) {
      case "assign":
        this.target(s.lhs);
        break;
      case "loop":
        if (s.index) this.def(s.index);
        break;
      case "call":
        if (!s.intrinsic || !s.pure) for (const a of s.args) this.target(a);
        if (!s.intrinsic) this.callees.add(s.name.toLowerCase());
        break;
      case "io":
        for (const d of s.defs) {
          this.target(d);
          walkExpr(d, (x) => {
            if (x.kind === "implied-do") for (const it of x.items) this.target(it);
          });
        }
        break;
      case "allocate":
      case "deallocate":
        for (const o of s.objects) this.target(o);
        if (s.stat) this.target(s.stat);
        break;
      default:
        break;
    }
    for (const e of stmtOwnExprs(s)) this.expr(e);
    for (const b of childBlocks(s)) for (const c of b) this.stmt(c);
  }

  result(): DefSet {
    return { syms: this.syms, equiv: this.equiv, callees: this.callees, pointerStores: this.pointerStores };
  }
}

function stmtOwnExprs(s: Stmt): Expr[] {
  switch (s.kind) {
    case "assign":
      return [s.lhs, s.rhs];
    case "loop":
      return [s.lower, s.upper, s.step, s.cond].filter((e): e is Expr => e !== null);
    case "if":
      return [s.cond];
    case "switch":
      return [s.selector];
    case "call":
      return s.args;
    case "io":
      return [...s.controls, ...s.defs, ...s.uses];
    case "computed-goto":
      return [s.index];
    case "arith-if":
      return [s.expr];
    case "return":
      return s.value ? [s.value] : [];
    case "expr":
      return [s.expr];
    default:
      return [];
  }
}

const stmtCache = new WeakMap<Stmt, DefSet>();

/** What executing `s` (with everything nested in it) may define. */
export function defsOfStmt(s: Stmt): DefSet {
  let d = stmtCache.get(s);
  if (!d) {
    const c = new Collector();
    c.stmt(s);
    d = c.result();
    stmtCache.set(s, d);
  }
  return d;
}

/**
 * What `s` may define before its own effect happens: the side effects of
 * function calls and C assignments inside its expressions. An assignment
 * stores, and a CALL runs its callee, only after evaluating the subscripts
 * of its target and arguments.
 */
export function sideEffectsBefore(s: Stmt): DefSet {
  if (s.kind !== "assign" && s.kind !== "call") return defsOfStmt(s);
  const c = new Collector();
  for (const e of stmtOwnExprs(s)) c.expr(e);
  return c.result();
}

/** The union of several definition sets. */
export function unionDefs(...ds: DefSet[]): DefSet {
  const c = new Collector();
  for (const d of ds) {
    for (const x of d.syms) c.syms.add(x);
    for (const x of d.equiv) c.equiv.add(x);
    for (const x of d.callees) c.callees.add(x);
    c.pointerStores ||= d.pointerStores;
  }
  return c.result();
}

/** The union over several statements and expressions (a loop body, an implied-do's items). */
export function defsOf(stmts: readonly Stmt[], exprs: readonly Expr[] = [], extra: readonly Sym[] = [], exprTargets = false): DefSet {
  const c = new Collector();
  for (const s of stmts) {
    const d = defsOfStmt(s);
    for (const x of d.syms) c.syms.add(x);
    for (const x of d.equiv) c.equiv.add(x);
    for (const x of d.callees) c.callees.add(x);
    c.pointerStores ||= d.pointerStores;
  }
  for (const e of exprs) {
    c.expr(e);
    if (exprTargets) c.target(e);
  }
  for (const s of extra) c.def(s);
  return c.result();
}
