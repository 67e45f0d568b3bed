import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { memoryHost } from "../../source/host.js";
import { preprocess, type PreprocessOptions } from "./preprocess.js";

function pp(src: string, files: Record<string, string> = {}, opts: PreprocessOptions = {}) {
  return preprocess("main.c", src, memoryHost({ "main.c": src, ...files }), opts);
}
/** The output with all whitespace removed: expansion tests compare tokens, not layout. */
const squash = (s: string) => s.replace(/\s+/g, "");
const errors = (r: ReturnType<typeof pp>) => r.diagnostics.filter((d) => d.severity === "error");

describe("macro expansion", () => {
  it("expands C99 6.10.3.5 example 3 (rescanning, hide sets, empty arguments)", () => {
    const src = `#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
`;
    const r = pp(src);
    assert.deepEqual(errors(r), []);
    assert.equal(
      squash(r.text),
      squash(`f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { "hello", "" };`),
    );
  });

  it("stringizes and pastes as in C99 6.10.3.5 example 4", () => {
    const src = `#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \\
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\\0d", "abc", '\\4') // this goes away
 == 0) str(: @\\n), s);
xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
`;
    const r = pp(src);
    assert.deepEqual(errors(r), []);
    assert.equal(
      squash(r.text),
      squash(`printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
fputs("strncmp(\\"abc\\\\0d\\", \\"abc\\", '\\\\4') == 0" ": @\\n", s);
"vers2.h"
"hello";
"hello" ", world"`),
    );
  });

  it("handles variadic macros (C99 6.10.3.5 example 7), GNU ', ## __VA_ARGS__' and __VA_OPT__", () => {
    const src = `#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test): printf(__VA_ARGS__))
#define e(fmt, ...) g(fmt, ## __VA_ARGS__)
#define o(a, ...) h(a __VA_OPT__(,) __VA_ARGS__)
#define named(args...) k(args)
debug("Flag");
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
e(1); e(1, 2);
o(1); o(1, 2);
named(1, 2);
`;
    const r = pp(src);
    assert.deepEqual(errors(r), []);
    assert.equal(
      squash(r.text),
      squash(`fprintf(stderr, "Flag");
puts("The first, second, and third items.");
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));
g(1); g(1, 2);
h(1); h(1, 2);
k(1, 2);`),
    );
  });

  it("does not expand a function-like macro name without arguments, nor recursive uses", () => {
    const r = pp(`#define f(x) (x+1)
#define loop loop + 1
int (*p)(int) = f; int y = f(f(2)); int z = loop;
`);
    assert.equal(squash(r.text), squash("int (*p)(int) = f; int y = ((2+1)+1); int z = loop + 1;"));
  });

  it("reads arguments across lines and reports unterminated argument lists and wrong arity", () => {
    const ok = pp(`#define A(i,j) a[(j)*n+(i)]\nx = A(1,\n  2);\n`);
    assert.equal(squash(ok.text), "x=a[(2)*n+(1)];");
    const bad = pp(`#define A(i,j) a[i][j]\nx = A(1;\n`);
    assert.match(errors(bad)[0]!.message, /unterminated argument list invoking macro 'A'/);
    const arity = pp(`#define A(i,j) a[i][j]\nx = A(1);\ny = A(1,2,3);\n`);
    assert.equal(errors(arity).length, 2);
    assert.match(errors(arity)[0]!.message, /requires 2 arguments, but only 1 given/);
  });

  it("reports bad pastes and malformed definitions", () => {
    const r = pp(`#define cat(a,b) a ## b\ncat(+,/)\n#define bad(a,a) a\n#define s(x) #y\n#define e ## x\n`);
    const ids = errors(r).map((d) => d.id);
    assert.deepEqual(ids, ["cpp.paste", "cpp.define-params", "cpp.define-stringize", "cpp.define-paste"]);
  });
});

describe("conditional inclusion", () => {
  it("evaluates #if expressions with defined, arithmetic and short-circuits", () => {
    const r = pp(`#define N 10
#if defined(N) && N * 2 == 20 && !defined M
a
#endif
#if 0 && (1 / 0)
b
#elif (-1 < 0u)
c
#elif 1
d
#else
e
#endif
#if UNDEFINED_NAME == 0 && 0x10 == 16 && 'A' == 65 && (1 ? 2 : 3) == 2 && (1 << 4) == 16
f
#endif
`);
    assert.deepEqual(errors(r), []);
    // -1 < 0u is false: -1 converts to a large unsigned value.
    assert.equal(squash(r.text), "adf");
  });

  it("skips groups inside a false group without evaluating them", () => {
    const r = pp(`#if 0
#if 1/0
don't care ' unterminated
#else
#error never
#endif
#endif
ok
`);
    assert.deepEqual(errors(r), []);
    assert.equal(squash(r.text), "ok");
  });

  it("reports structure errors with positions", () => {
    const r = pp(`#if 1\n#else\n#else\n#endif\n#endif\n#elif 1\n#ifdef\n#endif\n#if 1 +\n#endif\n#if 1\n`);
    const es = errors(r).map((d) => `${d.span?.line}:${d.id}`);
    assert.deepEqual(es, ["3:cpp.else-after-else", "5:cpp.endif-without-if", "6:cpp.elif-without-if", "7:cpp.directive", "9:cpp.if-expr", "11:cpp.unterminated-if"]);
  });

  it("applies -D and -U", () => {
    const r = pp(`#ifdef A\nA\n#endif\n#ifdef __STDC__\nstdc\n#endif\n`, {}, { defines: new Map([["A", "42"]]), undefines: ["__STDC__"] });
    assert.equal(squash(r.text), "42");
  });
});

describe("source inclusion", () => {
  it("finds quoted includes next to the including file, then in -I directories", () => {
    const files = {
      "src/main.c": `#include "a.h"\n#include "b.h"\nint x = A + B;\n`,
      "src/a.h": `#define A 1\n`,
      "inc/b.h": `#include "c.h"\n#define B C\n`,
      "inc/c.h": `#define C 2\n`,
    };
    const r = preprocess("src/main.c", files["src/main.c"], memoryHost(files), { includeDirs: ["inc"] });
    assert.deepEqual(errors(r), []);
    assert.equal(squash(r.text), "intx=1+2;");
    assert.deepEqual(r.includes, ["src/a.h", "inc/b.h", "inc/c.h"]);
  });

  it("records system headers and defines the macros doall knows of them", () => {
    const r = pp(`#include <stdio.h>\n#include <math.h>\n#include <weird/thing.h>\nvoid *p = NULL; double q = M_PI;\n`);
    assert.deepEqual(errors(r), []);
    assert.deepEqual(
      r.systemIncludes.map((s) => s.name),
      ["stdio.h", "math.h", "weird/thing.h"],
    );
    assert.equal(squash(r.text), "void*p=((void*)0);doubleq=3.14159265358979323846;");
  });

  it("reports a missing include and an include cycle without hanging", () => {
    const r = pp(`#include "nope.h"\n#include "self.h"\n`, { "self.h": `#include "self.h"\n` });
    const ids = errors(r).map((d) => d.id);
    assert.equal(ids[0], "include.not-found");
    assert.ok(ids.includes("cpp.too-large"));
  });

  it("stops a file that includes itself twice without a guard (exponential output) with an error", () => {
    const src = `#include __FILE__\n#include __FILE__\nint x;\n`;
    const t0 = performance.now();
    const r = pp(src);
    assert.ok(performance.now() - t0 < 5000);
    assert.ok(errors(r).some((d) => d.id === "cpp.too-large"));
    assert.ok(r.text.length < 1_000_000);
  });

  it("honours #pragma once and include guards", () => {
    const r = pp(`#include "o.h"\n#include "o.h"\n#include "g.h"\n#include "g.h"\n`, { "o.h": "#pragma once\nint o;\n", "g.h": "#ifndef G\n#define G\nint g;\n#endif\n" });
    assert.equal(squash(r.text), "into;intg;");
  });
});

describe("positions", () => {
  it("maps unexpanded text column for column and expansions to the macro use", () => {
    const src = `#define N 100\n#define A(i,j) a[(j)*N+(i)]\nint f() {\n  x = A(k, l) + y;\n}\n`;
    const r = pp(src);
    const at = (needle: string, nth = 0) => {
      let i = -1;
      for (let k = 0; k <= nth; k++) i = r.text.indexOf(needle, i + 1);
      return r.map.at(i);
    };
    assert.deepEqual(at("int"), { file: "main.c", line: 3, column: 1 });
    assert.deepEqual(at("y"), { file: "main.c", line: 4, column: 17 });
    // `a[` and `100` come from the macro bodies: reported at the use of A.
    assert.deepEqual(at("a["), { file: "main.c", line: 4, column: 7 });
    assert.deepEqual(at("100"), { file: "main.c", line: 4, column: 7 });
    // Arguments keep their own positions.
    assert.deepEqual(at("k"), { file: "main.c", line: 4, column: 9 });
  });

  it("follows #line and maps tokens of included files to them", () => {
    const r = preprocess("m.c", `#include "h.h"\n#line 100 "gen.c"\nint z;\n`, memoryHost({ "m.c": "", "h.h": "\nint h;\n" }));
    assert.deepEqual(r.map.at(r.text.indexOf("h;")), { file: "h.h", line: 2, column: 5 });
    assert.deepEqual(r.map.at(r.text.indexOf("z")), { file: "gen.c", line: 100, column: 5 });
  });

  it("keeps pragmas with the offset of the statement that follows", () => {
    const r = pp(`void f() {\n#pragma omp parallel for private(j)\n  for (i = 0; i < n; i++) ;\n}\n`);
    assert.equal(r.pragmas.length, 1);
    assert.equal(r.pragmas[0]!.text, "omp parallel for private(j)");
    assert.equal(r.pragmas[0]!.span.line, 2);
    assert.equal(r.text.slice(r.pragmas[0]!.next, r.pragmas[0]!.next + 3), "for");
  });

  it("splices backslash-newlines and keeps physical positions", () => {
    const r = pp(`int a = 1 + \\\n  2;\n`);
    assert.equal(squash(r.text), "inta=1+2;");
    assert.deepEqual(r.map.at(r.text.indexOf("2")), { file: "main.c", line: 2, column: 3 });
  });
});

describe("Fortran mode", () => {
  const fpp = (src: string, files: Record<string, string> = {}, form: "fixed" | "free" = "free") =>
    preprocess("m.F90", src, memoryHost({ "m.F90": src, ...files }), { language: "fortran", form });

  it("keeps one output line per input line and leaves comments and strings alone", () => {
    const src = `#define N 10
program p
  ! N in a comment stays
  real a(N)
  print *, 'N is', N
#ifdef NOPE
  x = 1
#endif
end program
`;
    const r = fpp(src);
    assert.deepEqual(errors(r), []);
    const lines = r.text.split("\n");
    assert.equal(lines.length, src.split("\n").length);
    assert.equal(lines[0], "");
    assert.equal(lines[2], "  ! N in a comment stays");
    assert.equal(lines[3], "  real a(10)");
    assert.equal(lines[4], "  print *, 'N is', 10");
    assert.equal(lines[6], "");
    assert.deepEqual(r.map.atLineColumn(5, 3), { file: "m.F90", line: 5, column: 3 });
    assert.deepEqual(r.map.atLineColumn(4, 10), { file: "m.F90", line: 4, column: 10 });
  });

  it("expands function-like macros and maps included lines to their file", () => {
    const r = fpp(`#include "sizes.h"\n      x = IDX(i, j) + 1\n`, { "sizes.h": "#define LD 100\n#define IDX(i,j) ((j)-1)*LD+(i)\n" }, "fixed");
    assert.deepEqual(errors(r), []);
    const lines = r.text.split("\n");
    assert.equal(lines[lines.length - 2], "      x = ((j)-1)*100+(i) + 1");
    assert.deepEqual(r.includes, ["sizes.h"]);
    assert.deepEqual(r.map.atLineColumn(1, 1), { file: "m.F90", line: 1, column: 1 });
    assert.deepEqual(r.map.atLineColumn(2, 1), { file: "sizes.h", line: 1, column: 1 });
    // The header's two lines, and no empty line for its final newline (as gfortran -cpp -E): line 4 is the user's line 2.
    assert.deepEqual(r.map.atLineColumn(4, 11), { file: "m.F90", line: 2, column: 11 });
  });

  it("does not treat fixed-form comment lines or '2.and.X' numbers as C", () => {
    const r = fpp(`#define X .true.\nC     don't expand X here\n      if (2.and.X) y = 1\n`, {}, "fixed");
    assert.deepEqual(errors(r), []);
    assert.deepEqual(r.text.split("\n").slice(1, 3), ["C     don't expand X here", "      if (2.and..true.) y = 1"]);
  });
});

describe("Fortran compiler macros", () => {
  it("predefines what gfortran -cpp does, so the branch it compiles is the one analyzed (found by fuzzing)", () => {
    const src = "#ifdef __GFORTRAN__\nx = 1\n#else\nx = 2\n#endif\n#if defined(__GNUC__) && __GNUC__ >= 5\ny = 1\n#endif\n";
    const r = preprocess("m.F90", src, memoryHost({ "m.F90": src }), { language: "fortran", form: "free" });
    assert.match(r.text, /x = 1/);
    assert.doesNotMatch(r.text, /x = 2/);
    assert.match(r.text, /y = 1/);
  });
});
