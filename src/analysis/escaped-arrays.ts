import type { Expr } from "../ir/expr.js";
import type { Procedure, Program } from "../ir/program.js";
import type { Sym } from "../ir/symbol.js";
import { childExprs, stmtExprs, walkStmts } from "../ir/walk.js";
import type { ProcedureSummary } from "./summaries/summary.js";

/**
 * C arrays whose address a pointer may hold (C11 6.3.2.1p3: an array used
 * as a value is a pointer to its first element): `int *p = tmp;`, `&w[k]`
 * stored or returned, `keep(tmp)` to a function that may keep its argument
 * (kept-pointers.ts: the summary's `keeps`), a file-scope or static
 * initializer naming it (not lowered: Sym.initNames). A private or
 * threadprivate copy of such an array is not what that pointer reaches: a
 * loop reading `p[j]` reads the shared array its private copy hides, and a
 * routine reading through a kept pointer after the loop sees the initial
 * thread's copy. An array passed directly to a function that keeps no copy
 * stays followable: the call's regions say what it does there.
 *
 * Within the procedures given (one file, or every file of a linked run).
 * Locals are told apart by symbol; globals by name (a `static` one by
 * symbol), as the files of a run share them.
 */
export class EscapedArrays {
  private readonly byName = new Map<string, number>();
  private readonly bySym = new Map<Sym, number>();

  constructor(programs: Iterable<Program>, summaryOf: (caller: Procedure, name: string) => ProcedureSummary | undefined) {
    const initialized: { names: string[]; line: number; proc: Procedure | null; program: Program }[] = [];
    for (const program of programs) {
      for (const g of program.globals.values()) if (g.attrs.initNames?.length) initialized.push({ names: g.attrs.initNames, line: g.span.line, proc: null, program });
      for (const p of program.procedures) {
        for (const s of p.symbols.values()) if (s.storage === "local" && s.attrs.initNames?.length) initialized.push({ names: s.attrs.initNames, line: s.span.line, proc: p, program });
        walkStmts(p.body, (st) => {
          const line = st.span.line;
          if (st.kind === "call") {
            st.args.forEach((a, k) => this.visit(a, { name: st.name, k, intrinsic: !!st.intrinsic }, p, line, summaryOf));
            return;
          }
          for (const e of stmtExprs(st)) this.visit(e, null, p, line, summaryOf);
        });
      }
    }
    for (const { names, line, proc, program } of initialized)
      for (const n of names) {
        const local = proc ? [...proc.symbols.values()].find((s) => s.name === n && s.storage === "local") : undefined;
        const target = local ?? program.globals.get(n);
        if (target && isArray(target)) this.mark(target, line);
      }
  }

  /** The line where a pointer may take the array's address, or null: none does. */
  at(sym: Sym): number | null {
    if (!isArray(sym)) return null;
    return (sym.storage === "global" && !sym.attrs.save ? this.byName.get(sym.name) : this.bySym.get(sym)) ?? null;
  }

  private mark(sym: Sym, line: number): void {
    if (sym.storage === "global" && !sym.attrs.save) {
      if (!this.byName.has(sym.name)) this.byName.set(sym.name, line);
    } else if (!this.bySym.has(sym)) this.bySym.set(sym, line);
  }

  /** `arg`: the expression is (a cast of) argument k of a call, which may keep it or not. */
  private visit(e: Expr, arg: { name: string; k: number; intrinsic: boolean } | null, caller: Procedure, line: number, summaryOf: (caller: Procedure, name: string) => ProcedureSummary | undefined): void {
    // keptBy, not a closure: visit runs on every expression of the program, and a closure over its
    // parameters made each call allocate a context (issue 16).
    if (e.kind === "cast") return this.visit(e.operand, arg, caller, line, summaryOf);
    if (e.kind === "var" && isArray(e.sym)) {
      if (keptBy(arg, caller, summaryOf)) this.mark(e.sym, line);
      return;
    }
    // An element of fewer subscripts than dimensions is a row: a pointer to it (`double (*wk)[5] = w[k]`).
    if (e.kind === "elem" && isArray(e.sym) && e.subs.length < e.sym.dims.length && keptBy(arg, caller, summaryOf)) this.mark(e.sym, line);
    if (e.kind === "addr") {
      const base = e.operand.kind === "var" || e.operand.kind === "elem" ? e.operand.sym : null;
      if (base && isArray(base) && keptBy(arg, caller, summaryOf)) this.mark(base, line);
    }
    if (e.kind === "call") {
      for (let k = 0; k < e.args.length; k++) this.visit(e.args[k]!, { name: e.name, k, intrinsic: !!e.intrinsic }, caller, line, summaryOf);
      return;
    }
    for (const c of childExprs(e)) this.visit(c, null, caller, line, summaryOf);
  }
}

/** Whether the call an expression is argument `arg` of may keep its address: a library routine keeps no pointer it is given (memset, printf); another keeps it unless its summary says it does not. */
function keptBy(arg: { name: string; k: number; intrinsic: boolean } | null, caller: Procedure, summaryOf: (caller: Procedure, name: string) => ProcedureSummary | undefined): boolean {
  if (!arg) return true;
  if (arg.intrinsic) return false;
  const sum = summaryOf(caller, arg.name);
  return !sum || sum.unknown || sum.formals[arg.k]?.keeps !== false;
}

/** An array with storage of its own (not a pointer, which a copy would not follow anyway). */
function isArray(s: Sym): boolean {
  return s.dims.length > 0 && !s.attrs.pointer && s.type.base !== "pointer";
}
