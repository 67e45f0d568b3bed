import { before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "../../frontend/c/parse-c.js";
import { memoryHost } from "../../source/host.js";
import type { Expr } from "../../ir/expr.js";
import { exprText } from "../../ir/expr-text.js";
import type { Loop } from "../../ir/stmt.js";
import { walkStmts } from "../../ir/walk.js";
import { analyzeProcedure } from "./analyze.js";
import { overlapCheck } from "./overlap-check.js";
import { evalCheck, type CheckValue } from "../test-support/eval-check.js";

before(() => ensureCParser());

/**
 * The overlap check of an inner loop (issue 15), evaluated where it runs:
 * once per iteration of the loop around it, whose index it may read (a
 * hull end chosen under a condition such as `m - 1 >= i`, overlap-check.ts
 * nestBound: trmm's B[i][j] and B[k][j], k = i + 1 .. m - 1). Random
 * nests over two row pointers into one buffer
 *
 *   for (i = 0; i <= n; i++)
 *     for (j = 0; j <= m; j++) {              <- the loop checked
 *       for (k = i + c; k <= K; k++) { R1 }   (K: n, m or n - 1)
 *       R2
 *     }
 *
 * with references R1 (subscripts in k, i, j) and R2 (in i, j): for every i
 * whose check holds, the bytes p and q touch during the j loop are
 * disjoint (brute force).
 */
interface Case {
  c: number;
  K: "n" | "m" | "n - 1";
  r1: Ref[];
  r2: Ref[];
  n: number;
  m: number;
  op: number;
  oq: number;
}
interface Ref {
  ptr: "p" | "q";
  write: boolean;
  /** Row and column as small affine combinations: [k or 0, i, j, constant]. */
  row: [number, number, number, number];
  col: [number, number, number, number];
}
const W = 6;
const coef = fc.integer({ min: 0, max: 1 });
const affine = (inner: boolean) => fc.tuple(inner ? coef : fc.constant(0), coef, coef, fc.integer({ min: 0, max: 2 })) as fc.Arbitrary<[number, number, number, number]>;
const ref = (inner: boolean) => fc.record({ ptr: fc.constantFrom("p" as const, "q" as const), write: fc.boolean(), row: affine(inner), col: affine(inner) });
const caseArb: fc.Arbitrary<Case> = fc.record({
  c: fc.integer({ min: 0, max: 2 }),
  K: fc.constantFrom("n" as const, "m" as const, "n - 1" as const),
  r1: fc.array(ref(true), { minLength: 1, maxLength: 2 }),
  r2: fc.array(ref(false), { minLength: 1, maxLength: 2 }),
  n: fc.integer({ min: 0, max: 4 }),
  m: fc.integer({ min: 0, max: 4 }),
  op: fc.integer({ min: 0, max: 40 }),
  oq: fc.integer({ min: 0, max: 40 }),
});

const text = ([k, i, j, c]: number[], inner: boolean) => [inner && k ? "k" : "", i ? "i" : "", j ? "j" : "", String(c)].filter((x) => x !== "").join(" + ");
const refText = (r: Ref, inner: boolean) => `${r.ptr}[${text(r.row, inner)}][${text(r.col, inner)}]`;
function stmts(refs: Ref[], inner: boolean): string {
  const writes = refs.filter((r) => r.write);
  const reads = refs.filter((r) => !r.write).map((r) => refText(r, inner));
  return (writes.length ? writes : [refs[0]!]).map((w) => `${refText(w, inner)} = ${[...reads, "1.0"].join(" + ")};`).join(" ");
}
function source(t: Case): string {
  return `void f(int n, int m, double (*p)[${W}], double (*q)[${W}]) {\n  for (int i = 0; i <= n; i++)\n    for (int j = 0; j <= m; j++) {\n      for (int k = i + ${t.c}; k <= ${t.K}; k++) { ${stmts(t.r1, true)} }\n      ${stmts(t.r2, false)}\n    }\n}\n`;
}

function evaluate(e: Expr, t: Case, i: number): CheckValue {
  const vars = (name: string) => {
    if (name === "n") return t.n;
    if (name === "m") return t.m;
    if (name === "i") return i;
    throw new Error(`unexpected variable ${name}`);
  };
  return evalCheck(e, vars, (ptr, [r, c]) => ((ptr === "p" ? t.op : t.oq) + r! * W + c!) * 8);
}

/** The bytes p and q touch during the j loop of iteration i. */
function touched(t: Case, i: number): { p: Set<number>; q: Set<number> } {
  const out = { p: new Set<number>(), q: new Set<number>() };
  const hit = (r: Ref, k: number, j: number) => {
    const at = ([a, b, c, d]: number[]) => a * k + b * i + c * j + d;
    const base = (r.ptr === "p" ? t.op : t.oq) + at(r.row) * W + at(r.col);
    for (let b = 0; b < 8; b++) out[r.ptr].add(base * 8 + b);
  };
  const K = t.K === "n" ? t.n : t.K === "m" ? t.m : t.n - 1;
  const used = (refs: Ref[]) => [...refs.filter((r) => r.write), ...refs.filter((r) => !r.write), ...(refs.some((r) => r.write) ? [] : [refs[0]!])];
  for (let j = 0; j <= t.m; j++) {
    for (let k = i + t.c; k <= K; k++) for (const r of used(t.r1)) hit(r, k, j);
    for (const r of used(t.r2)) hit(r, 0, j);
  }
  return out;
}

test("property: an inner loop's overlap check, wherever it holds, leaves the two pointers no common byte during that loop", () => {
  let checked = 0;
  let held = 0;
  let refuted = 0;
  let nested = 0;
  fc.assert(
    fc.property(caseArb, (t) => {
      const all = [...t.r1, ...t.r2];
      if (!all.some((r) => r.ptr === "p") || !all.some((r) => r.ptr === "q")) return;
      const src = source(t);
      const program = parseC("f.c", src, memoryHost({ "f.c": src }));
      const proc = program.procedures[0]!;
      const deps = analyzeProcedure(proc, {});
      let jLoop: Loop | undefined;
      walkStmts(proc.body, (s) => void (s.kind === "loop" && s.index?.name === "j" && (jLoop = s)));
      const e = overlapCheck(deps.refs, jLoop!, proc.symbols.get("p")!, proc.symbols.get("q")!, deps.index);
      if (!e) return;
      checked++;
      const reads = (x: Expr): boolean => x.kind === "var" ? x.sym.name === "i" : x.kind === "binary" ? reads(x.left) || reads(x.right) : x.kind === "unary" || x.kind === "cast" ? reads(x.operand) : x.kind === "addr" ? reads(x.operand) : x.kind === "elem" ? x.subs.some(reads) : false;
      if (reads(e)) nested++;
      for (let i = 0; i <= t.n; i++) {
        const holds = evaluate(e, t, i) as boolean;
        const { p, q } = touched(t, i);
        const common = [...p].some((b) => q.has(b));
        if (holds) held++;
        if (common) refuted++;
        assert.ok(!(holds && common), `the check ${exprText(e, "c")} holds at i=${i} for n=${t.n} m=${t.m} p=buf+${t.op} q=buf+${t.oq}, but p and q share bytes in\n${src}`);
      }
    }),
    { numRuns: 1500 },
  );
  // Not vacuous: checks that read i were made, some held and some overlaps were real.
  assert.ok(checked > 100 && nested > 50, `only ${checked} checks, ${nested} reading i`);
  assert.ok(held > 50 && refuted > 50, `held ${held}, overlapping ${refuted}`);
});
