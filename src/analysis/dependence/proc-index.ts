import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { childBlocks, stmtExprs, walkExpr } from "../../ir/walk.js";
import type { SummaryLookup } from "../summaries/summary.js";
import { callEffect, passesPointer, type CallEffect } from "./call-effects.js";
import { MEMORY } from "./references.js";
import { pointedArgument } from "../../ir/pointed-argument.js";

/**
 * Where each statement of a procedure sits, and what each statement may
 * modify: the positional facts the subscript analysis needs to decide
 * whether a scalar keeps its value between two points (loop invariance,
 * induction variables, forward substitution of temporaries).
 *
 * This is a small, self-contained MOD computation for scalars and arrays
 * (seed 004 §1.1's MOD set, flow-insensitive). It is deliberately
 * conservative: a call that is not a known pure intrinsic may modify its
 * arguments and every COMMON, module and global variable; an opaque
 * statement modifies everything; a member of an EQUIVALENCE group is
 * modified when any member is; in C, a write through a pointer may modify
 * every variable whose address is taken. Fortran dummy arguments are
 * assumed not to alias each other or COMMON (the standard forbids defining
 * aliased dummies), C pointers are not.
 */
export interface StmtPos {
  /** The statement list that holds the statement directly. */
  list: readonly Stmt[];
  index: number;
  /** The compound statement owning `list` (a loop, if, switch, block), or null at procedure level. */
  owner: Stmt | null;
  /** Enclosing loops, outermost first (not the statement itself). */
  loops: readonly Loop[];
}

/** What a statement (with everything nested in it) may modify. */
export interface ModSet {
  syms: Set<number>;
  equivalence: Set<number>;
  /** A call without a summary: COMMON, module, global and SAVEd variables may change. */
  call: boolean;
  /** The calls' effects: what each may write out of sight. */
  effects: CallEffect[];
  /** An opaque statement or a C write through a pointer: anything may change. */
  wild: boolean;
}

export class ProcIndex {
  readonly pos = new Map<Stmt, StmtPos>();
  private readonly mods = new Map<Stmt, ModSet>();
  /** Syms whose address is taken (C `&x`): writes through pointers may reach them. */
  private readonly addressTaken = new Set<number>();

  /** The procedure has a jump somewhere: textual order is not execution order everywhere. */
  readonly jumps: boolean;

  constructor(
    readonly proc: Procedure,
    /** Summaries of the procedures it calls (the dataflow issue's); none: every call is unknown. */
    readonly summaries?: SummaryLookup,
  ) {
    this.index(proc.body, null, []);
    let jumps = false;
    for (const s of this.pos.keys()) if (isJump(s)) jumps = true;
    this.jumps = jumps;
  }

  private index(list: readonly Stmt[], owner: Stmt | null, loops: readonly Loop[]): void {
    list.forEach((s, i) => {
      this.pos.set(s, { list, index: i, owner, loops });
      for (const e of stmtExprs(s)) walkExpr(e, (x) => {
        if (x.kind === "addr") for (const v of baseSyms(x.operand)) this.addressTaken.add(v.id);
      });
      const inner = s.kind === "loop" ? [...loops, s] : loops;
      for (const b of childBlocks(s)) this.index(b, s, inner);
    });
  }

  /** The MOD set of a statement and everything nested in it (memoized). */
  modOf(s: Stmt): ModSet {
    const hit = this.mods.get(s);
    if (hit) return hit;
    const m: ModSet = { syms: new Set(), equivalence: new Set(), call: false, effects: [], wild: false };
    const called = (name: string, args: readonly Expr[]) => {
      const eff = this.effectOf(name);
      // The effect says what it may write out of sight (for an unknown callee: all a callee can reach, host variables and EQUIVALENCE partners included).
      if (!m.effects.includes(eff)) m.effects.push(eff);
      if (!eff.summarized) m.call = true;
      // Conservative: a write through a pointer the callee reaches, or through one it is given, may change anything.
      if (eff.throughPointers) m.wild = true;
      args.forEach((written, k) => {
        // `&a[j][0] + 1` is `&a[j][1]`: it points into a, not anywhere (pointed-argument.ts).
        const a = this.proc.language === "c" ? pointedArgument(written) : written;
        if (eff.writes(MEMORY, k) && passesPointer(a, this.proc.language)) m.wild = true;
        for (const v of baseSyms(a)) if (eff.writes(v, k)) addSym(v);
      });
    };
    const addSym = (sym: Sym) => {
      m.syms.add(sym.id);
      if (sym.equivalence !== undefined) m.equivalence.add(sym.equivalence);
    };
    const addTarget = (e: Expr) => {
      const syms = baseSyms(e);
      if (syms.length === 0 || e.kind === "deref" || (e.kind === "member" && e.arrow)) m.wild = true;
      for (const v of syms) addSym(v);
    };
    const exprEffects = (e: Expr) =>
      walkExpr(e, (x) => {
        if (x.kind === "assign-expr") addTarget(x.target);
        // A pure call (intrinsic, statement function) modifies nothing.
        else if (x.kind === "call" && !x.pure) called(x.name, x.args);
        else if (x.kind === "implied-do") addSym(x.index);
      });
    switch (s.kind) {
      case "assign":
        addTarget(s.lhs);
        break;
      case "loop":
        if (s.index) addSym(s.index);
        break;
      case "call":
        if (!s.pure) called(s.name, s.args);
        break;
      case "io":
        for (const d of s.defs) addTarget(d);
        break;
      case "allocate":
      case "deallocate":
        for (const o of s.objects) addTarget(o);
        if (s.stat) addTarget(s.stat);
        break;
      case "opaque":
        m.wild = true;
        break;
    }
    for (const e of stmtExprs(s)) exprEffects(e);
    for (const b of childBlocks(s)) {
      for (const c of b) {
        const cm = this.modOf(c);
        for (const v of cm.syms) m.syms.add(v);
        for (const v of cm.equivalence) m.equivalence.add(v);
        m.call ||= cm.call;
        m.wild ||= cm.wild;
        for (const e of cm.effects) if (!m.effects.includes(e)) m.effects.push(e);
      }
    }
    this.mods.set(s, m);
    return m;
  }

  private readonly effects = new Map<string, CallEffect>();

  /** What a call to `name` may do (its summary, or the worst). */
  effectOf(name: string): CallEffect {
    let e = this.effects.get(name);
    if (!e) this.effects.set(name, (e = callEffect(name, this.summaries, this.proc)));
    return e;
  }

  /** Whether executing `s` may change the value of `sym` (see the file comment). */
  modifies(s: Stmt, sym: Sym): boolean {
    const m = this.modOf(s);
    if (m.wild) return true;
    if (m.syms.has(sym.id)) return true;
    if (sym.equivalence !== undefined && m.equivalence.has(sym.equivalence)) return true;
    if (m.call && visibleToCallees(sym)) return true;
    for (const e of m.effects) if (e.writes(sym, null)) return true;
    if (m.call && this.addressTaken.has(sym.id)) return true;
    return false;
  }

  /** Whether any statement of `list[from..to)` may modify `sym`. */
  modifiesRange(list: readonly Stmt[], from: number, to: number, sym: Sym): boolean {
    for (let i = from; i < to; i++) if (this.modifies(list[i]!, sym)) return true;
    return false;
  }

  /** Whether the loop's body has jumps that may skip or repeat statements (goto and friends). */
  hasJumps(loop: Loop): boolean {
    if (this.jumpCache.has(loop)) return this.jumpCache.get(loop)!;
    let found = false;
    const visit = (list: readonly Stmt[]) => {
      for (const s of list) {
        if (isJump(s) || s.kind === "return" || s.kind === "stop") found = true;
        for (const b of childBlocks(s)) visit(b);
      }
    };
    visit(loop.body);
    this.jumpCache.set(loop, found);
    return found;
  }
  private readonly jumpCache = new Map<Loop, boolean>();

  /**
   * Whether an iteration of `loop` may end before its last statement or
   * the loop may end early: EXIT/CYCLE/break/continue aimed at it or at an
   * enclosing loop, or any jump. Induction variables need every iteration
   * to run its increments (seed 004 §2.1: "a single definition that
   * dominates the loop exit").
   */
  hasEarlyExit(loop: Loop): boolean {
    if (this.hasJumps(loop)) return true;
    const inner = new Set<number>();
    let found = false;
    const visit = (list: readonly Stmt[]) => {
      for (const s of list) {
        // A C break with no loop id leaves a switch, not the loop.
        if ((s.kind === "exit" || s.kind === "cycle") && (s.loopId === null ? s.kind === "cycle" : !inner.has(s.loopId))) found = true;
        if (s.kind === "loop") {
          inner.add(s.id);
          for (const b of childBlocks(s)) visit(b);
          inner.delete(s.id);
        } else for (const b of childBlocks(s)) visit(b);
      }
    };
    visit(loop.body);
    return found;
  }
}

/** A statement that may continue at a label elsewhere. */
function isJump(s: Stmt): boolean {
  if (s.kind === "goto" || s.kind === "computed-goto" || s.kind === "arith-if") return true;
  if (s.kind === "call" && s.altReturns?.length) return true;
  return s.kind === "io" && s.jumpLabels.length > 0;
}

/** The variables an access expression names: `a` for a(i), x for x, the base of members. */
export function baseSyms(e: Expr): Sym[] {
  switch (e.kind) {
    case "var":
    case "elem":
    case "section":
      return [e.sym];
    case "member":
      return baseSyms(e.base);
    case "cast":
      return baseSyms(e.operand);
    case "addr":
      return baseSyms(e.operand);
    case "deref":
      return [];
    default:
      return [];
  }
}

/** Variables a called procedure may reach without being passed them. */
export function visibleToCallees(s: Sym): boolean {
  return s.storage === "common" || s.storage === "module" || s.storage === "global" || s.attrs.save === true || s.attrs.target === true;
}
