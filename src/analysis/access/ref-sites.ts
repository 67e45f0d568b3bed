import type { ElemRef, Expr, ImpliedDo, SectionRef } from "../../ir/expr.js";
import { substringElements } from "../../ir/substring-elements.js";
import type { Language, Procedure } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import type { Span } from "../../source/span.js";
import { childExprs } from "../../ir/walk.js";
import { gotoRanges, type GotoRange } from "./jumps.js";

/**
 * Every array element reference of a procedure with the loops around it —
 * the paper's experiment (§4.1, Fig. 7) treats each reference as if it were
 * alone in its loop nest, so what matters is the enclosing loops, perfect
 * nest or not. A "loop" here is a DO / canonical for (counted), an implied
 * DO of an I/O list, a while/until/endless loop, or a backward-GOTO loop.
 */
export type Role = "read" | "write" | "update" | "arg";
export type LevelKind = "do" | "implied-do" | "while" | "goto";

/** A position in the statement tree: `block[index]`. */
export interface ChainEntry {
  block: readonly Stmt[];
  index: number;
}

export interface NestLevel {
  kind: LevelKind;
  index: Sym | null;
  lower: Expr | null;
  upper: Expr | null;
  step: Expr | null;
  /** The DO statement, the implied DO, or the labeled statement a backward GOTO returns to. */
  span: Span;
  /** The HIR loop (do and while kinds). */
  loop?: Loop;
  /** What one iteration runs: a loop's body, a GOTO loop's statements. */
  stmts: readonly Stmt[];
  /** An implied DO's items (defined when it is in a READ). */
  items: readonly Expr[];
  itemsDefined: boolean;
  /** An implied DO of an I/O statement that may jump out (END=, ERR=). */
  mayStopEarly: boolean;
  /** Why a while-kind level has no loop variable. */
  why?: string;
  /** Where the level's bounds are evaluated: the statement holding the loop or implied DO. */
  boundChain: ChainEntry[];
}

export interface RefSite {
  ref: ElemRef | SectionRef;
  role: Role;
  /** From the procedure body down to the statement holding the reference. */
  chain: ChainEntry[];
  /** Enclosing loops, outermost first. */
  levels: NestLevel[];
  /** Per level: the reference is not executed in every iteration of it (IF, short-circuit, ?:). */
  conditional: boolean[];
}

export interface ProcedureSites {
  sites: RefSite[];
  /** Element references in no loop (not counted: a pattern needs a loop). */
  outside: number;
}

export function collectRefSites(proc: Procedure, targets: ReadonlySet<string>): ProcedureSites {
  const w = new Walker(proc.language, targets);
  w.block(proc.body, [], [], []);
  return { sites: w.sites, outside: w.outside };
}

class Walker {
  sites: RefSite[] = [];
  outside = 0;
  constructor(
    private readonly lang: Language,
    private readonly targets: ReadonlySet<string>,
  ) {}

  block(list: readonly Stmt[], chain: ChainEntry[], levels: NestLevel[], cond: boolean[]): void {
    const ranges = gotoRanges(list, this.targets).map((r) => ({ r, level: this.gotoLevel(list, r, chain) }));
    list.forEach((s, index) => {
      const active = ranges.filter(({ r }) => r.first <= index && index <= r.last).map((x) => x.level);
      this.stmt(s, [...chain, { block: list, index }], [...levels, ...active], [...cond, ...active.map(() => false)]);
    });
  }

  private gotoLevel(list: readonly Stmt[], r: GotoRange, chain: ChainEntry[]): NestLevel {
    const first = list[r.first]!;
    return {
      kind: "goto", index: null, lower: null, upper: null, step: null, span: first.span,
      stmts: list.slice(r.first, r.last + 1), items: [], itemsDefined: false, mayStopEarly: false,
      why: `a loop made by GOTO ${r.label}`, boundChain: [...chain, { block: list, index: r.first }],
    };
  }

  private stmt(s: Stmt, chain: ChainEntry[], levels: NestLevel[], cond: boolean[]): void {
    const at = { chain, levels, cond, stmt: s };
    const read = (e: Expr | null | undefined) => e && this.expr(e, "read", at);
    switch (s.kind) {
      case "assign":
        this.expr(s.lhs, "write", at);
        read(s.rhs);
        return;
      case "loop": {
        if (s.init) this.block(s.init, chain, levels, cond);
        const counted = s.form === "do" && s.index !== null && s.candidate;
        if (s.form === "do") [s.lower, s.upper, s.step].forEach(read);
        const level: NestLevel = {
          kind: counted ? "do" : "while", index: s.index, lower: s.lower, upper: s.upper, step: s.step, span: s.span, loop: s,
          stmts: [...s.body, ...(s.update ?? [])], items: [], itemsDefined: false, mayStopEarly: false, boundChain: chain,
        };
        if (!counted) level.why = s.notCandidate ?? `a ${s.form} loop`;
        const inner = { ...at, levels: [...levels, level], cond: [...cond, false] };
        if (s.form !== "do" && s.cond) this.expr(s.cond, "read", inner);
        this.block(s.body, chain, inner.levels, inner.cond);
        if (s.update) this.block(s.update, chain, inner.levels, inner.cond);
        return;
      }
      case "if":
        read(s.cond);
        this.block(s.then, chain, levels, markTop(cond));
        this.block(s.else, chain, levels, markTop(cond));
        return;
      case "switch":
        read(s.selector);
        for (const c of s.cases) {
          for (const v of c.values ?? []) read(v);
          this.block(c.body, chain, levels, markTop(cond));
        }
        return;
      case "call":
        for (const a of s.args) this.expr(a, s.intrinsic ? "read" : "arg", at);
        return;
      case "io":
        for (const e of s.controls) read(e);
        for (const e of s.defs) this.expr(e, "write", at, s.jumpLabels.length > 0);
        for (const e of s.uses) this.expr(e, "read", at, s.jumpLabels.length > 0);
        return;
      case "block":
        this.block(s.body, chain, levels, cond);
        return;
      case "expr":
        read(s.expr);
        return;
      case "computed-goto":
        read(s.index);
        return;
      case "arith-if":
        read(s.expr);
        return;
      case "return":
        read(s.value);
        return;
      case "stop":
        read(s.code);
        return;
      default:
        return;
    }
  }

  /** `role` is the role of `e` itself if it is an array element; nested subscripts are read. */
  private expr(e: Expr, role: Role, at: { chain: ChainEntry[]; levels: NestLevel[]; cond: boolean[]; stmt: Stmt }, ioJumps = false): void {
    const sub = (x: Expr, r: Role = "read", cond = at.cond) => this.expr(x, r, { ...at, cond }, ioJumps);
    switch (e.kind) {
      case "elem":
      case "section":
        if (!(e.kind === "section" && e.substring) && e.sym.dims.length > 0) this.record(e, role, at);
        // w(i)(1:3): an access to element w(i) (a part of it), as the dependence tests take it.
        else if (e.kind === "section" && e.sym.dims.length > 0) this.record(substringElements(e), role, at);
        for (const s of childExprs(e)) sub(s);
        return;
      case "member":
        sub(e.base, role);
        return;
      case "implied-do": {
        for (const b of [e.lower, e.upper, e.step]) if (b) sub(b);
        const level = this.impliedLevel(e, role === "write", ioJumps, at.chain);
        const inner = { ...at, levels: [...at.levels, level], cond: [...at.cond, false] };
        for (const it of e.items) this.expr(it, role, inner, ioJumps);
        return;
      }
      case "binary":
        if (e.op === "and" || e.op === "or") {
          // C evaluates the right operand only sometimes; Fortran may skip either.
          sub(e.left, "read", this.lang === "c" ? at.cond : markTop(at.cond));
          sub(e.right, "read", markTop(at.cond));
          return;
        }
        sub(e.left);
        sub(e.right);
        return;
      case "cond":
        sub(e.cond);
        sub(e.then, "read", markTop(at.cond));
        sub(e.else, "read", markTop(at.cond));
        return;
      case "call": {
        const byRef = !e.intrinsic && !e.sym?.attrs.statementFunction;
        for (const a of e.args) sub(a, byRef ? "arg" : "read");
        return;
      }
      case "assign-expr":
        sub(e.target, e.op === "=" ? "write" : "update");
        if (e.value) sub(e.value);
        return;
      case "addr":
        sub(e.operand, "arg");
        return;
      default:
        for (const c of childExprs(e)) sub(c);
        return;
    }
  }

  private impliedLevel(e: ImpliedDo, defined: boolean, ioJumps: boolean, chain: ChainEntry[]): NestLevel {
    return {
      kind: "implied-do", index: e.index, lower: e.lower, upper: e.upper, step: e.step, span: e.span,
      stmts: [], items: e.items, itemsDefined: defined, mayStopEarly: ioJumps, boundChain: chain,
    };
  }

  private record(ref: ElemRef | SectionRef, role: Role, at: { chain: ChainEntry[]; levels: NestLevel[]; cond: boolean[] }): void {
    if (at.levels.length === 0) {
      this.outside++;
      return;
    }
    this.sites.push({ ref, role, chain: at.chain, levels: at.levels, conditional: at.cond });
  }
}

/** The same flags with the innermost level's set: what follows is conditional in it. */
function markTop(cond: boolean[]): boolean[] {
  if (cond.length === 0) return cond;
  const out = [...cond];
  out[out.length - 1] = true;
  return out;
}
