// Building HIR by hand for the dependence tests: loop nests as the Fortran
// and C front ends would lower them (column-major 1-based, row-major
// 0-based), without going through text.
import type { ElemRef, Expr } from "../../../ir/expr.js";
import type { Procedure } from "../../../ir/program.js";
import type { Loop, Stmt } from "../../../ir/stmt.js";
import type { Dim, Sym } from "../../../ir/symbol.js";
import { INTEGER, LOGICAL, REAL } from "../../../ir/types.js";
import { span, type Span } from "../../../source/span.js";

export const SP: Span = span("test.f", 1, 1);

export class HirBuilder {
  private nextSym = 0;
  private nextLoop = 0;
  private line = 1;

  constructor(readonly language: "fortran" | "c" = "fortran") {}

  private sp(): Span {
    return span(this.language === "c" ? "test.c" : "test.f", this.line++, 1);
  }

  int(name: string, storage: Sym["storage"] = "local"): Sym {
    return { id: this.nextSym++, name, type: INTEGER, dims: [], layout: this.layout(), storage, attrs: {}, span: SP };
  }

  array(name: string, dims: [number, number | null][], opts: Partial<Sym> = {}): Sym {
    const d: Dim[] = dims.map(([lo, hi]) => ({ lower: this.c(lo), upper: hi === null ? null : this.c(hi) }));
    return { id: this.nextSym++, name, type: REAL, dims: d, layout: this.layout(), storage: "local", attrs: {}, span: SP, ...opts };
  }

  layout(): Sym["layout"] {
    return this.language === "c" ? "row-major" : "column-major";
  }

  c(n: number): Expr {
    return n < 0 ? { kind: "unary", op: "-", operand: { kind: "int", value: -n, span: SP, type: INTEGER }, span: SP, type: INTEGER } : { kind: "int", value: n, span: SP, type: INTEGER };
  }

  v(s: Sym): Expr {
    return { kind: "var", sym: s, span: SP, type: s.type };
  }

  bin(op: "+" | "-" | "*" | "/", l: Expr, r: Expr): Expr {
    return { kind: "binary", op, left: l, right: r, span: SP, type: INTEGER };
  }

  /** An integer intrinsic (MIN, MAX) as the Fortran front end lowers it. */
  call(name: string, args: Expr[]): Expr {
    return { kind: "call", name, args, intrinsic: true, pure: true, span: SP, type: INTEGER };
  }

  cmp(op: "<" | "<=" | ">" | ">=" | "==" | "!=", l: Expr, r: Expr): Expr {
    return { kind: "binary", op, left: l, right: r, span: SP, type: LOGICAL };
  }

  elem(a: Sym, subs: Expr[]): ElemRef {
    return { kind: "elem", sym: a, subs, span: this.sp(), type: a.type };
  }

  assign(lhs: Expr, rhs: Expr): Stmt {
    return { kind: "assign", lhs, rhs, span: this.sp() };
  }

  iff(cond: Expr, then: Stmt[], els: Stmt[] = []): Stmt {
    return { kind: "if", cond, then, else: els, span: this.sp() };
  }

  loop(index: Sym, lower: Expr, upper: Expr, step: number | Expr | null, body: Stmt[]): Loop {
    const sp = this.sp();
    return {
      kind: "loop",
      id: this.nextLoop++,
      form: "do",
      index,
      lower,
      upper,
      step: step === null ? null : typeof step === "number" ? this.c(step) : step,
      cond: null,
      body,
      candidate: true,
      endSpan: sp,
      span: sp,
    };
  }

  proc(body: Stmt[], params: Sym[] = []): Procedure {
    return {
      name: "p",
      kind: "subroutine",
      language: this.language,
      span: SP,
      endSpan: SP,
      params,
      symbols: new Map(),
      statementFunctions: new Map(),
      body,
      uses: [],
    };
  }
}
