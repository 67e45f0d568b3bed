import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import type { SummaryLookup } from "../summaries/summary.js";

/** Index of a variable (an alias class of symbols) in its procedure's VarTable. */
export type VarId = number;

/**
 * A variable as the dataflow analyses see it: a set of symbols that share
 * storage. Most are one symbol; EQUIVALENCEd symbols form one variable
 * (a write to one may change the others), and two pseudo-variables stand
 * for state the program does not name: the I/O system (every I/O statement
 * reads and changes it, so I/O statements stay ordered) and, in C, memory
 * reached through pointers.
 */
export interface Var {
  id: VarId;
  /** Display name: the symbols' names (`p=r` for an EQUIVALENCE group), or "(io)" / "(memory)". */
  name: string;
  syms: Sym[];
  /** Every member is a scalar (no dimensions); pseudo-variables are not. */
  scalar: boolean;
  pseudo?: "io" | "memory";
  /** May be read after the procedure returns: dummies, commons, module and C globals, SAVEd locals, results. */
  liveAtExit: boolean;
  /** A procedure this one calls may read or write it without it being an argument. */
  visibleToCallees: boolean;
  /** A pointer may point into it: in C a global, an array parameter, a pointer's target, a variable whose address is taken; in Fortran a POINTER or TARGET. */
  pointerReachable: boolean;
  /** The procedure's statements name it (not only a declaration, e.g. of an included COMMON block). */
  referenced: boolean;
}

/**
 * The variables of one procedure. Ids are dense so variable sets are bit
 * vectors (the region analysis of seed 004 §1.1 works on variable sets).
 */
export class VarTable {
  readonly vars: Var[] = [];
  private bySym = new Map<number, VarId>();
  private byEquiv = new Map<number, VarId>();
  private pseudo = new Map<string, VarId>();
  private own: Set<Sym>;
  /** Symbols whose address is taken (C `&x`); set before their variables are created. */
  readonly addressTaken = new Set<Sym>();

  /** `untaken`: C globals no pointer can reach in the whole program (ProgramLink.untakenGlobal). */
  constructor(
    readonly proc: Procedure,
    private readonly untaken?: (s: Sym) => boolean,
  ) {
    this.own = new Set([...proc.symbols.values(), ...proc.params]);
    if (proc.result) this.own.add(proc.result);
  }

  /** The variable a symbol belongs to, created on first use. */
  varOf(sym: Sym): VarId {
    const known = this.bySym.get(sym.id);
    if (known !== undefined) return known;
    let id: VarId;
    if (sym.equivalence !== undefined && this.byEquiv.has(sym.equivalence)) {
      id = this.byEquiv.get(sym.equivalence)!;
      const v = this.vars[id]!;
      v.syms.push(sym);
      v.name += "=" + sym.name;
      v.scalar &&= sym.dims.length === 0;
      v.liveAtExit ||= this.liveAtExit(sym);
      v.visibleToCallees ||= this.visibleToCallees(sym);
      v.pointerReachable ||= this.pointerReachable(sym);
    } else {
      id = this.vars.length;
      this.vars.push({
        id,
        name: sym.name,
        syms: [sym],
        scalar: sym.dims.length === 0,
        liveAtExit: this.liveAtExit(sym),
        visibleToCallees: this.visibleToCallees(sym),
        pointerReachable: this.pointerReachable(sym),
        referenced: false,
      });
      if (sym.equivalence !== undefined) this.byEquiv.set(sym.equivalence, id);
    }
    this.bySym.set(sym.id, id);
    return id;
  }

  /** The variable of a symbol if the procedure references it, else undefined. */
  lookup(sym: Sym): VarId | undefined {
    return this.bySym.get(sym.id);
  }

  /** The I/O-state pseudo-variable. */
  ioVar(): VarId {
    return this.pseudoVar("io", "(io)");
  }

  /** Memory reached through C pointers. */
  memoryVar(): VarId {
    return this.pseudoVar("memory", "(memory)");
  }

  get size(): number {
    return this.vars.length;
  }

  private pseudoVar(kind: "io" | "memory", name: string): VarId {
    const known = this.pseudo.get(kind);
    if (known !== undefined) return known;
    const id = this.vars.length;
    this.vars.push({ id, name, syms: [], scalar: false, pseudo: kind, liveAtExit: true, visibleToCallees: true, pointerReachable: false, referenced: true });
    this.pseudo.set(kind, id);
    return id;
  }

  private isHostAssociated(sym: Sym): boolean {
    return (sym.storage === "local" || sym.storage === "dummy" || sym.storage === "result") && !this.own.has(sym);
  }

  private liveAtExit(sym: Sym): boolean {
    switch (sym.storage) {
      case "dummy":
      case "common":
      case "module":
      case "global":
      case "result":
        return true;
      default:
        return !!sym.attrs.save || !!sym.attrs.initialized || this.isHostAssociated(sym);
    }
  }

  private pointerReachable(sym: Sym): boolean {
    if (this.proc.language !== "c") return !!sym.attrs.pointer || !!sym.attrs.target;
    // No file of the whole program takes its address (this one included): no pointer reaches it.
    if (sym.storage === "global" && this.untaken?.(sym)) return false;
    return sym.storage === "global" || (sym.storage === "dummy" && sym.dims.length > 0) || !!sym.attrs.pointer || this.addressTaken.has(sym);
  }

  private visibleToCallees(sym: Sym): boolean {
    // Conservative: host-associated variables count as visible, since an internal procedure of the host may be the callee.
    return sym.storage === "common" || sym.storage === "module" || sym.storage === "global" || this.isHostAssociated(sym);
  }
}

/**
 * The variable table of a procedure with every variable it references or
 * declares, created before any reference so that EQUIVALENCE groups are
 * complete and C address-taken variables are known when references are
 * made (calls and pointer accesses consult both).
 */
export function buildVarTable(proc: Procedure, untaken?: (s: Sym) => boolean, summaries?: SummaryLookup): VarTable {
  const t = new VarTable(proc, untaken);
  const seen: Sym[] = [];
  // `&v` handed to a parameter its callee never keeps past the call (FormalEffect.keeps, NPB's
  // randlc(&x, a)): what the call does to v its summary says; afterwards no pointer reaches v.
  // A call is met before its arguments (statements before their expressions, walkExpr in pre-order).
  const given = new Set<Expr>();
  const lent = (name: string, args: readonly Expr[], intrinsic?: boolean) => {
    if (!summaries || proc.language !== "c" || intrinsic) return;
    const formals = summaries(name)?.formals;
    args.forEach((a, k) => void (a.kind === "addr" && a.operand.kind === "var" && a.operand.sym.dims.length === 0 && formals?.[k]?.keeps === false && given.add(a)));
  };
  const note = (e: Expr) => {
    if (e.kind === "var" || e.kind === "elem" || e.kind === "section") seen.push(e.sym);
    else if (e.kind === "implied-do") seen.push(e.index);
    else if (e.kind === "call") lent(e.name, e.args, e.intrinsic);
    else if (e.kind === "addr" && !given.has(e)) {
      let x = e.operand;
      while (x.kind === "member") x = x.base;
      if (x.kind === "var" || x.kind === "elem" || x.kind === "section") t.addressTaken.add(x.sym);
    }
  };
  walkStmts(proc.body, (s) => {
    if (s.kind === "call") lent(s.name, s.args, s.intrinsic);
    for (const e of stmtExprs(s)) walkExpr(e, note);
    if (s.kind === "loop" && s.index) seen.push(s.index);
  });
  for (const sf of proc.statementFunctions.values()) {
    const params = new Set(sf.params);
    walkExpr(sf.body, (e) => {
      if ((e.kind === "var" || e.kind === "elem" || e.kind === "section") && !params.has(e.sym)) seen.push(e.sym);
    });
  }
  const isVar = (s: Sym) => s.storage !== "parameter" && s.storage !== "procedure" && !s.attrs.statementFunction;
  for (const s of proc.symbols.values()) if (isVar(s)) t.varOf(s);
  for (const s of seen) if (isVar(s)) t.vars[t.varOf(s)]!.referenced = true;
  return t;
}
