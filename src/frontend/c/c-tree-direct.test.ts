import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import fc from "fast-check";
import { ensureCParser } from "../../node/c-parser-node.js";
import { cTreeCopy, parseCSyntax, parseCSyntaxByApi } from "./c-parser.js";
import type { CNode } from "./c-syntax.js";

/**
 * The direct copy of tree-sitter's tree (c-tree-direct.ts) is the one in
 * use with the pinned web-tree-sitter, and it copies every tree as the
 * public API's cursor does: the shipped C programs, broken ones (error
 * recovery's ERROR and missing nodes), deep nesting and random text.
 */
before(() => ensureCParser());

const dirs = ["../../../test/golden/c/", "../../../test/e2e/programs/c/"].map((d) => new URL(d, import.meta.url));
const programs = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".c")).map((f) => readFileSync(new URL(f, dir), "utf8")));

/** The tree in preorder, one line per node: compared without recursion (deepEqual overflows on deep trees). */
function flat(root: CNode): string[] {
  const out: string[] = [];
  const stack = [root];
  for (let n = stack.pop(); n; n = stack.pop()) {
    out.push(`${n.type} ${n.start}-${n.end} ${n.field} ${n.named} ${n.missing} ${n.children.length}`);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}
/** Both copies give the same tree, and the error flag says what containsError does (iterative here too: deep trees). */
function same(p: string): void {
  const direct = parseCSyntax(p);
  const api = parseCSyntaxByApi(p);
  const nodes = flat(direct.root);
  assert.deepEqual(nodes, flat(api.root));
  assert.equal(direct.hasError, api.hasError);
  assert.equal(direct.hasError, nodes.some((n) => n.startsWith("ERROR ") || / true \d+$/.test(n)));
}

describe("direct tree copy", () => {
  it("is used with the pinned runtime", () => {
    assert.equal(cTreeCopy(), "direct");
  });

  it("copies the golden and end-to-end C programs as the public API does", () => {
    assert.ok(programs.length > 0);
    for (const p of programs) same(p);
  });

  it("copies ERROR and missing nodes as the public API does", () => {
    for (const p of ["int f( { return 1 }", "x = ;;; }}} for (", "int a[3] = {1, 2,", "main(argc) int argc; { }"]) same(p);
  });

  it("copies deep nesting without overflowing the stack", () => {
    const p = `int x = ${"(".repeat(5000)}1${")".repeat(5000)};`;
    same(p);
  });

  it("copies random cuts of a program as the public API does", () => {
    const src = programs[0]!;
    fc.assert(
      fc.property(fc.nat(src.length), fc.nat(200), (from, len) => {
        const p = src.slice(0, from) + src.slice(from + len);
        same(p);
      }),
      { numRuns: 30 },
    );
  });
});
