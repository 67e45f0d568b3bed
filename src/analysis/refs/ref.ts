import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import type { Span } from "../../source/span.js";
import type { VarId, VarTable } from "./vars.js";

/** Index of a reference in its procedure's RefTable; refs are numbered in execution order within each block. */
export type RefId = number;

export type RefKind = "def" | "use";

/** Why a reference exists when it is not an access written as such in the source. */
export type RefOrigin =
  | "explicit" // an access written in the statement
  | "call" // a called procedure may read/write it (argument by reference, COMMON, module variable)
  | "io" // an I/O statement reads/writes it (READ items, IOSTAT=, the I/O state)
  | "loop-init" // the DO index set before the first iteration
  | "loop-step" // the DO index stepped at the end of each iteration
  | "stmt-function" // read by the body of a statement function called here
  | "opaque"; // a statement doall cannot model: it may read and write anything

/**
 * One reference: a definition or use of a variable at one place of the
 * program. References are the nodes of the dependence graph (seed 002 §1:
 * "a point for each variable reference, definition or use"); the array
 * dependence analysis attaches subscripts to them through `expr`.
 */
export interface Ref {
  id: RefId;
  kind: RefKind;
  var: VarId;
  /** The symbol written in the source (null for pseudo-variables). */
  sym: Sym | null;
  /**
   * The access covers the whole variable: a definition kills earlier
   * definitions and uses (RKILL/EBLOCK); a use reads all of it. False for
   * array elements and sections, substrings, members, writes a call may or
   * may not do, and anything evaluated only conditionally.
   */
  exact: boolean;
  /**
   * The definition kills earlier facts of its variable in the may-analysis
   * (RKILL/EBLOCK). True for exact definitions, and for a write a call or
   * an I/O statement may do: that is modelled as a rewrite of the value it
   * read (x = f(x)), so the dependences through it form a chain
   * d → call → u instead of a quadratic set of pairs. False for element
   * writes, which the array analysis must see pairwise.
   */
  kills: boolean;
  /**
   * A read added only to model such a rewrite (the callee may not read
   * the variable at all): it orders the graph but region analysis (EUSE,
   * USE) ignores it.
   */
  rmw: boolean;
  origin: RefOrigin;
  /** The statement whose execution makes the access (null for none, e.g. a loop's implicit step outside any statement). */
  stmt: Stmt | null;
  /** The expression accessed (a var, elem or section node, or the actual argument of a call); null when implicit. */
  expr: Expr | null;
  span: Span;
  /** Basic block that holds the reference. */
  block: number;
  /**
   * Position in the bit vectors of the dependence problem, or -1 when the
   * reference cannot be in a dependence of the kinds computed (a use of a
   * variable the procedure never writes, when input dependences are not
   * wanted). Bits are laid out by variable (its definitions, then its
   * uses), so killing every reference of a variable is clearing one range.
   */
  bit: number;
  /** For origin "call": the procedure called. */
  callee: string | undefined;
  /** For origin "loop-init"/"loop-step": the HIR loop id. */
  loopId: number | undefined;
  /**
   * A C access through a pointer that may reach this variable (`*p`,
   * `p[i]`, `s->x`): the variable as stored, whatever copy a name in the
   * loop stands for (a private copy is never reached this way).
   */
  viaPointer: boolean;
}

/** The fields of a new reference (the table assigns id and bit). */
export type RefInit = Omit<Ref, "id" | "bit" | "kills" | "rmw" | "callee" | "loopId" | "viaPointer"> & { kills?: boolean; rmw?: boolean; callee?: string | undefined; loopId?: number | undefined; viaPointer?: boolean };

/** The references of a procedure and the layout of their bits. */
export class RefTable {
  readonly refs: Ref[] = [];
  /** Ref id by bit (the inverse of Ref.bit). */
  byBit: Int32Array = new Int32Array(0);
  /** Per variable: first bit, first use bit, end (exclusive). */
  varStart: Int32Array = new Int32Array(0);
  varUseStart: Int32Array = new Int32Array(0);
  varEnd: Int32Array = new Int32Array(0);
  /** Number of bits laid out. */
  width = 0;
  /** Per variable, its index among the variables that have bits (-1 for none): for per-variable sets. */
  varSlot: Int32Array = new Int32Array(0);
  /** Number of variables that have bits. */
  slots = 0;

  constructor(readonly vars: VarTable) {}

  add(r: RefInit): Ref {
    // One object shape for every reference keeps property access monomorphic in the hot loops.
    const ref: Ref = {
      id: this.refs.length,
      kind: r.kind,
      var: r.var,
      sym: r.sym,
      exact: r.exact,
      kills: r.kills ?? (r.kind === "def" && r.exact),
      rmw: r.rmw ?? false,
      origin: r.origin,
      stmt: r.stmt,
      expr: r.expr,
      span: r.span,
      block: r.block,
      bit: -1,
      callee: r.callee,
      loopId: r.loopId,
      viaPointer: r.viaPointer ?? false,
    };
    this.refs.push(ref);
    return ref;
  }

  get size(): number {
    return this.refs.length;
  }

  /**
   * Assigns bits grouped by variable. Without input dependences, the
   * references of a variable that is never written take no bits: they
   * cannot be the source or sink of a flow, anti or output dependence,
   * and leaving them out narrows every bit vector of the problem.
   */
  layoutBits(withInput: boolean): void {
    const nv = this.vars.size;
    const defs = new Int32Array(nv);
    const uses = new Int32Array(nv);
    for (const r of this.refs) (r.kind === "def" ? defs : uses)[r.var]!++;
    this.varStart = new Int32Array(nv);
    this.varUseStart = new Int32Array(nv);
    this.varEnd = new Int32Array(nv);
    let at = 0;
    for (let v = 0; v < nv; v++) {
      this.varStart[v] = at;
      if (!withInput && defs[v] === 0) {
        this.varUseStart[v] = this.varEnd[v] = at;
        continue;
      }
      this.varUseStart[v] = at + defs[v]!;
      at += defs[v]! + uses[v]!;
      this.varEnd[v] = at;
    }
    this.width = at;
    this.varSlot = new Int32Array(nv).fill(-1);
    this.slots = 0;
    for (let v = 0; v < nv; v++) if (this.varEnd[v]! > this.varStart[v]!) this.varSlot[v] = this.slots++;
    const nextDef = this.varStart.slice();
    const nextUse = this.varUseStart.slice();
    this.byBit = new Int32Array(at);
    for (const r of this.refs) {
      if (this.varEnd[r.var] === this.varStart[r.var]) {
        r.bit = -1;
        continue;
      }
      r.bit = r.kind === "def" ? nextDef[r.var]!++ : nextUse[r.var]!++;
      this.byBit[r.bit] = r.id;
    }
  }
}
