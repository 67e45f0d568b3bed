import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "./parse-c.js";
import { memoryHost } from "../../source/host.js";
import { mayAlias } from "./loop-effects.js";

before(() => ensureCParser());

/** The HIR types of a file's globals. */
function globals(src: string) {
  const program = parseC("t.c", src, memoryHost({ "t.c": src }));
  assert.deepEqual(program.diagnostics.filter((d) => d.severity === "error").map((d) => d.message), []);
  return (name: string) => program.globals.get(name)!.type;
}

test("a struct made of numbers lists their types (types.ts `members`); one that holds a pointer, at any depth, does not", () => {
  const t = globals(
    "typedef struct { double re, im; } cplx;\n" +
      "struct pair { cplx a; int n[2]; };\n" +
      "struct link { double v; struct link *next; };\n" +
      "struct deep { struct link l; double w; };\n" +
      "cplx c; struct pair p; struct link k; struct deep d;\n",
  );
  assert.deepEqual(t("c").members, [
    { base: "real", bytes: 8 },
    { base: "real", bytes: 8 },
  ]);
  assert.deepEqual(
    t("p").members?.map((m) => m.base),
    ["real", "real", "integer"],
  );
  assert.equal(t("k").members, undefined, "a pointer member");
  assert.equal(t("d").members, undefined, "a member holding a pointer");
});

test("a write through a struct of numbers may change only objects of its members' types (C11 6.5p7)", () => {
  const t = globals("typedef struct { double re, im; } cplx;\nstruct mix { double a; int b; };\nstruct link { double v; struct link *next; };\ncplx c; struct mix m; struct link k; int i; double x; char ch;\n");
  assert.equal(mayAlias(t("c"), t("i")), false, "no int inside a cplx");
  assert.equal(mayAlias(t("c"), t("x")), true);
  assert.equal(mayAlias(t("m"), t("i")), true, "an int member");
  assert.equal(mayAlias(t("k"), t("i")), true, "not made of numbers: anything");
  assert.equal(mayAlias(t("c"), t("c")), true);
  assert.equal(mayAlias(t("c"), t("ch")), false, "a char object is reached through char lvalues, not a struct of doubles");
});
