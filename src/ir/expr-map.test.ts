import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Expr } from "./expr.js";
import { ExprMap } from "./expr-map.js";
import type { Sym } from "./symbol.js";
import type { Span } from "../source/span.js";

const span: Span = { file: "t.c", line: 1, column: 1, endLine: 1, endColumn: 2 };
const sym = (id: number, name: string): Sym => ({ id, name, type: { base: "integer" }, dims: [], layout: "row-major", storage: "local", attrs: {}, span });
const v = (s: Sym): Expr => ({ kind: "var", sym: s, span: { ...span } });
const plus1 = (s: Sym): Expr => ({ kind: "binary", op: "+", left: v(s), right: { kind: "int", value: 1, span }, span });

describe("ExprMap", () => {
  it("keys by structure: separate copies of n + 1 are one key, m + 1 another", () => {
    const n = sym(1, "n");
    const m = sym(2, "m");
    const map = new ExprMap<number>();
    map.set(plus1(n), 1);
    map.set(plus1(m), 2);
    map.set(plus1(n), 3);
    assert.equal(map.size, 2);
    assert.equal(map.get(plus1(n)), 3);
    assert.deepEqual(map.values(), [3, 2]);
  });

  it("keeps two symbols that share a name apart", () => {
    const map = new ExprMap<string>();
    map.set(v(sym(1, "k")), "outer");
    map.set(v(sym(2, "k")), "inner");
    assert.equal(map.size, 2);
  });
});
