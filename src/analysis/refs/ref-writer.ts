import type { Expr } from "../../ir/expr.js";
import type { Procedure, StatementFunction } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";
import type { Span } from "../../source/span.js";
import { walkExpr } from "../../ir/walk.js";
import { accessedType, typesMayAlias } from "../effective-types.js";
import { NO_SUMMARIES, type SummaryLookup } from "../summaries/summary.js";
import { emitCallEffects, type CallRecord } from "./call-effects.js";
import type { Ref, RefInit, RefKind, RefOrigin, RefTable } from "./ref.js";
import type { VarId } from "./vars.js";

/** How many statement function bodies one call may expand for the arguments of the external functions they call. */
export const STATEMENT_FUNCTION_EXPANSIONS = 1000;

/**
 * Turns expressions into references in evaluation order: the operands of
 * an expression are read before its value is stored, subscripts before
 * the element, arguments before the call, so that the order of references
 * in a basic block is the order of accesses (seed 002's RGEN/EUSE are
 * "the last definition/use in the block", which needs that order).
 * The CFG builder sets `block` and `stmt` and calls these methods.
 */
export class RefWriter {
  block = 0;
  stmt: Stmt | null = null;
  /** > 0 while evaluating something that may not run (the right of .and./.or., a C ?: branch): accesses are then not exact. */
  private conditional = 0;
  /** The statement function call being expanded: bodies whose references are written, bodies open on the way down, expansions left. */
  private expansion: { read: Set<StatementFunction>; open: Set<StatementFunction>; budget: number } | null = null;
  /** Per statement function: whether its body reaches an external function (reachesExternal). */
  private readonly external = new Map<StatementFunction, boolean>();
  /** Every call met, in order. */
  readonly calls: CallRecord[] = [];
  /** Called with each new reference (the CFG builder files it into its block). */
  onRef: ((r: Ref) => void) | undefined;

  constructor(
    readonly table: RefTable,
    readonly proc: Procedure,
    readonly summaries: SummaryLookup = NO_SUMMARIES,
  ) {}

  get vars() {
    return this.table.vars;
  }

  emit(kind: RefKind, v: VarId, sym: Sym | null, expr: Expr | null, exact: boolean, origin: RefOrigin, span: Span, extra?: RefExtra): Ref {
    const r: RefInit = { kind, var: v, sym, exact: exact && this.conditional === 0, origin, stmt: this.stmt, expr, span, block: this.block, callee: extra?.callee, loopId: extra?.loopId };
    if (extra?.kills !== undefined) r.kills = extra.kills;
    if (extra?.rmw) r.rmw = true;
    if (extra?.viaPointer) r.viaPointer = true;
    const ref = this.table.add(r);
    this.onRef?.(ref);
    return ref;
  }

  /** A reference to a symbol's variable (nothing for named constants and procedure names). */
  ref(kind: RefKind, sym: Sym, expr: Expr | null, exact: boolean, origin: RefOrigin, span: Span, extra?: RefExtra): void {
    if (!isVariable(sym) || stdStream(sym)) return;
    const v = this.vars.varOf(sym);
    // Conservative: a write through one name of an EQUIVALENCE group may cover only part of the group's storage.
    const whole = kind === "use" || sym.equivalence === undefined;
    this.emit(kind, v, sym, expr, exact && whole, origin, span, extra);
  }

  /**
   * Reads and writes of the I/O state (every I/O statement, every call that
   * may do I/O): a rewrite of what it read, so I/O operations form a chain.
   */
  ioState(span: Span, origin: RefOrigin, callee?: string): void {
    const io = this.vars.ioVar();
    this.emit("use", io, null, null, false, origin, span, { callee });
    this.emit("def", io, null, null, false, origin, span, { callee, kills: true });
  }

  /** Everything an expression reads, in evaluation order. */
  useExpr(e: Expr): void {
    switch (e.kind) {
      case "int":
      case "real":
      case "logical":
      case "string":
      case "unknown":
        return;
      case "var":
        this.ref("use", e.sym, e, true, "explicit", e.span);
        return;
      case "elem":
        for (const s of e.subs) this.useExpr(s);
        if (isPointer(e.sym)) {
          this.ref("use", e.sym, e, true, "explicit", e.span);
          this.memory("use", e, e.span, accessedType(e.sym));
        } else this.ref("use", e.sym, e, false, "explicit", e.span);
        return;
      case "section":
        this.subscriptUses(e);
        this.ref("use", e.sym, e, false, "explicit", e.span);
        return;
      case "call":
        this.call(e);
        return;
      case "unary":
      case "cast":
        this.useExpr(e.operand);
        return;
      case "binary":
        this.useExpr(e.left);
        // Conservative: the right operand of .and./.or. may not be evaluated (C: && and || never evaluate it then).
        if (e.op === "and" || e.op === "or") this.maybe(() => this.useExpr(e.right));
        else this.useExpr(e.right);
        return;
      case "cond":
        this.useExpr(e.cond);
        this.maybe(() => {
          this.useExpr(e.then);
          this.useExpr(e.else);
        });
        return;
      case "member":
        this.memberAccess("use", e);
        return;
      case "addr":
        // Taking an address reads nothing but the subscripts.
        this.subscriptUses(e.operand);
        return;
      case "deref":
        this.useExpr(e.operand);
        this.memory("use", e, e.span, e.type);
        return;
      case "implied-do":
        this.useExpr(e.lower);
        this.useExpr(e.upper);
        if (e.step) this.useExpr(e.step);
        this.ref("def", e.index, null, true, "explicit", e.span);
        this.maybe(() => e.items.forEach((x) => this.useExpr(x)));
        return;
      case "array-ctor":
        for (const x of e.items) this.useExpr(x);
        return;
      case "assign-expr":
        this.assignExpr(e);
        return;
    }
  }

  /** Defines the target of an assignment (or a READ item): its subscripts are read first. */
  defTarget(lhs: Expr, origin: RefOrigin = "explicit", exact = true): void {
    switch (lhs.kind) {
      case "var":
        // A whole-variable write: it kills unless the value is a substring of it (not a var node then).
        this.ref("def", lhs.sym, lhs, exact, origin, lhs.span);
        return;
      case "elem":
        for (const s of lhs.subs) this.useExpr(s);
        if (isPointer(lhs.sym)) {
          this.ref("use", lhs.sym, lhs, true, origin, lhs.span);
          this.memory("def", lhs, lhs.span, accessedType(lhs.sym));
        } else this.ref("def", lhs.sym, lhs, false, origin, lhs.span);
        return;
      case "section":
        this.subscriptUses(lhs);
        this.ref("def", lhs.sym, lhs, false, origin, lhs.span);
        return;
      case "member":
        this.memberAccess("def", lhs, origin);
        return;
      case "deref":
        this.useExpr(lhs.operand);
        this.memory("def", lhs, lhs.span, lhs.type);
        return;
      case "implied-do":
        // A READ list `(a(i), i = 1, n)`: bounds, the index, then each item, maybe none.
        this.useExpr(lhs.lower);
        this.useExpr(lhs.upper);
        if (lhs.step) this.useExpr(lhs.step);
        // Conservative: like the items, the index of a READ's implied DO is left as it was on an error.
        this.ref("def", lhs.index, null, exact, "explicit", lhs.span);
        this.maybe(() => lhs.items.forEach((x) => this.defTarget(x, origin, exact)));
        return;
      case "addr":
        // C: a store into a pointer the front end shows as its row's address (`*px = q` with px a pointer
        // to a pointer to rows): a write through a pointer, of a pointer.
        if (this.proc.language === "c") {
          this.useExpr(lhs);
          this.memory("def", lhs, lhs.span, { base: "pointer" });
          return;
        }
        this.useExpr(lhs);
        return;
      default:
        // Not a variable (an expression passed where a target is expected): it is only read.
        this.useExpr(lhs);
    }
  }

  /** The subscripts (and substring bounds) of an access, which are read whether the access reads or writes. */
  subscriptUses(e: Expr): void {
    if (e.kind === "elem") for (const s of e.subs) this.useExpr(s);
    else if (e.kind === "section")
      for (const s of e.subs) {
        if (s.kind !== "triplet") this.useExpr(s);
        else for (const x of [s.lo, s.hi, s.stride]) if (x) this.useExpr(x);
      }
    else if (e.kind === "member") {
      this.componentSubscriptUses(e);
      this.subscriptUses(e.base);
    } else if (e.kind !== "var") this.useExpr(e);
  }

  /** Subscripts of an array component (`x%a(i)`), read whatever the access does. */
  private componentSubscriptUses(e: Extract<Expr, { kind: "member" }>): void {
    for (const s of e.subs ?? []) {
      if (s.kind !== "triplet") this.useExpr(s);
      else for (const x of [s.lo, s.hi, s.stride]) if (x) this.useExpr(x);
    }
  }

  /** Runs `f` with every access it makes marked as conditional (not exact). */
  maybe(f: () => void): void {
    this.conditional++;
    try {
      f();
    } finally {
      this.conditional--;
    }
  }

  private call(e: Extract<Expr, { kind: "call" }>): void {
    const sf = e.sym?.attrs.statementFunction ? this.statementFunction(e.name, e.sym) : undefined;
    if (sf) {
      for (const a of e.args) this.useExpr(a);
      this.expansion = { read: new Set(), open: new Set(), budget: STATEMENT_FUNCTION_EXPANSIONS };
      try {
        this.statementFunctionBody(sf, e.args, e.span);
      } finally {
        this.expansion = null;
      }
      return;
    }
    emitCallEffects(this, { name: e.name, sym: e.sym, args: e.args, intrinsic: e.intrinsic, pure: e.pure, span: e.span });
  }

  private statementFunction(name: string, sym: Sym): StatementFunction | undefined {
    return this.proc.statementFunctions.get(name) ?? this.proc.statementFunctions.get(name.toLowerCase()) ?? [...this.proc.statementFunctions.values()].find((s) => s.sym === sym);
  }

  /**
   * A statement function call reads what its body reads, except its dummy
   * arguments (the actual arguments were read by the caller). Calls in the
   * body see the actual arguments in place of the dummies, since an
   * external function there may write them.
   *
   * The references of a body do not depend on the actuals (they are
   * values), so within one call each body's are written once; only bodies
   * that reach an external function are expanded again, for its arguments,
   * and at most STATEMENT_FUNCTION_EXPANSIONS times: a legal chain where
   * each statement function calls the previous one twice is 2^n expansions
   * deep. Past that budget the rest is one unknown call (below). A cycle,
   * which only bad input has (the front end reports it), is cut.
   */
  private statementFunctionBody(sf: StatementFunction, actuals: readonly Expr[], span: Span): void {
    const x = this.expansion!;
    if (x.open.has(sf)) return;
    const first = !x.read.has(sf);
    if (!first && !this.reachesExternal(sf)) return;
    if (--x.budget < 0) return this.expansionPastBudget(sf, actuals, span);
    x.read.add(sf);
    x.open.add(sf);
    const bind = new Map<Sym, Expr>();
    sf.params.forEach((p, i) => {
      const a = actuals[i];
      if (a) bind.set(p, a);
    });
    const visit = (e: Expr): void => {
      if ((e.kind === "var" || e.kind === "elem" || e.kind === "section") && bind.has(e.sym)) return;
      if (e.kind === "var") return first ? this.ref("use", e.sym, e, true, "stmt-function", span) : undefined;
      if (e.kind === "elem" || e.kind === "section") {
        for (const s of e.subs) {
          if (s.kind !== "triplet") visit(s);
          else for (const q of [s.lo, s.hi, s.stride]) if (q) visit(q);
        }
        return first ? this.ref("use", e.sym, e, false, "stmt-function", span) : undefined;
      }
      if (e.kind === "call") {
        for (const a of e.args) visit(a);
        const args = e.args.map((a) => substitute(a, bind));
        const inner = e.sym?.attrs.statementFunction ? this.statementFunction(e.name, e.sym) : undefined;
        if (inner) this.statementFunctionBody(inner, args, span);
        else if (!e.intrinsic && !e.pure) emitCallEffects(this, { name: e.name, sym: e.sym, args, span });
        return;
      }
      for (const c of childrenOf(e)) visit(c);
    };
    try {
      visit(sf.body);
    } finally {
      x.open.delete(sf);
    }
  }

  /** Whether a statement function's body reaches, through the statement functions it calls, a function that is neither intrinsic nor pure. */
  private reachesExternal(sf: StatementFunction, seen = new Set<StatementFunction>()): boolean {
    const known = this.external.get(sf);
    if (known !== undefined) return known;
    seen.add(sf);
    let found = false;
    walkExpr(sf.body, (e) => {
      if (found || e.kind !== "call") return;
      const inner = e.sym?.attrs.statementFunction ? this.statementFunction(e.name, e.sym) : undefined;
      if (inner) found = !seen.has(inner) && this.reachesExternal(inner, seen);
      else found = !e.intrinsic && !e.pure;
    });
    this.external.set(sf, found);
    return found;
  }

  /**
   * Conservative: past the expansion budget, the external calls still to
   * come are one call to an unknown procedure, given every variable they
   * could receive by reference: the actuals of this expansion and every
   * variable the bodies it reaches name. It may read and write those, and
   * every COMMON, module and global variable.
   */
  private expansionPastBudget(sf: StatementFunction, actuals: readonly Expr[], span: Span): void {
    const named: Expr[] = [];
    const bodies = new Set<StatementFunction>();
    const collect = (f: StatementFunction) => {
      if (bodies.has(f)) return;
      bodies.add(f);
      const params = new Set(f.params);
      walkExpr(f.body, (e) => {
        if ((e.kind === "var" || e.kind === "elem" || e.kind === "section") && !params.has(e.sym)) named.push(e);
        const inner = e.kind === "call" && e.sym?.attrs.statementFunction ? this.statementFunction(e.name, e.sym) : undefined;
        if (inner) collect(inner);
      });
    };
    collect(sf);
    emitCallEffects(this, { name: `${sf.sym.name} (statement functions past ${STATEMENT_FUNCTION_EXPANSIONS} expansions)`, args: [...actuals, ...named], span });
  }

  private memberAccess(kind: RefKind, e: Extract<Expr, { kind: "member" }>, origin: RefOrigin = "explicit"): void {
    // Conservative: a component access reads or writes part of the base object.
    this.componentSubscriptUses(e);
    let base: Expr = e.base;
    while (base.kind === "member") {
      this.componentSubscriptUses(base);
      base = base.base;
    }
    if (e.arrow || base.kind === "deref") {
      this.useExpr(base.kind === "deref" ? base.operand : base);
      this.memory(kind, e, e.span);
      return;
    }
    if (base.kind === "var" || base.kind === "elem" || base.kind === "section") {
      this.subscriptUses(base);
      this.ref(kind, base.sym, e, false, origin, e.span);
    } else this.useExpr(base);
  }

  private assignExpr(e: Extract<Expr, { kind: "assign-expr" }>): void {
    const compound = e.op !== "=";
    this.subscriptUses(e.target);
    if (compound) this.readTargetOnly(e.target);
    if (e.value) this.useExpr(e.value);
    this.defTargetOnly(e.target);
  }

  /** Reads an access whose subscripts were already read. */
  private readTargetOnly(t: Expr): void {
    if (t.kind === "var") this.ref("use", t.sym, t, true, "explicit", t.span);
    else if (t.kind === "elem" || t.kind === "section") this.ref("use", t.sym, t, false, "explicit", t.span);
    else if (t.kind === "deref" || t.kind === "member") this.memory("use", t, t.span, pointerAccessType(t));
  }

  private defTargetOnly(t: Expr): void {
    if (t.kind === "var") this.ref("def", t.sym, t, true, "explicit", t.span);
    else if ((t.kind === "elem" && !isPointer(t.sym)) || t.kind === "section") this.ref("def", t.sym, t, false, "explicit", t.span);
    else this.memory("def", t, t.span, pointerAccessType(t));
  }

  /**
   * An access through a pointer. Conservative: it may reach any memory a
   * pointer can reach: the memory pseudo-variable and every variable a
   * pointer may point into (VarTable: C globals, array parameters,
   * pointers, variables whose address is taken; Fortran POINTER and
   * TARGET variables). In C, when the type accessed is known (`accessed`),
   * only variables of a type it may alias (effective-types.ts): a store
   * through a `double *` leaves the `int` globals alone.
   */
  memory(kind: RefKind, e: Expr, span: Span, accessed?: Type): void {
    this.emit(kind, this.vars.memoryVar(), null, e, false, "explicit", span);
    const typed = this.proc.language === "c" ? accessed : undefined;
    for (const v of this.vars.vars) if (v.pointerReachable && v.referenced && typesMayAlias(typed, v.syms[0]?.type)) this.emit(kind, v.id, v.syms[0]!, e, false, "explicit", span, { viaPointer: true });
  }
}

/** The type an access through a pointer touches, when known (a member access: its struct, not known). */
function pointerAccessType(t: Expr): Type | undefined {
  if (t.kind === "elem") return accessedType(t.sym);
  if (t.kind === "deref") return t.type;
  return undefined;
}

/** Optional facts about a new reference. */
export interface RefExtra {
  callee?: string | undefined;
  loopId?: number | undefined;
  /** Override: whether a definition kills (see Ref.kills). */
  kills?: boolean;
  /** A read that only models a rewrite (see Ref.rmw). */
  rmw?: boolean;
  /** An access through a pointer (see Ref.viaPointer). */
  viaPointer?: boolean;
}

export function isVariable(sym: Sym): boolean {
  return sym.storage !== "parameter" && sym.storage !== "procedure";
}

/**
 * Whether an element access through `sym` goes through a pointer: a C
 * pointer (lowered with an unknown first extent and marked `pointer`, or
 * a scalar of pointer type) or a Fortran POINTER. Such an access may reach
 * any memory a pointer can reach.
 */
function isPointer(sym: Sym): boolean {
  return !!sym.attrs.pointer || (sym.type.base === "pointer" && sym.dims.length === 0);
}

/** A copy of `e` with the given variables replaced (statement function dummies by actual arguments). */
function substitute(e: Expr, bind: ReadonlyMap<Sym, Expr>): Expr {
  if ((e.kind === "var" || e.kind === "elem" || e.kind === "section") && bind.has(e.sym)) return e.kind === "var" ? bind.get(e.sym)! : e;
  switch (e.kind) {
    case "unary":
    case "cast":
      return { ...e, operand: substitute(e.operand, bind) };
    case "binary":
      return { ...e, left: substitute(e.left, bind), right: substitute(e.right, bind) };
    case "call":
      return { ...e, args: e.args.map((a) => substitute(a, bind)) };
    case "elem":
      return { ...e, subs: e.subs.map((a) => substitute(a, bind)) };
    default:
      return e;
  }
}

function childrenOf(e: Expr): Expr[] {
  switch (e.kind) {
    case "unary":
    case "cast":
    case "addr":
    case "deref":
      return [e.operand];
    case "binary":
      return [e.left, e.right];
    case "cond":
      return [e.cond, e.then, e.else];
    case "member":
      return [e.base];
    case "array-ctor":
      return e.items;
    default:
      return [];
  }
}

/**
 * C's stdin, stdout and stderr (libc's, C11 7.21.1): handles only the
 * I/O functions use, and those already read and write the I/O state. The
 * program cannot assign them (they need not be lvalues) nor reach them
 * through its pointers, so naming one is no access of the program's data.
 */
function stdStream(sym: Sym): boolean {
  return sym.attrs.intrinsic === true && sym.storage === "global" && (sym.name === "stdin" || sym.name === "stdout" || sym.name === "stderr");
}
