import { before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { parseC } from "../frontend/c/parse-c.js";
import { ensureCParser } from "../node/c-parser-node.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";

/**
 * Issue 20's property: random nests of statements `a(i+p, j+q[, k+r]) =
 * a(i+s, j+t[, k+u]) + ...` (constant-distance dependences, every
 * direction pair possible), two deep and three deep (the third loop inside
 * the two that may trade places), are run by a small interpreter in the
 * order written and with the two outer loops interchanged. Whenever doall
 * decides to interchange a nest (interchange.ts, before profitability
 * settles it), both orders compute the same arrays: no illegal
 * interchange, whatever the dependences; and so does the interchanged
 * nest with its outer loop run backwards: the loop that gets the
 * directive carries nothing. The C version writes the same
 * nests over row-major arrays, the loop indices reversed in the
 * subscripts (a[k][j][i]: i, the loop that may move inward, fastest).
 */
interface Ref {
  arr: "a" | "b";
  d: number[];
}
interface Stmt {
  lhs: Ref;
  rhs: Ref[];
}

const EXT = [8, 7, 6];
const OFF = 2;
const IDX = ["i", "j", "k"];

const ref = (depth: number) => fc.record({ arr: fc.constantFrom<"a" | "b">("a", "b"), d: fc.array(fc.integer({ min: -OFF, max: OFF }), { minLength: depth, maxLength: depth }) });
const stmts = (depth: number) => fc.array(fc.record({ lhs: ref(depth), rhs: fc.array(ref(depth), { minLength: 1, maxLength: 2 }) }), { minLength: 1, maxLength: 3 });

const sub = (v: string, d: number) => (d === 0 ? v : d > 0 ? `${v} + ${d}` : `${v} - ${-d}`);
const text = (r: Ref) => `${r.arr}(${r.d.map((d, k) => sub(IDX[k]!, d)).join(", ")})`;

function source(body: Stmt[], depth: number): string {
  const lo = 1 + OFF;
  const dims = EXT.slice(0, depth).map((e) => `1:${e + 2 * OFF}`).join(", ");
  const loops = IDX.slice(0, depth).map((v, k) => `${"  ".repeat(k + 1)}do ${v} = ${lo}, ${EXT[k]! + OFF}`);
  const ends = IDX.slice(0, depth).map((_, k) => `${"  ".repeat(depth - k)}end do`);
  return [
    "program p",
    `  double precision :: a(${dims}), b(${dims})`,
    "  integer :: i, j, k",
    "  a = 1.0d0",
    "  b = 2.0d0",
    ...loops,
    ...body.map((s) => `${"  ".repeat(depth + 1)}${text(s.lhs)} = ${s.rhs.map(text).join(" + ")} + 1.0d0`),
    ...ends,
    "  print *, a(3, 4" + (depth === 3 ? ", 5" : "") + "), b(5, 6" + (depth === 3 ? ", 4" : "") + ")",
    "end program",
  ].join("\n");
}

/**
 * The arrays after the nest runs as written (i outside j) or with i and j interchanged; every loop from `lo` to its extent + OFF.
 * `reversed`: the interchanged nest's outer loop (j, which gets the directive) run backwards, as one order its
 * parallel iterations may take: a loop that runs in parallel computes the same in any order of its iterations.
 */
function interpret(body: Stmt[], depth: number, interchanged: boolean, lo = 1 + OFF, reversed = false): string {
  const size = EXT.slice(0, depth).map((e) => e + 2 * OFF + 1);
  const total = size.reduce((x, y) => x * y, 1);
  const arrays = { a: new Float64Array(total), b: new Float64Array(total) };
  for (let x = 0; x < total; x++) {
    arrays.a[x] = (x * 7) % 11;
    arrays.b[x] = (x * 5) % 13;
  }
  const at = (r: Ref, v: number[]) => r.d.reduce((off, d, k) => off * size[k]! + v[k]! + d, 0);
  const run = (v: number[]) => {
    for (const s of body) arrays[s.lhs.arr][at(s.lhs, v)] = s.rhs.reduce((sum, r) => sum + arrays[r.arr][at(r, v)]!, 0) + 1;
  };
  const ks = depth === 3 ? Array.from({ length: EXT[2]! + OFF - lo + 1 }, (_, x) => lo + x) : [0];
  const point = (i: number, j: number) => {
    for (const k of ks) run(depth === 3 ? [i, j, k] : [i, j]);
  };
  if (!interchanged) for (let i = lo; i <= EXT[0]! + OFF; i++) for (let j = lo; j <= EXT[1]! + OFF; j++) point(i, j);
  else if (!reversed) for (let j = lo; j <= EXT[1]! + OFF; j++) for (let i = lo; i <= EXT[0]! + OFF; i++) point(i, j);
  else for (let j = EXT[1]! + OFF; j >= lo; j--) for (let i = lo; i <= EXT[0]! + OFF; i++) point(i, j);
  return `${arrays.a.join(",")}|${arrays.b.join(",")}`;
}

for (const depth of [2, 3]) {
  test(`interchange property, ${depth} deep: every nest doall interchanges computes what it computes as written (interpreter)`, () => {
    let decided = 0;
    fc.assert(
      fc.property(stmts(depth), (body) => {
        const src = source(body, depth);
        const plans = planProgram(parseFortran("t.f90", src, memoryHost({})), { rangeFacts: false });
        const outer = plans.loops.find((l) => l.loop.span.line === 6)!;
        if (!outer.interchange) return;
        decided++;
        assert.equal(interpret(body, depth, true), interpret(body, depth, false), src);
        assert.equal(interpret(body, depth, true, 1 + OFF, true), interpret(body, depth, false), `the loop outside is not parallel:\n${src}`);
      }),
      { numRuns: 250, seed: 20 + depth },
    );
    // The property must have been exercised.
    assert.ok(decided >= 10, `only ${decided} nests interchanged`);
  });
}

before(() => ensureCParser());

/** The same nest in C: row-major arrays, subscripts in reverse order, the loops from the lower bound up. */
function cSource(body: Stmt[], depth: number): string {
  const lo = OFF;
  const dims = EXT.slice(0, depth).map((e) => `[${e + 2 * OFF + 1}]`).reverse().join("");
  const cText = (r: Ref) => `${r.arr}${r.d.map((d, k) => `[${sub(IDX[k]!, d)}]`).reverse().join("")}`;
  const loops = IDX.slice(0, depth).map((v, k) => `${"  ".repeat(k + 1)}for (${v} = ${lo}; ${v} <= ${EXT[k]! + OFF}; ${v}++)`);
  return [
    `double a${dims}, b${dims};`,
    "int main(void) {",
    "  int i, j, k;",
    ...loops,
    ...body.map((s) => `${"  ".repeat(depth + 1)}${cText(s.lhs)} = ${s.rhs.map(cText).join(" + ")} + 1.0;`),
    "  return (int)a[1][1]" + (depth === 3 ? "[1]" : "") + ";",
    "}",
  ].join("\n");
}

for (const depth of [2, 3]) {
  test(`interchange property in C, ${depth} deep: every nest doall interchanges computes what it computes as written (interpreter)`, () => {
    let decided = 0;
    fc.assert(
      fc.property(stmts(depth), (body) => {
        const src = cSource(body, depth);
        const plans = planProgram(parseC("t.c", src, memoryHost({})), { rangeFacts: false });
        const outer = plans.loops.find((l) => l.loop.span.line === 4)!;
        if (!outer.interchange) return;
        decided++;
        assert.equal(interpret(body, depth, true, OFF), interpret(body, depth, false, OFF), src);
        assert.equal(interpret(body, depth, true, OFF, true), interpret(body, depth, false, OFF), `the loop outside is not parallel:\n${src}`);
      }),
      { numRuns: 400, seed: 30 + depth },
    );
    assert.ok(decided >= 10, `only ${decided} nests interchanged`);
  });
}
