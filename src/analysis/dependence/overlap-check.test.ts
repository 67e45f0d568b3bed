import { before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "../../frontend/c/parse-c.js";
import { memoryHost } from "../../source/host.js";
import type { Expr } from "../../ir/expr.js";
import { exprText } from "../../ir/expr-text.js";
import { analyzeProcedure } from "./analyze.js";
import { overlapCheck } from "./overlap-check.js";
import { evalCheck, type CheckValue } from "../test-support/eval-check.js";

before(() => ensureCParser());

/**
 * Property (issue 15 §2): two pointers p and q into one buffer at random
 * offsets, a random loop nest of affine references through them; whenever
 * the emitted check holds, no element that one of them touches during the
 * loop is touched by the other, so no iteration of the loop can conflict
 * with another through them. Brute force: every iteration is run and every
 * address (in bytes, as the check computes them) collected.
 */

interface Nest {
  /** Rank of the pointers' view: 1 (`double *p`) or 2 (`double (*p)[M]`). */
  rank: 1 | 2;
  M: number;
  /** The outer loop; its step 1 or the parameter m (a block size: `i += m`). */
  outer: { lo: number; hi: string; step: "1" | "m" };
  inner: { lo: string; hi: string } | null;
  refs: { ptr: "p" | "q"; write: boolean; subs: Sub[] }[];
  n: number;
  m: number;
  op: number;
  oq: number;
  /**
   * The first reference's first subscript through a scalar `s` set in the
   * body: before the references (`s = ...; p[s] = ...`, its value this
   * iteration) or after them (the previous iteration's, 0 at first).
   */
  scalar: "none" | "before" | "after";
}

type Sub = { ci: number; cj: number; c: number; rows: boolean };
/** A subscript: affine in i and j, or (rows) a row of width m, `(ci * i + c) * m + cj * j`, as image code writes it. */
const sub = (s: Sub, inner: boolean) => (s.rows ? `(${s.ci} * i + ${s.c}) * m${inner ? ` + ${s.cj} * j` : ""}` : `${s.ci} * i${inner ? ` + ${s.cj} * j` : ""} + ${s.c}`);
const subValue = (s: Sub, i: number, j: number, m: number) => (s.rows ? (s.ci * i + s.c) * m + s.cj * j : s.ci * i + s.cj * j + s.c);

function source(t: Nest): string {
  const decl = t.rank === 1 ? "double *p, double *q" : `double (*p)[${t.M}], double (*q)[${t.M}]`;
  const first = t.refs[0]!;
  const ref = (r: Nest["refs"][number]) => `${r.ptr}${r.subs.map((s, d) => `[${t.scalar !== "none" && r === first && d === 0 ? "s" : sub(s, t.inner !== null)}]`).join("")}`;
  const writes = t.refs.filter((r) => r.write);
  const reads = t.refs.filter((r) => !r.write);
  const rhs = reads.length ? reads.map(ref).join(" + ") : "1.0";
  const set = `s = ${sub(first.subs[0]!, t.inner !== null)};`;
  const body = `${t.scalar === "before" ? set + " " : ""}${writes.map((w) => `${ref(w)} = ${rhs};`).join(" ")}${t.scalar === "after" ? " " + set : ""}`;
  // MIN and MAX as C writes them.
  const text = (b: string) => (b === "min(i + 2, n)" ? "(i + 2 < n ? i + 2 : n)" : b === "max(i, 2)" ? "(i > 2 ? i : 2)" : b === "max(i - 1, 0)" ? "(i - 1 > 0 ? i - 1 : 0)" : b);
  const inner = t.inner ? `for (int j = ${text(t.inner.lo)}; j <= ${text(t.inner.hi)}; j++) { ${body} }` : body;
  return `void k(int n, int m, ${decl}) {\n  int s = 0;\n  for (int i = ${t.outer.lo}; i <= ${t.outer.hi}; ${t.outer.step === "m" ? "i += m" : "i++"}) { ${inner} }\n}\n`;
}

/** Addresses in bytes: p and q point into one buffer at element offsets op and oq. */
function addressOf(t: Nest, ptr: "p" | "q", subs: number[]): number {
  const base = (ptr === "p" ? t.op : t.oq) * 8;
  return base + (t.rank === 1 ? subs[0]! : subs[0]! * t.M + subs[1]!) * 8;
}

function evaluate(e: Expr, t: Nest): CheckValue {
  const vars = (name: string) => {
    if (name === "n") return t.n;
    if (name === "m") return t.m;
    throw new Error(`unexpected variable ${name}`);
  };
  return evalCheck(e, vars, (ptr, subs) => addressOf(t, ptr as "p" | "q", subs));
}

/** The byte ranges each pointer's references touch over the whole loop. */
function touched(t: Nest): { p: Set<number>; q: Set<number> } {
  const out = { p: new Set<number>(), q: new Set<number>() };
  const hiOf = (s: string, i: number) => (s === "n" ? t.n : s === "m" ? t.m : s === "n - i" ? t.n - i : s === "i + 2" ? i + 2 : s === "min(i + 2, n)" ? Math.min(i + 2, t.n) : s === "max(i, 2)" ? Math.max(i, 2) : Number(s));
  const loOf = (s: string, i: number) => (s === "i" ? i : s === "i - 1" ? i - 1 : s === "max(i - 1, 0)" ? Math.max(i - 1, 0) : Number(s));
  let sv = 0;
  const first = t.refs[0]!;
  for (let i = t.outer.lo; i <= hiOf(t.outer.hi, 0); i += t.outer.step === "m" ? t.m : 1) {
    const js = t.inner ? [] : [0];
    if (t.inner) for (let j = loOf(t.inner.lo, i); j <= hiOf(t.inner.hi, i); j++) js.push(j);
    for (const j of js) {
      if (t.scalar === "before") sv = subValue(first.subs[0]!, i, j, t.m);
      for (const r of t.refs) {
        const subs = r.subs.map((s, d) => (t.scalar !== "none" && r === first && d === 0 ? sv : subValue(s, i, j, t.m)));
        const a = addressOf(t, r.ptr, subs);
        for (let b = 0; b < 8; b++) out[r.ptr].add(a + b);
      }
      if (t.scalar === "after") sv = subValue(first.subs[0]!, i, j, t.m);
    }
  }
  return out;
}

const subArb = fc.record({ ci: fc.integer({ min: -2, max: 2 }), cj: fc.integer({ min: -2, max: 2 }), c: fc.integer({ min: -3, max: 3 }), rows: fc.boolean() });
const nestArb = fc.integer({ min: 1, max: 2 }).chain((rank) =>
  fc.record({
    rank: fc.constant(rank as 1 | 2),
    M: fc.integer({ min: 1, max: 5 }),
    outer: fc.record({ lo: fc.integer({ min: -1, max: 2 }), hi: fc.constantFrom("n", "m", "3"), step: fc.constantFrom("1" as const, "1" as const, "m" as const) }),
    inner: fc.option(fc.record({ lo: fc.constantFrom("0", "i", "i - 1", "2", "max(i - 1, 0)"), hi: fc.constantFrom("n", "m", "n - i", "i + 2", "4", "min(i + 2, n)", "max(i, 2)") }), { nil: null }),
    refs: fc.array(
      fc.record({ ptr: fc.constantFrom("p" as const, "q" as const), write: fc.boolean(), subs: fc.array(subArb, { minLength: rank, maxLength: rank }) }),
      { minLength: 2, maxLength: 4 },
    ),
    n: fc.integer({ min: 0, max: 6 }),
    m: fc.integer({ min: -2, max: 6 }),
    op: fc.integer({ min: 0, max: 40 }),
    oq: fc.integer({ min: 0, max: 40 }),
    scalar: fc.constantFrom("none" as const, "none" as const, "before" as const, "after" as const),
  }),
);

test("property: whenever the overlap check holds, the two pointers touch no common byte during the loop", () => {
  let checked = 0;
  let held = 0;
  let refuted = 0;
  fc.assert(
    fc.property(nestArb, (t) => {
      if (!t.refs.some((r) => r.ptr === "p") || !t.refs.some((r) => r.ptr === "q") || !t.refs.some((r) => r.write)) return;
      const src = source(t);
      const program = parseC("k.c", src, memoryHost({ "k.c": src }));
      const proc = program.procedures[0]!;
      const deps = analyzeProcedure(proc, {});
      const loop = deps.nests[0]!.root;
      const e = overlapCheck(deps.refs, loop, proc.symbols.get("p")!, proc.symbols.get("q")!, deps.index);
      if (!e) return;
      checked++;
      const holds = evaluate(e, t) as boolean;
      // Stepping by m < 1 the loop would not end: no correct program, nothing to compare with.
      if (t.outer.step === "m" && t.m < 1) return;
      const { p, q } = touched(t);
      const common = [...p].some((b) => q.has(b));
      if (holds) held++;
      if (common) refuted++;
      assert.ok(!(holds && common), `the check ${exprText(e, "c")} holds for n=${t.n} m=${t.m} p=buf+${t.op} q=buf+${t.oq}, but p and q share bytes in\n${src}`);
    }),
    { numRuns: 2000, seed: 15 },
  );
  // Not vacuous: checks were made, some held and some overlaps were real.
  assert.ok(checked > 100, `only ${checked} checks`);
  assert.ok(held > 20 && refuted > 20, `held ${held}, overlapping ${refuted}`);
});

test("the check for saxpy without restrict, a stencil over two 2-D parameters, and none for an indirect subscript", () => {
  const check = (src: string, a: string, b: string) => {
    const program = parseC("k.c", src, memoryHost({ "k.c": src }));
    const proc = program.procedures[0]!;
    const deps = analyzeProcedure(proc, {});
    const e = overlapCheck(deps.refs, deps.nests[0]!.root, proc.symbols.get(a)!, proc.symbols.get(b)!, deps.index);
    return e && exprText(e, "c");
  };
  assert.equal(
    check("void s(int n, float a, const float *x, float *y) {\n  for (int i = 0; i < n; i++) y[i] += a * x[i];\n}\n", "x", "y"),
    "(const char *)(&x[n - 1] + 1) <= (const char *)&y[0] || (const char *)(&y[n - 1] + 1) <= (const char *)&x[0]",
  );
  assert.equal(
    check("void s(int n, double A[][64], double B[][64]) {\n  for (int i = 1; i < n - 1; i++)\n    for (int j = 1; j < 63; j++) B[i][j] = A[i - 1][j] + A[i + 1][j];\n}\n", "A", "B"),
    "(const char *)(&A[n - 1][62] + 1) <= (const char *)&B[1][1] || (const char *)(&B[n - 2][62] + 1) <= (const char *)&A[0][1]",
  );
  assert.equal(check("void s(int n, int *ix, double *x, double *y) {\n  for (int i = 0; i < n; i++) y[i] = x[ix[i]];\n}\n", "x", "y"), null);
  assert.equal(check("void s(int n, double *x, double *y) {\n  for (int i = 0; i < n; i++) { y[i] = x[i]; x++; }\n}\n", "x", "y"), null, "x moves in the loop");
});

test("subscripts through scalars the loop sets: followed to the assignment that reaches them, not past a callee's write or a changed index", () => {
  const check = (src: string) => {
    const program = parseC("k.c", src, memoryHost({ "k.c": src }));
    const proc = program.procedures.find((p) => p.name === "s")!;
    const deps = analyzeProcedure(proc, {});
    const e = overlapCheck(deps.refs, deps.nests[0]!.root, proc.symbols.get("x")!, proc.symbols.get("y")!, deps.index);
    return e && exprText(e, "c");
  };
  // MG's rprj3: i set from the index at the top of the body.
  assert.equal(
    check("void s(int n, int d, double *x, double *y) {\n  int i, j;\n  for (j = 1; j < n; j++) { i = 2 * j - d; y[j] = x[i] + x[i + 1]; }\n}\n"),
    "(const char *)(&x[-d + 1 + (n - 1) * 2] + 1) <= (const char *)&y[1] || (const char *)(&y[n - 1] + 1) <= (const char *)&x[-d + 2]",
  );
  // A global a callee may change between the assignment and the use: its value there is not known.
  assert.equal(check("int g;\nvoid touch(void);\nvoid s(int n, double *x, double *y) {\n  int j;\n  for (j = 1; j < n; j++) { g = 2 * j; touch(); y[j] = x[g]; }\n}\n"), null);
  // k set from the inner loop's index before that loop runs: inside it, k is not 2*j.
  assert.equal(check("void s(int n, double *x, double *y) {\n  int i, j = 0, k;\n  for (i = 0; i < n; i++) { k = 2 * j; for (j = 0; j < n; j++) y[j] = x[k]; }\n}\n"), null);
});

test("found by fuzzing: subscripts the program computes in a wide type give a check computed in 64 bits (in int it overflowed and said apart)", () => {
  const check = (src: string) => {
    const program = parseC("k.c", src, memoryHost({ "k.c": src }));
    const proc = program.procedures[0]!;
    const deps = analyzeProcedure(proc, {});
    const e = overlapCheck(deps.refs, deps.nests[0]!.root, proc.symbols.get("x")!, proc.symbols.get("y")!, deps.index);
    return e && exprText(e, "c");
  };
  const wide = check("void f(char *x, char *y, int n) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < 400; j++) x[(long)i * 1000000 + j] = y[(long)i * 1000000 + j] + 1;\n}\n");
  assert.equal(wide, "(const char *)(&x[((long long)n - 1) * 1000000 + 399] + 1) <= (const char *)&y[0] || (const char *)(&y[((long long)n - 1) * 1000000 + 399] + 1) <= (const char *)&x[0]");
  // Computed in int by the program: its extremes fit int (or the program overflows first), and the check stays as written.
  const narrow = check("void f(char *x, char *y, int n) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < 400; j++) x[i * 1000 + j] = y[i * 1000 + j] + 1;\n}\n");
  assert.equal(narrow, "(const char *)(&x[(n - 1) * 1000 + 399] + 1) <= (const char *)&y[0] || (const char *)(&y[(n - 1) * 1000 + 399] + 1) <= (const char *)&x[0]");
});
