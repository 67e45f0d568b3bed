import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Type } from "../ir/types.js";
import { typesMayAlias } from "./effective-types.js";

const INT: Type = { base: "integer", bytes: 4 };
const UINT: Type = { base: "integer", bytes: 4, unsigned: true };
const LONG: Type = { base: "integer", bytes: 8 };
const CHAR: Type = { base: "integer", bytes: 1 };
const DOUBLE: Type = { base: "real", bytes: 8 };
const FLOAT: Type = { base: "real", bytes: 4 };
const STRUCT: Type = { base: "derived", typeName: "s" };
const PTR: Type = { base: "pointer", pointee: DOUBLE };

test("C11 6.5p7: same type (signedness aside) aliases; different arithmetic types do not; char, struct and unknown alias everything", () => {
  assert.equal(typesMayAlias(INT, UINT), true);
  assert.equal(typesMayAlias(DOUBLE, DOUBLE), true);
  assert.equal(typesMayAlias(DOUBLE, INT), false);
  assert.equal(typesMayAlias(FLOAT, DOUBLE), false);
  assert.equal(typesMayAlias(INT, LONG), false);
  assert.equal(typesMayAlias(PTR, DOUBLE), false);
  assert.equal(typesMayAlias(PTR, { base: "pointer" }), true);
  for (const open of [CHAR, STRUCT, { base: "unknown" } as Type, { base: "void" } as Type, undefined]) {
    assert.equal(typesMayAlias(open, DOUBLE), true);
    assert.equal(typesMayAlias(INT, open), true);
  }
});

test("the relation is symmetric, and every type may alias itself", () => {
  const types = [INT, UINT, LONG, CHAR, DOUBLE, FLOAT, STRUCT, PTR, { base: "complex", bytes: 16 } as Type, { base: "logical", bytes: 1 } as Type];
  fc.assert(
    fc.property(fc.constantFrom(...types), fc.constantFrom(...types), (a, b) => typesMayAlias(a, b) === typesMayAlias(b, a) && typesMayAlias(a, a)),
  );
});

test("C: two pointers of different types may still reach one allocated object; a pointer and a declared array of another type may not", async () => {
  const { aliasKind } = await import("./dependence/alias.js");
  const span = { file: "t.c", line: 1, column: 1, endLine: 1, endColumn: 1 };
  const sym = (id: number, type: Type, pointer: boolean) =>
    ({ id, name: `s${id}`, type, dims: [{ lower: { kind: "int", value: 0, span }, upper: null }], layout: "row-major", storage: pointer ? "dummy" : "global", attrs: pointer ? { pointer: true } : {}, span }) as unknown as Parameters<typeof aliasKind>[0];
  // int *a and float *b: a malloc'd buffer read as float and written as int (found by fuzzing).
  assert.equal(aliasKind(sym(1, INT, true), sym(2, { base: "real", bytes: 4 } as Type, true)), "may-alias");
  // A double array declared as such is never reached through an int pointer.
  assert.equal(aliasKind(sym(3, DOUBLE, false), sym(4, INT, true)), "disjoint");
  assert.equal(aliasKind(sym(3, DOUBLE, false), sym(5, DOUBLE, true)), "may-alias");
});
