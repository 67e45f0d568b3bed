import { test } from "node:test";
import assert from "node:assert/strict";
import ts from "typescript";
import { runInNewContext } from "node:vm";
import { indexedLoops } from "../scripts/indexed-loops.js";

/**
 * The build's loop transform (scripts/indexed-loops.js, issue 16): for-of
 * over arrays becomes an indexed loop with the same meaning; every other
 * for-of stays.
 */
const SOURCE = `
export function trace(): string {
  const out: string[] = [];
  const list = [1, 2, 3];
  // Elements pushed during the loop are visited, as by the iterator.
  for (const x of list) {
    if (x === 1) list.push(4);
    out.push("a" + x);
  }
  // Labels, continue and break.
  outer: for (const row of [[1, 2], [3, 4], [5, 6]]) {
    for (const y of row) {
      if (y === 2) continue outer;
      if (y === 5) break outer;
      out.push("b" + y);
    }
  }
  // A new binding per iteration: closures see each one's value.
  const fs: (() => number)[] = [];
  for (const x of [7, 8]) fs.push(() => x);
  out.push("c" + fs.map((f) => f()).join(","));
  // Destructuring, a let reassigned in the body, a body without braces, a name the body shadows.
  for (const [k, v] of [["p", 1], ["q", 2]] as [string, number][]) out.push("d" + k + v);
  for (let z of [1, 2]) { z *= 10; out.push("e" + z); }
  for (const w of [3]) out.push("f" + w);
  for (const s of ["g"]) { const s = "shadow"; out.push(s); }
  // The list is evaluated once.
  let calls = 0;
  const make = () => (calls++, [1, 2, 3]);
  for (const x of make()) out.push("h" + x);
  out.push("calls" + calls);
  // A tuple and a union of arrays.
  const t: [number, string] = [1, "t"];
  for (const x of t) out.push("i" + x);
  const u: number[] | string[] = Math.random() < 2 ? [9] : ["no"];
  for (const x of u) out.push("j" + x);
  // Not arrays: a Map, a Set, a string, a generator.
  for (const [k, v] of new Map([["m", 1]])) out.push("k" + k + v);
  for (const x of new Set([5])) out.push("l" + x);
  for (const ch of "no") out.push("m" + ch);
  function* gen() { yield 1; yield 2; }
  for (const x of gen()) out.push("n" + x);
  // Array patterns of arrays and tuples are read by index: a declaration, a skipped element; one with a
  // default or a rest keeps its iterator, as does a pattern of a string.
  const [p, , q] = [1, 2, 3];
  const [r = 5, ...rest] = [undefined, 6, 7] as (number | undefined)[];
  const [c1, c2] = "hi";
  out.push("o" + p + q + r + rest.join("") + c1 + c2);
  return out.join(" ");
}
`;

function compile(transform: boolean): string {
  const name = "/virtual/loops.ts";
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, strict: true, noEmitOnError: true, types: [], lib: ["lib.es2022.d.ts"] };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, lang, ...rest) => (file === name ? ts.createSourceFile(file, SOURCE, lang) : read(file, lang, ...rest));
  let js = "";
  host.writeFile = (file, text) => void (file.endsWith(".js") && (js = text));
  const program = ts.createProgram([name], options, host);
  const errors = ts.getPreEmitDiagnostics(program);
  assert.deepEqual(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")), []);
  program.emit(undefined, undefined, undefined, false, transform ? { before: [indexedLoops(program)] } : undefined);
  return js;
}

function run(js: string): string {
  const module = { exports: {} as { trace?: () => string } };
  runInNewContext(js, { module, exports: module.exports, Math });
  return module.exports.trace!();
}

test("for-of over arrays, tuples and unions of arrays becomes indexed; the program means the same", () => {
  const plain = compile(false);
  const indexed = compile(true);
  assert.equal(run(indexed), run(plain));
  assert.equal(run(plain), "a1 a2 a3 a4 b1 b3 b4 c7,8 dp1 dq2 e10 e20 f3 shadow h1 h2 h3 calls1 i1 it j9 km1 l5 mn mo n1 n2 o13567hi");
  // Eleven loops over arrays (the inner row loop among them), four over other iterables.
  const forOf = /for \((const|let) [^;]*? of /g;
  assert.equal((plain.match(forOf) ?? []).length, 15);
  assert.equal((indexed.match(forOf) ?? []).length, 4);
  assert.equal((indexed.match(/for \(let i_\d+ = 0, list_\d+ = /g) ?? []).length, 11);
  // The map's [k, v] and the list of pairs' [k, v] in the loops, [p, , q] in the declaration; the rest keep theirs.
  const pattern = /\[[a-z0-9, =.]*\] (=|of)/g;
  assert.equal((plain.match(pattern) ?? []).length, 5);
  assert.equal((indexed.match(pattern) ?? []).length, 2);
});
