import fc from "fast-check";
import type { BinaryOp, Expr } from "../../ir/expr.js";
import { printProcedure } from "../../ir/print.js";
import type { Procedure } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Storage, Sym } from "../../ir/symbol.js";
import type { Span } from "../../source/span.js";

/**
 * Random small programs as HIR, for property tests against an
 * interpreter: integer scalars, one small array, assignments, IF/ELSE,
 * counted DO loops (constant or variable bounds), DO WHILE, EXIT, CYCLE
 * and GOTO (forward and backward, to labels of the same or an enclosing
 * statement list, as Fortran allows). Every statement has its own line.
 */
export interface RandomProgram {
  proc: Procedure;
  scalars: Sym[];
  array: Sym;
}

const INT = { base: "integer" as const, bytes: 4 };

interface Ctx {
  line: number;
  loopId: number;
  /** Open loops (innermost last) for EXIT/CYCLE. */
  loops: Loop[];
  /** Labels visible to a GOTO: those of the enclosing lists. */
  labels: string[];
  nextLabel: number;
}

/** A generator of statement trees; decisions come from a fast-check-provided stream of numbers. */
class Gen {
  constructor(
    private readonly pick: () => number,
    readonly scalars: Sym[],
    readonly indices: Sym[],
    readonly array: Sym,
  ) {}

  private n(k: number): number {
    return Math.floor(this.pick() * k) % k;
  }

  private span(c: Ctx): Span {
    const line = c.line++;
    return { file: "random.f90", line, column: 1, endLine: line, endColumn: 2 };
  }

  /** Expressions sit on their statement's line. */
  private here(c: Ctx): Span {
    return { file: "random.f90", line: c.line - 1, column: 1, endLine: c.line - 1, endColumn: 2 };
  }

  expr(c: Ctx, depth = 0): Expr {
    const sp = this.here(c);
    const k = this.n(depth > 1 ? 3 : 5);
    if (k === 0) return { kind: "int", value: this.n(5) - 1, span: sp, type: INT };
    if (k === 1 || k === 2) {
      const pool = [...this.scalars, ...this.indices.slice(0, c.loops.length)];
      const s = pool[this.n(pool.length)]!;
      return { kind: "var", sym: s, span: sp, type: INT };
    }
    if (k === 3) return { kind: "elem", sym: this.array, subs: [this.subscript(c)], span: sp, type: INT };
    const op: BinaryOp = (["+", "-", "*"] as const)[this.n(3)]!;
    return { kind: "binary", op, left: this.expr(c, depth + 1), right: this.expr(c, depth + 1), span: sp, type: INT };
  }

  /** A subscript always in 1..3: a constant or the index of an open loop (loops run 1..3 at most when indexing). */
  private subscript(c: Ctx): Expr {
    const sp = this.here(c);
    const open = c.loops.filter((l) => l.form === "do" && l.lower?.kind === "int" && l.lower.value >= 1 && l.upper?.kind === "int" && l.upper.value <= 3);
    if (open.length && this.n(2) === 0) return { kind: "var", sym: open[this.n(open.length)]!.index!, span: sp, type: INT };
    return { kind: "int", value: 1 + this.n(3), span: sp, type: INT };
  }

  list(c: Ctx, depth: number, len: number): Stmt[] {
    // Labels of this list are created first, so a GOTO may jump forward or backward to them.
    const labels = Array.from({ length: this.n(2) }, () => String(c.nextLabel++));
    const saved = c.labels;
    c.labels = [...saved, ...labels];
    const out: Stmt[] = [];
    for (let i = 0; i < len; i++) out.push(this.stmt(c, depth));
    for (const l of labels) out.splice(this.n(out.length + 1), 0, { kind: "nop", label: l, span: this.span(c) });
    c.labels = saved;
    return out;
  }

  stmt(c: Ctx, depth: number): Stmt {
    const k = this.n(depth >= 3 ? 3 : 10);
    if (k <= 2) {
      if (this.n(4) === 0) {
        const sp = this.span(c);
        const lhs: Expr = { kind: "elem", sym: this.array, subs: [this.subscript(c)], span: sp, type: INT };
        return { kind: "assign", lhs, rhs: this.expr(c), span: sp };
      }
      const sp = this.span(c);
      const s = this.scalars[this.n(this.scalars.length)]!;
      return { kind: "assign", lhs: { kind: "var", sym: s, span: sp, type: INT }, rhs: this.expr(c), span: sp };
    }
    if (k <= 4) {
      const sp = this.span(c);
      const cond = this.cond(c);
      return { kind: "if", cond, then: this.list(c, depth + 1, 1 + this.n(3)), else: this.n(2) ? this.list(c, depth + 1, this.n(3)) : [], span: sp };
    }
    if (k <= 6 && c.loops.length < this.indices.length) return this.loop(c, depth, false);
    if (k === 7 && c.loops.length < this.indices.length) return this.loop(c, depth, true);
    if (k === 8 && c.loops.length) {
      const l = c.loops[this.n(c.loops.length)]!;
      return { kind: this.n(2) ? "exit" : "cycle", loopId: l.id, span: this.span(c) };
    }
    if (k === 9 && c.labels.length) return { kind: "goto", target: c.labels[this.n(c.labels.length)]!, span: this.span(c) };
    const sp = this.span(c);
    const s = this.scalars[this.n(this.scalars.length)]!;
    return { kind: "assign", lhs: { kind: "var", sym: s, span: sp, type: INT }, rhs: this.expr(c), span: sp };
  }

  private cond(c: Ctx): Expr {
    const sp = this.here(c);
    const op: BinaryOp = (["<", ">", "==", "!="] as const)[this.n(4)]!;
    return { kind: "binary", op, left: this.expr(c, 2), right: this.expr(c, 2), span: sp, type: { base: "logical", bytes: 4 } };
  }

  private loop(c: Ctx, depth: number, whileLoop: boolean): Loop {
    const sp = this.span(c);
    const index = this.indices[c.loops.length]!;
    const loop: Loop = whileLoop
      ? { kind: "loop", id: c.loopId++, form: "while", index: null, lower: null, upper: null, step: null, cond: this.cond(c), body: [], candidate: false, span: sp, endSpan: sp }
      : {
          kind: "loop",
          id: c.loopId++,
          form: "do",
          index,
          lower: { kind: "int", value: this.n(2), span: sp, type: INT },
          // A constant upper bound (so subscripts stay in range) or a variable one (any trip count, zero included).
          upper: this.n(3) ? { kind: "int", value: this.n(4), span: sp, type: INT } : this.expr(c, 2),
          step: null,
          cond: null,
          body: [],
          candidate: true,
          span: sp,
          endSpan: sp,
        };
    c.loops.push(loop);
    loop.body = this.list(c, depth + 1, 1 + this.n(3));
    c.loops.pop();
    const end = this.span(c);
    loop.endSpan = end;
    return loop;
  }
}

function sym(id: number, name: string, storage: Storage, dims = 0): Sym {
  const sp: Span = { file: "random.f90", line: 1, column: 1, endLine: 1, endColumn: 2 };
  const d = Array.from({ length: dims }, () => ({ lower: { kind: "int" as const, value: 1, span: sp }, upper: { kind: "int" as const, value: 3, span: sp } }));
  return { id, name, type: INT, dims: d, layout: "column-major", storage, attrs: {}, span: sp };
}

/** Builds a random procedure from a stream of random numbers in [0, 1). */
export function randomProgram(pick: () => number, size: number): RandomProgram {
  const scalars = [sym(0, "x", "local"), sym(1, "y", "local"), sym(2, "z", "dummy")];
  const indices = [sym(3, "i", "local"), sym(4, "j", "local"), sym(5, "k", "local")];
  const array = sym(6, "a", "dummy", 1);
  const g = new Gen(pick, scalars, indices, array);
  const c: Ctx = { line: 2, loopId: 0, loops: [], labels: [], nextLabel: 100 };
  const body = g.list(c, 0, size);
  const symbols = new Map([...scalars, ...indices, array].map((s) => [s.name, s]));
  const sp: Span = { file: "random.f90", line: 1, column: 1, endLine: 1, endColumn: 2 };
  const proc: Procedure = { name: "r", kind: "subroutine", language: "fortran", span: sp, endSpan: { ...sp, line: c.line, endLine: c.line }, params: [scalars[2]!, array], symbols, statementFunctions: new Map(), body, uses: [] };
  // Counterexamples print as the program, not as its object tree.
  return { proc, scalars, array, [fc.toStringMethod]: () => "\n" + printProcedure(proc) } as RandomProgram;
}

/** fast-check arbitrary of random programs (shrinks through the number stream). */
export function programArb(maxSize = 6): fc.Arbitrary<RandomProgram> {
  // Integers, not doubles: fast-check biases doubles toward a few extreme values.
  return fc.tuple(fc.array(fc.nat(999), { minLength: 200, maxLength: 200 }), fc.integer({ min: 1, max: maxSize })).map(([xs, size]) => {
    let i = 0;
    return randomProgram(() => xs[i++ % xs.length]! / 1000, size);
  });
}

/** Initial values of the scalars and the array (the dummies' values on entry). */
export const initialArb = fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 6, maxLength: 6 });
