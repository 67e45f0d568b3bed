import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import { globalName, type Sym } from "../../ir/symbol.js";
import { evalInt } from "../../ir/const-eval.js";
import { exprEquals } from "../../ir/expr-equals.js";
import { childBlocks, stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import { memberExtent, overlaps, typeBytes, type Extent } from "../summaries/common-layout.js";
import { hasBackwardJump } from "./backward-jump.js";
import { calleesOf, formalWritten } from "./formal-written.js";
import { RunConstants } from "../constants/run-constants.js";

/** Where a procedure is called: the caller, and whether the call is inside one of its loops. */
interface SiteOfCall {
  caller: Procedure;
  inLoop: boolean;
}

/** The procedures of a run, as the facts need them. */
export interface FactWorld {
  procedures: readonly Procedure[];
  /** The procedure of the run a name called from `caller` is (an unknown one may write any COMMON variable). */
  resolve(name: string, caller: Procedure): Procedure | undefined;
  /**
   * The procedures of the run a call of a name several files define may
   * reach (LinkedNames.alternatives); null when it is not such a name.
   * The call is each one's (may) call site.
   */
  alternatives?(name: string, caller: Procedure): readonly Procedure[] | null;
  /**
   * C globals, when the run is the whole program (ProgramLink.closed):
   * the global of a name in a procedure's file, and whether no pointer can
   * reach it (ProgramLink.untakenGlobal). Absent: C globals have no facts.
   */
  cGlobals?: { inFile(proc: Procedure, name: string): Sym | undefined; untaken(s: Sym): boolean };
  /**
   * The procedures are the whole program (ProgramLink.closed or
   * wholeFortran): every call of each of them is among them. Then a dummy
   * every call gives one constant has it (run-constants.ts).
   */
  whole?: boolean;
}

/** An IF around a definition, and which of its branches holds it. */
interface Arm {
  stmt: Stmt;
  then: boolean;
}

/** What is known of a COMMON scalar across the run. */
interface Fact {
  /** What its definitions assign (an assignment of `rhs`; a READ, or definitions that differ: null). */
  rhs: Expr | null;
  definer: Procedure;
  /** Each definition's IFs, outermost first: at most one of them runs (they sit in different branches of one IF). */
  arms: Arm[][];
  /** The index in the definer's body of the top-level statement that holds the last definition. */
  top: number;
}

/**
 * COMMON scalars that take one value for the whole run (LU's `ist = 2`,
 * `iend = nx - 1`, set once by `domain`): defined by exactly one statement
 * in all the files, an assignment or a READ that runs at most once (not
 * in a loop, in a procedure that runs at most once: the main program, or
 * one called from one place outside loops of a procedure that runs at most
 * once). Such a variable, once set, keeps its value, and a standard-
 * conforming program never reads it before (an undefined variable may not
 * be referenced: F2008 16.6.1), so wherever it is read it equals its
 * assignment's right-hand side when that is built from constants and
 * other such variables. The coverage walk compares bounds with that value:
 * `flux(m, iend + 1)` lies in `flux(m, 1:nx)`.
 *
 * Elements of COMMON arrays with constant subscripts too (SP's
 * `grid_points(1)`), by their bytes in the block, when every store to the
 * array's storage in the run is to such an element. An element, or a
 * scalar, may also have several definitions when they are in one
 * procedure that runs once, outside loops and GO TO cycles, each in its
 * own branch of an IF around the others: at most one of them runs (SP
 * reads grid_points from a file, or sets the defaults).
 *
 * Conservative: no fact at all when some call of the run reaches a
 * procedure that is not in it (it could write any COMMON variable); a
 * variable given as an argument, in a DO, in a DATA statement or an
 * EQUIVALENCE has more than one definition.
 *
 * C globals too, when the files are the whole program (`cGlobals`): a
 * global number no pointer reaches (no `&x` anywhere) and not
 * initialized, defined by one top-level assignment of main or of a
 * procedure main calls once from its top level, and read only after it
 * (setBeforeUse: a C global holds 0 until then). NPB-C LU's domain() sets
 * ist = 1 and iend = nx - 1 for the whole run.
 */
export class CommonFacts {
  private readonly facts = new Map<string, Fact | "many">();
  private readonly once = new Map<Procedure, boolean>();
  private readonly valueMemo = new Map<string, Expr | null>();
  private readonly none: boolean;
  private readonly sites = new Map<Procedure, SiteOfCall[]>();

  /** Integer constants across calls (interprocedural constant propagation) over the same procedures. */
  readonly constants: RunConstants;

  constructor(readonly world: FactWorld) {
    this.constants = new RunConstants(world);
    let unknown = false;
    for (const p of world.procedures) if (this.scan(p)) unknown = true;
    this.none = unknown;
  }

  /**
   * Whether an element of a COMMON array with constant subscripts
   * (`grid_points(2)`) is set once for the run, as a scalar is (stableIn):
   * every definition of the array's storage in the run is of a constant
   * element, and its own are in different branches of one IF.
   */
  stableElemIn(proc: Procedure, e: Expr): boolean {
    if (this.none) return false;
    const key = this.elemKeyOf(proc, e);
    return !!key && this.stable(key);
  }

  /** The value of such an element wherever `proc` reads it, in `proc`'s symbols; undefined when not known. */
  elemValueIn(proc: Procedure, e: Expr): Expr | undefined {
    if (this.none) return undefined;
    const key = this.elemKeyOf(proc, e);
    const v = key ? this.value(key) : null;
    return v ? (this.inTerms(v, proc) ?? undefined) : undefined;
  }

  /**
   * Whether `e` (of `proc`) is built from constants and facts (COMMON
   * storage, C globals) that the main program (Fortran's, or C's main)
   * defines before it calls a procedure of the run: every other
   * procedure runs after they are set, so `e` has one value wherever it is
   * evaluated outside the main program (a run-time check in one procedure
   * of what another reads later: SP's `grid_points(2) - 2 >= 2`).
   */
  earlyIn(proc: Procedure, e: Expr): boolean {
    if (this.none) return false;
    let ok = true;
    walkExpr(e, (x) => {
      if (!ok || x.kind === "int" || x.kind === "binary" || x.kind === "unary") return;
      if (x.kind === "var" && x.sym.storage === "parameter") return;
      const key = x.kind === "var" && (x.sym.storage === "common" || x.sym.storage === "global") ? this.keyOf(proc, x.sym) : x.kind === "elem" ? this.elemKeyOf(proc, x) : null;
      if (!key || !this.stable(key) || !this.early(key)) ok = false;
      // The subscripts of an element are constants (its key says so); nothing below it to see.
    });
    return ok;
  }

  /** An expression of facts and constants of `from` in the symbols of `to` (COMMON: the members at the same bytes; C: the globals of the same name), or null. */
  moveTo(e: Expr, from: Procedure, to: Procedure): Expr | null {
    return mapLeaves(e, (x) => {
      const v = evalInt(x);
      if (v !== undefined) return { kind: "int", value: v, type: x.type, span: x.span } as Expr;
      if (x.kind === "var") {
        const key = x.sym.storage === "common" || x.sym.storage === "global" ? this.keyOf(from, x.sym) : null;
        const mine = key ? this.memberAt(to, key) : null;
        return mine ? { ...x, sym: mine } : null;
      }
      const key = x.kind === "elem" ? this.elemKeyOf(from, x) : null;
      return key && x.kind === "elem" ? this.elementAt(to, key, x) : null;
    });
  }

  /** Defined by the main program (Fortran), in top-level statements before the first that makes a call. */
  private early(key: string): boolean {
    const f = this.facts.get(key);
    if (!f || f === "many" || !(f.definer.kind === "program" || (f.definer.language === "c" && f.definer.name === "main"))) return false;
    // A call of the run (printf or fopen call nothing of the program).
    const first = f.definer.body.findIndex((s) => contains(s, (x) => stmtCalls(x, (n) => calleesOf(this.world, n, f.definer) !== null)));
    return first < 0 || f.top < first;
  }

  /** Whether `sym` (of `proc`) is a COMMON scalar set once for the run: its value, wherever it is read, is fixed. */
  stableIn(proc: Procedure, sym: Sym): boolean {
    if (this.none || sym.dims.length > 0) return false;
    const key = this.keyOf(proc, sym);
    return !!key && this.stable(key);
  }

  /** The value `sym` (a COMMON scalar of `proc`) has wherever `proc` may read it, in `proc`'s symbols; undefined when not known. */
  valueIn(proc: Procedure, sym: Sym): Expr | undefined {
    if (this.none || sym.dims.length > 0) return undefined;
    const key = this.keyOf(proc, sym);
    if (!key) return undefined;
    const v = this.value(key);
    return v ? (this.inTerms(v, proc) ?? undefined) : undefined;
  }

  /** Whether the scalar is set once for the run (any one definition that runs at most once): it never changes after. */
  private stable(key: string): boolean {
    // Remembered: the coverage walks ask it for every bound they compare, and a C global's check walks the program.
    let r = this.stableMemo.get(key);
    if (r === undefined) {
      const f = this.facts.get(key);
      const array = arrayOfKey(key);
      r = !!f && f !== "many" && this.executedOnce(f.definer) && (key.startsWith("g:") ? !(array && this.poisonedArrays.has(array)) && this.setBeforeUse(key, f) : this.alone(key));
      this.stableMemo.set(key, r);
    }
    return r;
  }
  private readonly stableMemo = new Map<string, boolean>();

  /**
   * COMMON storage no other definition reaches: no store to its block's
   * bytes but through this key (an array element, a member laid out
   * otherwise in another procedure, a whole array read or passed).
   */
  private alone(key: string): boolean {
    const x = parseKey(key);
    if (!x) return false;
    if ((this.poisoned.get(x.block) ?? []).some((e) => overlaps(e, x))) return false;
    for (const k of this.facts.keys()) {
      if (k === key) continue;
      const y = parseKey(k);
      if (y && y.block === x.block && overlaps(x, y)) return false;
    }
    return true;
  }
  /** C global arrays (their keys' prefix) some statement stores to in a way the facts do not follow. */
  private readonly poisonedArrays = new Set<string>();
  /** Byte extents of each block that something stores to in a way the facts do not follow. */
  private readonly poisoned = new Map<string, Extent[]>();

  /** The procedures whose address some procedure takes (named as a value, not called): callable from anywhere. */
  private escaped(): Set<string> {
    if (!this.escapedNames) {
      const out = new Set<string>();
      for (const q of this.world.procedures) for (const st of q.body) stmtMentions(st, (sym) => (sym.storage === "procedure" && out.add(sym.name), false));
      this.escapedNames = out;
    }
    return this.escapedNames;
  }
  private escapedNames: Set<string> | undefined;

  /** The fact's right-hand side when its COMMON scalars are all stable (in the definer's symbols). */
  private value(key: string): { e: Expr; from: Procedure } | null {
    const f = this.facts.get(key);
    const hit = this.valueMemo.get(key);
    if (hit !== undefined) return hit && f && f !== "many" ? { e: hit, from: f.definer } : null;
    let ok = !!f && f !== "many" && !!f.rhs && this.stable(key);
    if (ok && f && f !== "many" && f.rhs)
      walkExpr(f.rhs, (x) => {
        if (x.kind === "var") {
          if (x.sym.storage === "parameter") return;
          const k = x.sym.dims.length === 0 ? this.keyOf(f.definer, x.sym) : null;
          // Conservative: `n = n + 1` is no value of n (a definition run once reads the value before).
          if (!k || k === key || !this.stable(k)) ok = false;
        } else if (x.kind === "elem") {
          const k = this.elemKeyOf(f.definer, x);
          if (!k || k === key || !this.stable(k)) ok = false;
        } else if (x.kind !== "int" && x.kind !== "binary" && x.kind !== "unary") ok = false;
      });
    const e = ok && f && f !== "many" ? f.rhs : null;
    this.valueMemo.set(key, e);
    return e && f && f !== "many" ? { e, from: f.definer } : null;
  }

  /** A value in another procedure's symbols: each COMMON scalar by the member at its offset there, or by its own value. */
  private inTerms(v: { e: Expr; from: Procedure }, proc: Procedure): Expr | null {
    return mapLeaves(v.e, (x) => {
      if (x.kind === "var") {
        if (x.sym.storage === "parameter") return x;
        const key = this.keyOf(v.from, x.sym);
        const mine = key ? this.memberAt(proc, key) : null;
        if (mine) return { ...x, sym: mine };
        const w = key ? this.value(key) : null;
        return w ? this.inTerms(w, proc) : null;
      }
      if (x.kind === "elem") {
        const key = this.elemKeyOf(v.from, x);
        const mine = key ? this.elementAt(proc, key, x) : null;
        if (mine) return mine;
        const w = key ? this.value(key) : null;
        return w ? this.inTerms(w, proc) : null;
      }
      return x;
    });
  }

  /** Records the definitions of COMMON scalars (and array elements) in a procedure; true when it calls something not in the run. */
  private scan(p: Procedure): boolean {
    let unknown = false;
    for (const s of p.symbols.values()) if (s.storage === "common" && (s.attrs.initialized || s.equivalence !== undefined)) this.many(p, s);
    // Conservative: a jump back may run a definition again.
    const again = hasBackwardJump(p.body);
    // A store: a definition of a scalar or of a constant element, else of any element of the array.
    // `top`: the index in p's body of the top-level statement that holds it.
    const store = (t: Expr, rhs: Expr | null, inLoop: boolean, arms: Arm[], top: number) => {
      if (t.kind !== "var" && t.kind !== "elem" && t.kind !== "section") return;
      const key = t.kind === "var" && t.sym.dims.length === 0 ? this.keyOf(p, t.sym) : t.kind === "elem" ? this.elemKeyOf(p, t) : null;
      if (key) this.define(key, p, rhs, inLoop || again, arms, top);
      else if (t.sym.dims.length > 0) this.many(p, t.sym);
    };
    // A variable given to a dummy a callee (any one an ambiguous name may reach) may change: one more
    // definition. Only an argument that is a variable, an element or a section is passed by reference
    // (`nx2 + 1` is a temporary); C passes by value: only `&x`, which keeps x out of the facts, lets a callee change it.
    const passed = (args: readonly Expr[], callees: readonly Procedure[] | null) => {
      if (p.language !== "c") args.forEach((a, k) => (a.kind === "var" || a.kind === "elem" || a.kind === "section") && (!callees || callees.some((c) => formalWritten(c, k, this.world, 3))) && this.many(p, a.sym));
    };
    const walk = (list: readonly Stmt[], inLoop: boolean, arms: Arm[], top: number) => {
      for (const s of list) {
        if (s.kind === "assign") store(s.lhs, s.rhs, inLoop, arms, top);
        if (s.kind === "io") for (const d of s.defs) walkExpr(d, (x) => void ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && (d.kind === "implied-do" ? this.many(p, x.sym) : x === d && store(x, null, inLoop, arms, top))));
        if (s.kind === "loop" && s.index) this.many(p, s.index);
        if (s.kind === "call" && !s.pure) {
          if (!s.intrinsic && !this.called(s.name, p, inLoop)) unknown = true;
          passed(s.args, s.intrinsic ? null : calleesOf(this.world, s.name, p));
        }
        for (const e of stmtExprs(s))
          walkExpr(e, (x) => {
            // fscanf(fp, "%d", &g[0]): a definition of the element (C arrays whose elements are facts: cArrayTracked).
            if (p.language === "c") for (const a of scanfStores(x)) store(a.operand, null, inLoop, arms, top);
            if (x.kind === "call" && !x.pure && !x.intrinsic && !x.sym?.attrs.statementFunction) {
              if (!this.called(x.name, p, inLoop)) unknown = true;
              passed(x.args, calleesOf(this.world, x.name, p));
            }
            // An implied DO defines its index (what a READ's defines, the io case above has).
            if (x.kind === "implied-do") this.many(p, x.index);
            if (x.kind === "assign-expr") walkExpr(x, (y) => void ((y.kind === "var" || y.kind === "elem") && this.many(p, y.sym)));
          });
        if (s.kind === "if") {
          walk(s.then, inLoop, [...arms, { stmt: s, then: true }], top);
          walk(s.else, inLoop, [...arms, { stmt: s, then: false }], top);
        } else for (const b of childBlocks(s)) walk(b, inLoop || s.kind === "loop", arms, top);
      }
    };
    p.body.forEach((s, top) => walk([s], false, [], top));
    return unknown;
  }

  /**
   * One more definition of a key: a fact while every definition is in the
   * same procedure, outside loops, each in its own branch of an IF around
   * the others (SP's grid_points(1): read from a file, or set to the
   * default); else "many".
   */
  private define(key: string, p: Procedure, rhs: Expr | null, inLoop: boolean, arms: Arm[], top: number): void {
    // C: a definition under a condition may not run, and the global keeps its 0: no value, only stability.
    if (p.language === "c" && arms.length > 0) rhs = null;
    const old = this.facts.get(key);
    if (inLoop || old === "many") return void this.facts.set(key, "many");
    if (old === undefined) return void this.facts.set(key, { rhs, definer: p, arms: [arms], top });
    if (old.definer !== p || !old.arms.every((a) => exclusive(a, arms))) return void this.facts.set(key, "many");
    this.facts.set(key, { rhs: old.rhs && rhs && exprEquals(old.rhs, rhs) ? old.rhs : null, definer: p, arms: [...old.arms, arms], top: Math.max(old.top, top) });
  }

  /** The key of an element with constant subscripts: a Fortran COMMON array's (its bytes in the block), or a C global array's whose every use is an element (trackedArrays). */
  private elemKeyOf(p: Procedure, e: Expr): string | null {
    if (p.language === "fortran") return elemKey(p, e);
    if (e.kind !== "elem" || !this.cArrayTracked(e.sym)) return null;
    const subs = e.subs.map((x) => evalInt(x));
    if (subs.some((v, k) => v === undefined || v < 0 || (evalInt(e.sym.dims[k]!.upper ?? e.sym.dims[k]!.lower) ?? -1) < v)) return null;
    return `${this.cKey(e.sym, true)}[${subs.join(",")}]`;
  }

  /** The storage of a key in a procedure's symbols, as `like` (an element) names it. */
  private elementAt(p: Procedure, key: string, like: Expr & { kind: "elem" }): Expr | null {
    if (!key.startsWith("g:")) return elementAt(p, key, like);
    const g = this.world.cGlobals?.inFile(p, like.sym.name);
    return g && this.elemKeyOf(p, { ...like, sym: g }) === key ? { ...like, sym: g } : null;
  }

  /**
   * A C global array whose elements may be facts: the program is whole
   * (cGlobals), the array of plain numbers is not initialized, and every
   * use of it in every procedure is an element (`g[k]`), never the array
   * itself (a pointer to it could write any element) nor an element's
   * address, but as an argument of fscanf, scanf or sscanf (which only
   * store there).
   */
  private cArrayTracked(g: Sym): boolean {
    const c = this.world.cGlobals;
    if (!c || g.storage !== "global" || g.dims.length === 0 || g.attrs.initialized || g.attrs.pointer || g.type.base === "pointer" || g.type.base === "derived") return false;
    this.loose ??= this.looseArrays();
    return !this.loose.has(globalName(g));
  }
  private loose: Set<string> | undefined;

  /** C global arrays some statement uses otherwise than by element (by name; a static's with its file). */
  private looseArrays(): Set<string> {
    const out = new Set<string>();
    for (const p of this.world.procedures) {
      if (p.language !== "c") continue;
      const scanned = new Set<Expr>();
      const visit = (e: Expr) =>
        walkExpr(e, (x) => {
          for (const a of scanfStores(x)) scanned.add(a);
          if (x.kind === "var" && x.sym.storage === "global" && x.sym.dims.length > 0) out.add(globalName(x.sym));
          if (x.kind === "addr" && !scanned.has(x)) walkExpr(x.operand, (y) => void ((y.kind === "elem" || y.kind === "var") && y.sym.storage === "global" && y.sym.dims.length > 0 && out.add(globalName(y.sym))));
        });
      walkStmts(p.body, (st) => stmtExprs(st).forEach(visit));
    }
    return out;
  }

  /** A COMMON scalar by block, byte offset and size; a C global number no pointer reaches (cGlobals) by name. */
  private keyOf(p: Procedure, s: Sym): string | null {
    if (s.storage === "common") return keyOf(p, s);
    return p.language === "c" ? this.cKey(s) : null;
  }

  /** A C global's key: its name (a static's with its file), when facts may be kept for it (`array`: the prefix of its elements' keys). */
  private cKey(s: Sym, array = false): string | null {
    const c = this.world.cGlobals;
    if (!array && (!c || s.storage !== "global" || s.dims.length > 0 || s.attrs.initialized || !c.untaken(s))) return null;
    return `g:${globalName(s)}`;
  }

  private memberAt(p: Procedure, key: string): Sym | null {
    if (!key.startsWith("g:")) return memberAt(p, key);
    const g = this.world.cGlobals?.inFile(p, key.slice(key.lastIndexOf(":") + 1));
    return g && this.keyOf(p, g) === key ? g : null;
  }

  /**
   * A C global has the value 0 until it is assigned (static storage, C11
   * 6.7.9p10), so its one definition gives its value everywhere only if
   * nothing reads it before: here, when it is defined by main, or by a
   * procedure main calls once from its top level, and every read is in
   * main's or that procedure's top-level statements after the one that
   * defines it, or in procedures called only from there (NPB-C LU's
   * domain() sets ist and iend before anything reads them).
   */
  private setBeforeUse(key: string, f: Fact): boolean {
    const main = this.world.procedures.find((p) => p.language === "c" && p.name === "main");
    if (!main) return false;
    // An element's key names its array: any use of the array counts.
    const array = arrayOfKey(key);
    const mentions = (s: Stmt) => stmtMentions(s, (sym) => (array ? sym.storage === "global" && this.cKey(sym, true) === array : this.cKey(sym) === key));
    // The definition, and main's call of the definer, are top-level statements that run whenever the
    // procedure does: no return or goto before them (exit(), or a return from main, ends the program: harmless).
    const jumps = (p: Procedure, upTo: number) => p.body.slice(0, upTo).some((st) => contains(st, (x) => (x.kind === "return" && p !== main) || x.kind === "goto"));
    // The top-level statement that holds the definitions (an IF with one in each branch: SP's fscanf or defaults);
    // nested, it may hold no other use of the variable, which could come before a definition.
    const defAt = f.top;
    const at = f.definer.body[defAt];
    if (!at || (f.arms.some((a) => a.length > 0) && !onlyDefines(at, (sym) => (array ? this.cKey(sym, true) === array : this.cKey(sym) === key)))) return false;
    let mainAt: number;
    if (f.definer === main) mainAt = defAt;
    else {
      const sites = this.sites.get(f.definer) ?? [];
      if (sites.length !== 1 || sites[0]!.caller !== main) return false;
      mainAt = main.body.findIndex((st) => childBlocks(st).length === 0 && callsName(st, f.definer.name));
    }
    if (mainAt < 0 || defAt < 0 || jumps(main, mainAt) || jumps(f.definer, defAt)) return false;
    // Procedures that run only after the definition: called only from main's statements after mainAt,
    // the definer's after defAt, or procedures that themselves run only after.
    const afterMemo = new Map<Procedure, boolean>();
    const after = (p: Procedure): boolean => {
      if (p === main || p === f.definer) return false;
      const hit = afterMemo.get(p);
      if (hit !== undefined) return hit;
      afterMemo.set(p, false);
      // Its address taken: it may be called from anywhere. Never called: it never runs.
      const ok = !this.escaped().has(p.name) && this.world.procedures.every((caller) => caller.body.every((s, i) => !callsName(s, p.name) || (caller === main ? i > mainAt : caller === f.definer ? i > defAt : after(caller))));
      afterMemo.set(p, ok);
      return ok;
    };
    for (const p of this.world.procedures) {
      if (p === main || p === f.definer) {
        const from = p === main ? mainAt : defAt;
        // Before the defining statement, no read (the defining statement itself reads only its right-hand side).
        if (p.body.some((s, i) => i < from && mentions(s))) return false;
        continue;
      }
      if (p.body.some(mentions) && !after(p)) return false;
    }
    return true;
  }


  /** Records a call site (at every procedure an ambiguous name may reach); false when the name is not a procedure of the run. */
  private called(name: string, caller: Procedure, inLoop: boolean): boolean {
    const ts = calleesOf(this.world, name, caller);
    if (!ts) return false;
    for (const t of ts) this.sites.set(t, [...(this.sites.get(t) ?? []), { caller, inLoop }]);
    return true;
  }

  private many(p: Procedure, s: Sym): void {
    if (s.dims.length > 0 && s.storage === "global") {
      // Any element of a C global array: none of them is a fact.
      this.poisonedArrays.add(this.cKey(s, true)!);
      return;
    }
    if (s.dims.length > 0) {
      // Any element of a COMMON array: none of them is a fact (C arrays have none).
      const ext = s.storage === "common" ? memberExtent(p, s) : null;
      const block = s.common ?? "";
      if (ext) this.poisoned.set(block, [...(this.poisoned.get(block) ?? []), ext]);
      else if (s.storage === "common") this.poisoned.set(block, [{ start: 0, end: Infinity }]);
      return;
    }
    const key = this.keyOf(p, s);
    if (key) this.facts.set(key, "many");
  }

  /** Runs at most once: the main program, or called from one place, outside loops, of a procedure that runs at most once. */
  private executedOnce(p: Procedure): boolean {
    const hit = this.once.get(p);
    if (hit !== undefined) return hit;
    // Conservative: a cycle of calls (recursion) runs any number of times.
    this.once.set(p, false);
    const sites = this.sites.get(p) ?? [];
    const r = p.kind === "program" || (p.language === "c" && p.name === "main") || (sites.length === 1 && !sites[0]!.inLoop && this.executedOnce(sites[0]!.caller));
    this.once.set(p, r);
    return r;
  }
}

/** A COMMON scalar named by block, byte offset and size. */
function keyOf(p: Procedure, s: Sym): string | null {
  const ext = memberExtent(p, s);
  return ext ? `${s.common ?? ""}@${ext.start}:${ext.end}` : null;
}

/** `e` with each operand of its unary and binary operations, down to the leaves, replaced by `leaf`'s: null when a leaf gives null. */
function mapLeaves(e: Expr, leaf: (x: Expr) => Expr | null): Expr | null {
  if (e.kind === "binary") {
    const l = mapLeaves(e.left, leaf);
    const r = l && mapLeaves(e.right, leaf);
    return l && r ? { ...e, left: l, right: r } : null;
  }
  if (e.kind === "unary") {
    const o = mapLeaves(e.operand, leaf);
    return o ? { ...e, operand: o } : null;
  }
  return leaf(e);
}

/** A COMMON key's block and bytes. */
function parseKey(key: string): (Extent & { block: string }) | null {
  const m = /^(.*)@(\d+):(\d+)$/.exec(key);
  return m ? { block: m[1]!, start: +m[2]!, end: +m[3]! } : null;
}

/** Whether two definitions cannot both run: some IF around both holds them in different branches. */
function exclusive(a: readonly Arm[], b: readonly Arm[]): boolean {
  return a.some((x) => b.some((y) => y.stmt === x.stmt && y.then !== x.then));
}

/** Column-major byte offset of an element with constant subscripts within its array (constant bounds), and its size. */
function elemOffset(s: Sym, subs: readonly Expr[]): Extent | null {
  const size = typeBytes(s.type);
  if (size === undefined || subs.length !== s.dims.length || subs.length === 0) return null;
  let off = 0;
  let stride = 1;
  for (let k = 0; k < subs.length; k++) {
    const d = s.dims[k]!;
    const lo = evalInt(d.lower);
    const hi = d.upper ? evalInt(d.upper) : undefined;
    const v = evalInt(subs[k]!);
    if (lo === undefined || hi === undefined || v === undefined || v < lo || v > hi) return null;
    off += (v - lo) * stride;
    stride *= hi - lo + 1;
  }
  return { start: off * size, end: off * size + size };
}

/** The key of a Fortran COMMON array's element with constant subscripts (`grid_points(2)`): its block and bytes, as a scalar's. */
function elemKey(p: Procedure, e: Expr): string | null {
  if (e.kind !== "elem" || p.language !== "fortran" || e.sym.storage !== "common" || e.sym.equivalence !== undefined) return null;
  const ext = memberExtent(p, e.sym);
  const at = ext && elemOffset(e.sym, e.subs);
  return at ? `${e.sym.common ?? ""}@${ext.start + at.start}:${ext.start + at.end}` : null;
}

/** The storage of a key in a procedure's symbols: a scalar member there, or the element of an array member laid out as `like`'s array. */
function elementAt(p: Procedure, key: string, like: Expr & { kind: "elem" }): Expr | null {
  const x = parseKey(key);
  if (!x) return null;
  for (const s of p.symbols.values()) {
    if (s.storage !== "common" || (s.common ?? "") !== x.block) continue;
    const ext = memberExtent(p, s);
    if (!ext || !overlaps(ext, x)) continue;
    if (s.dims.length === 0) return ext.start === x.start && ext.end === x.end ? { kind: "var", sym: s, type: s.type, span: like.span } : null;
    // The same array there (its element at the same bytes): the same subscripts.
    const at = elemOffset(s, like.subs);
    return at && ext.start + at.start === x.start && ext.start + at.end === x.end ? { ...like, sym: s } : null;
  }
  return null;
}

function memberAt(p: Procedure, key: string): Sym | null {
  for (const s of p.symbols.values()) if (s.storage === "common" && s.dims.length === 0 && keyOf(p, s) === key) return s;
  return null;
}

/** The facts of one procedure's symbols: COMMON scalars, and elements of COMMON arrays with constant subscripts. */
export interface ProcedureFacts {
  value(s: Sym): Expr | undefined;
  stable(s: Sym): boolean;
  elemValue?(e: Expr): Expr | undefined;
  elemStable?(e: Expr): boolean;
}

/** The facts as the coverage walk of one procedure takes them. */
export function factsIn(facts: CommonFacts | undefined, proc: Procedure): ProcedureFacts | undefined {
  if (!facts) return undefined;
  // A dummy every call of the whole program gives one constant, never stored into (run-constants.ts): that constant.
  const formal = (s: Sym): Expr | undefined => {
    if (s.storage !== "dummy") return undefined;
    const v = facts.constants.fixedFormal(proc, s);
    return v === undefined ? undefined : ({ kind: "int", value: v, span: s.span, type: { base: "integer", bytes: 4 } } as Expr);
  };
  return {
    value: (s) => facts.valueIn(proc, s) ?? formal(s),
    stable: (s) => facts.stableIn(proc, s) || formal(s) !== undefined,
    elemValue: (e) => facts.elemValueIn(proc, e),
    elemStable: (e) => facts.stableElemIn(proc, e),
  };
}

/** The scanf family: they store through their pointer arguments and keep none of them. */
const SCANF = new Set(["fscanf", "scanf", "sscanf"]);

/** The arguments `&g[k]` of a scanf-family call (none for any other expression): stores into those elements. */
function scanfStores(x: Expr): (Expr & { kind: "addr"; operand: Expr & { kind: "elem" } })[] {
  if (x.kind !== "call" || !SCANF.has(x.name)) return [];
  return x.args.filter((a): a is Expr & { kind: "addr"; operand: Expr & { kind: "elem" } } => a.kind === "addr" && a.operand.kind === "elem");
}

/** The key of the array an element's key (C: `g:name[k]`) belongs to; null for any other key. */
function arrayOfKey(key: string): string | null {
  return key.startsWith("g:") && key.endsWith("]") ? key.slice(0, key.indexOf("[")) : null;
}

/** Whether every use of the variable (`is`) in the statement is a store to it: an assignment's target, or an element whose address a scanf-family call is given. */
function onlyDefines(st: Stmt, is: (sym: Sym) => boolean): boolean {
  let ok = true;
  walkStmts([st], (x) => {
    const targets = new Set<Expr>();
    if (x.kind === "assign") targets.add(x.lhs);
    for (const e of stmtExprs(x))
      walkExpr(e, (y) => {
        for (const a of scanfStores(y)) targets.add(a.operand);
        if ((y.kind === "var" || y.kind === "elem") && is(y.sym) && !targets.has(y)) ok = false;
      });
  });
  return ok;
}

/** Whether a statement itself calls a procedure `ours` accepts (a CALL, or a function that is not an intrinsic or a statement function). */
function stmtCalls(s: Stmt, ours: (name: string) => boolean): boolean {
  if (s.kind === "call" && !s.intrinsic && ours(s.name)) return true;
  let yes = false;
  for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !x.intrinsic && !x.sym?.attrs.statementFunction && ours(x.name) && (yes = true)));
  return yes;
}

/** Whether `s` or a statement inside it satisfies `pred`. */
function contains(s: Stmt, pred: (s: Stmt) => boolean): boolean {
  return pred(s) || childBlocks(s).some((b) => b.some((x) => contains(x, pred)));
}

/** Whether a statement (with what it contains) names a symbol `is` accepts (`is` sees each symbol named once). */
function stmtMentions(s: Stmt, is: (sym: Sym) => boolean): boolean {
  for (const sym of namedIn(s).syms) if (is(sym)) return true;
  return false;
}

/** Whether a statement calls the procedure `name` (as a statement or in an expression). */
function callsName(s: Stmt, name: string): boolean {
  return namedIn(s).calls.has(name);
}

/**
 * The symbols a statement (with what it contains) names as variables or
 * elements, and the procedures it calls, remembered per statement: the
 * facts of C globals ask this of every top-level statement of the run for
 * each global (issue 16: NPB-C's whole programs were walked once per fact).
 */
function namedIn(s: Stmt): { syms: Set<Sym>; calls: Set<string> } {
  let n = named.get(s);
  if (!n) {
    const syms = new Set<Sym>();
    const calls = new Set<string>();
    walkStmts([s], (x) => {
      if (x.kind === "call") calls.add(x.name);
      for (const e of stmtExprs(x))
        walkExpr(e, (y) => {
          if (y.kind === "var" || y.kind === "elem") syms.add(y.sym);
          else if (y.kind === "call") calls.add(y.name);
        });
    });
    named.set(s, (n = { syms, calls }));
  }
  return n;
}
const named = new WeakMap<Stmt, { syms: Set<Sym>; calls: Set<string> }>();
