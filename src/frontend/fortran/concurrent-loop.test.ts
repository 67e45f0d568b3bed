import { test } from "node:test";
import assert from "node:assert/strict";
import type { Loop } from "../../ir/stmt.js";
import { userLoops } from "../../ir/walk.js";
import { bodyText, messages, readFree } from "./test-support/hir-text.js";

/** DO CONCURRENT: its header and locality specs (concurrent-parser.ts), its loops (concurrent-loop.ts). */
const prog = (decl: string, ...body: string[]) => `program p\n  ${decl}\n${body.map((l) => `  ${l}\n`).join("")}end program\n`;

test("the first index is the user's loop, the others implied loops inside it, the mask a guard; CYCLE goes to the innermost", () => {
  const p = readFree(prog("real :: a(4, 4), b(4)", "do concurrent (i = 1:4, j = 2:4:2, b(i) > 0)", "  a(i, j) = 1", "  if (a(i, 1) > 0) cycle", "end do"));
  assert.deepEqual(messages(p), []);
  assert.equal(
    bodyText(p),
    [
      "do#0 i = 1, 4  [concurrent: 2 indices mask]",
      "  do#1 j = 2, 4, 2  [implied: DO CONCURRENT]",
      "    if ((b(i) > 0))",
      "      a(i, j) = 1",
      "      if ((a(i, 1) > 0))",
      "        cycle do#1",
      "      end if",
      "    end if",
      "  end do#1",
      "end do#0",
    ].join("\n"),
  );
  const loops = userLoops(p.procedures[0]!.body);
  assert.deepEqual(loops.map((l) => [l.loop.span.line, l.loop.form, l.loop.candidate]), [[3, "do", true]]);
  assert.equal(loops[0]!.loop.index!.attrs.constructEntity, true);
});

test("locality specs: LOCAL and LOCAL_INIT are new variables (LOCAL_INIT copied in each iteration), SHARED, DEFAULT(NONE), REDUCE recorded", () => {
  const p = readFree(
    prog(
      "real :: a(4), t, s, m\n  integer :: i",
      "do concurrent (integer(8) :: i = 1:4) local(t) local_init(s) shared(a) default(none) reduce(+: m) reduce(max: q)",
      "  t = s + i",
      "  a(i) = t",
      "end do",
      "print *, t, s",
    ),
  );
  assert.deepEqual(messages(p), []);
  const loop = p.procedures[0]!.body[0] as Loop;
  const { entities, ...spec } = loop.concurrent!;
  assert.deepEqual(spec, { indices: 1, local: ["t"], localInit: ["s"], shared: ["a"], reduce: [{ op: "+", vars: ["m"] }, { op: "max", vars: ["q"] }], defaultNone: true, masked: false });
  assert.deepEqual(entities.map((x) => [x.name, x.attrs.constructEntity]), [["t", true], ["s", true]]);
  assert.equal(loop.index!.type.bytes, 8);
  const [init, first] = loop.body as [Extract<Loop["body"][number], { kind: "assign" }>, Extract<Loop["body"][number], { kind: "assign" }>];
  const outerS = p.procedures[0]!.symbols.get("s")!;
  const outerT = p.procedures[0]!.symbols.get("t")!;
  // s (local) = s (outside), then t (local) = s (local) + i.
  assert.equal(init.rhs.kind === "var" && init.rhs.sym, outerS);
  assert.ok(init.lhs.kind === "var" && init.lhs.sym !== outerS && init.lhs.sym.attrs.constructEntity);
  assert.ok(first.lhs.kind === "var" && first.lhs.sym !== outerT && first.lhs.sym.attrs.constructEntity);
  // After the loop, t and s are the outer variables again.
  assert.match(bodyText(p), /print uses t, s$/);
  const printed = p.procedures[0]!.body[1]!;
  assert.ok(printed.kind === "io" && printed.uses[0]!.kind === "var" && printed.uses[0]!.sym === outerT);
});

test("a mask the body may change is read for every combination before the loop", () => {
  const p = readFree(prog("real :: b(4)", "c: do concurrent (i = 1:4, b(i) > 0)", "  b(i) = -b(i)", "end do c"));
  assert.deepEqual(messages(p), []);
  assert.equal(
    bodyText(p),
    ["do#1 i = 1, 4  [implied: DO CONCURRENT]", "  (b(i) > 0)", "end do#1", "do#0 i = 1, 4  [concurrent: mask]", "  if (?the DO CONCURRENT mask of line 3?)", "    b(i) = (-b(i))", "  end if", "end do#0"].join("\n"),
  );
});

test("malformed headers and locality specs are positioned errors", () => {
  const m = messages(readFree(prog("real :: t", "do concurrent (i = 1:4) locl(t)", "end do", "do concurrent (i = 1:4, j > 2, k = 1:2)", "end do", "do concurrent (real :: i = 1:4)", "end do", "do concurrent (i = 1:4) reduce(-: t)", "end do")));
  assert.deepEqual(
    m.filter((x) => !x.includes("END DO without")),
    [
      "error: 3: 'locl' is not a locality spec",
      "error: 5: expected ')' after the mask, found ','",
      "error: 7: the type of FORALL and DO CONCURRENT indices must be INTEGER",
      "error: 9: '-' is not a REDUCE operator",
    ],
  );
});
