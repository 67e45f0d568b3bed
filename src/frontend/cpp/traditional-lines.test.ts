import { test } from "node:test";
import assert from "node:assert/strict";
import { memoryHost } from "../../source/host.js";
import { parseFortran } from "../fortran/parse-fortran.js";
import { preprocess } from "./preprocess.js";
import { originAt, traditionalLines } from "./traditional-lines.js";

// What gfortran -cpp -E prints for each case (gcc 12, traditional mode); test/golden/gfortran-cpp has whole files.
const texts = (src: string) => traditionalLines(src, "t.F90").lines.map((l) => l.text);

test("a C comment is removed with nothing in its place, in code and in ! comments alike", () => {
  assert.deepEqual(texts("  print *, a /* inline */, b\n  w = 4 ! comment /* c4 */ end\n"), ["  print *, a , b", "  w = 4 ! comment  end", ""]);
});

test("// is concatenation, never a comment", () => {
  assert.deepEqual(texts("s = 'ab' // 'cd'\n// a line\n"), ["s = 'ab' // 'cd'", "// a line", ""]);
});

test("a comment over lines joins what follows it to the line where it started, and leaves empty lines", () => {
  assert.deepEqual(texts("x = 1 /* a comment over\n  two lines */ ; y = 2\nz = 3"), ["x = 1  ; y = 2", "", "z = 3"]);
});

test("literals keep their comments: quotes, doubled quotes, a backslash escape, and a literal left open to the end of the line", () => {
  assert.deepEqual(texts(`s = 'x /* y */'\nt = 'a''b /* c */'\nu = 'a\\' /* d */ '\n! don't /* e */\nv = "it's" /* f */, 1`), [
    "s = 'x /* y */'",
    "t = 'a''b /* c */'",
    "u = 'a\\' /* d */ '",
    "! don't /* e */",
    `v = "it's" , 1`,
  ]);
});

test("a backslash-newline joins lines, in a literal too", () => {
  assert.deepEqual(texts("print *, 'a\\\nb'\n! path C:\\\nx = 1\ny = 2"), ["print *, 'ab'", "", "! path C:x = 1", "", "y = 2"]);
});

test("positions after a removed comment are those of the original text", () => {
  const { lines } = traditionalLines("x = 1 /* a comment over\n  two lines */ ; y = 2\n", "t.F90");
  const l = lines[0]!;
  const semi = l.text.indexOf(";");
  assert.deepEqual(originAt(l, semi, "t.F90", 0), { file: "t.F90", line: 2, column: 16 });
  assert.deepEqual(originAt(l, 2, "t.F90", 0), { file: "t.F90", line: 1, column: 3 });
  assert.deepEqual(originAt(lines[1]!, 0, "t.F90", 0), { file: "t.F90", line: 2, column: 1 });
});

test("a comment left open is an error at its start, and the rest of the file is dropped", () => {
  const r = traditionalLines("a = 1\nb = 2 /* open\nc = 3\n", "t.F90");
  assert.deepEqual(r.lines.map((l) => l.text), ["a = 1", "b = 2 ", "", ""]);
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.diagnostics[0]!.span?.line, 2);
  assert.equal(r.diagnostics[0]!.span?.column, 7);
});

test("issue 17: a .F90 including a header with C comments parses without errors, and positions stay right", () => {
  const hdr = "/* sizes of the grid */\n      integer, parameter :: n = 10  /* points */\n#define SCALE 2 /* factor */\n";
  const src = 'program main\n#include "hdr.h"\n  real :: a(n), b\n  integer :: i\n  do i = 1, n /* all */\n    a(i) = SCALE /* twice */ * i\n  end do\n  print *, a(1)\nend program\n';
  const load = (text: string) => {
    const host = memoryHost({ "main.F90": text, "hdr.h": hdr });
    const pp = preprocess("main.F90", text, host, { language: "fortran", form: "free" });
    assert.deepEqual(pp.diagnostics, []);
    return parseFortran("main.F90", pp.text, host, { form: "free", positionMap: { at: (l, c) => pp.map.atLineColumn(l, c) } });
  };
  const program = load(src);
  assert.deepEqual(program.diagnostics, []);
  assert.deepEqual(program.procedures.map((p) => p.name.toLowerCase()), ["main"]);
  // An error after a removed comment points at the user's column: `)` is column 19 of line 6.
  const bad = load(src.replace("* i\n", "* )\n"));
  const err = bad.diagnostics.find((d) => d.severity === "error");
  assert.deepEqual([err?.span?.file, err?.span?.line, err?.span?.column], ["main.F90", 6, 32]);
});
