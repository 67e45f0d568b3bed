import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { ensureCParser } from "../../node/c-parser-node.js";
import type { ElemRef, Expr } from "../../ir/expr.js";
import { evalInt } from "../../ir/const-eval.js";
import { printExpr, printProgram } from "../../ir/print.js";
import type { Procedure, Program } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { collectLoops, walkExpr, walkStmts } from "../../ir/walk.js";
import { memoryHost } from "../../source/host.js";
import { parseC } from "./parse-c.js";

before(() => ensureCParser());

function lower(src: string, files: Record<string, string> = {}): Program {
  return parseC("t.c", src, memoryHost({ "t.c": src, ...files }));
}
const errors = (p: Program) => p.diagnostics.filter((d) => d.severity === "error");
const proc = (p: Program, name: string): Procedure => p.procedures.find((x) => x.name === name)!;
const loops = (p: Program, name: string): Loop[] => collectLoops(proc(p, name).body).map((l) => l.loop);

/** Every array element in a procedure, in order. */
function elems(pr: Procedure): ElemRef[] {
  const out: ElemRef[] = [];
  walkStmts(pr.body, (s) => {
    const exprs: Expr[] = s.kind === "assign" ? [s.lhs, s.rhs] : s.kind === "expr" ? [s.expr] : s.kind === "loop" ? [] : [];
    for (const e of exprs) walkExpr(e, (x) => x.kind === "elem" && out.push(x));
  });
  return out;
}
const dims = (s: Sym) => s.dims.map((d) => `${printExpr(d.lower)}:${d.upper ? printExpr(d.upper) : "?"}`).join(", ");
const head = (l: Loop) => (l.form === "do" ? `${l.index!.name} = ${printExpr(l.lower!)}, ${printExpr(l.upper!)}${l.step ? ", " + printExpr(l.step) : ""}` : `${l.form}: ${l.notCandidate}`);

describe("arrays", () => {
  it("lowers accesses through a macro to elements of the declared array", () => {
    const p = lower(`#define N 100
#define A(i,j) a[(j)*N+(i)]
#define U(i,j,k) u[k][j][i]
double a[N*N], u[4][N][N+1];
void f(int n) { int i, j; for (j = 0; j < n; j++) for (i = 0; i < n; i++) A(i,j) = U(i,j,2) + A(i+1,j); }
`);
    assert.deepEqual(errors(p), []);
    const es = elems(proc(p, "f"));
    assert.deepEqual(
      es.map((e) => `${e.sym.name}[${e.subs.map(printExpr).join("][")}] dims ${dims(e.sym)}`),
      ["a[((j * 100) + i)] dims 0:9999", "u[2][j][i] dims 0:3, 0:99, 0:100", "a[((j * 100) + (i + 1))] dims 0:9999"],
    );
    assert.equal(es[0]!.sym.layout, "row-major");
  });

  it("gives pointer-to-array parameters an unknown first extent and marks them pointers", () => {
    const p = lower(`#define M 8
void f(int n, double (*A)[M], double *p, double **q) { int i; for (i = 0; i < n; i++) { A[i][3] = p[i] + q[i][i] + *(p + i) + (*A)[i]; } }
`);
    assert.deepEqual(errors(p), []);
    const pr = proc(p, "f");
    const A = pr.symbols.get("A")!;
    assert.equal(dims(A), "0:?, 0:7");
    assert.equal(A.attrs.pointer, true);
    assert.equal(A.storage, "dummy");
    assert.equal(dims(pr.symbols.get("p")!), "0:?");
    assert.equal(dims(pr.symbols.get("q")!), "0:?, 0:?");
    assert.deepEqual(
      elems(pr).map((e) => `${e.sym.name}(${e.subs.map(printExpr).join(", ")})`),
      ["A(i, 3)", "p(i)", "q(i, i)", "p(i)", "A(0, i)"],
    );
  });

  it("gives C99 VLA parameters symbolic bounds from earlier parameters", () => {
    const p = lower(`void f(int n, int m, double A[n][m], double B[][m]) { A[n-1][0] = B[0][m-1]; }\n`);
    assert.deepEqual(errors(p), []);
    const pr = proc(p, "f");
    assert.equal(dims(pr.symbols.get("A")!), "0:(n - 1), 0:(m - 1)");
    assert.equal(dims(pr.symbols.get("B")!), "0:?, 0:(m - 1)");
    assert.equal(pr.symbols.get("A")!.attrs.pointer, true);
    assert.deepEqual(pr.params.map((s) => s.name), ["n", "m", "A", "B"]);
  });

  it("lowers a row of a 2-D array to the address of its first element, and struct members to members", () => {
    const p = lower(`typedef struct { double re, im; } dcomplex;
dcomplex z[10]; double a[4][5]; void g(double *row);
void f(dcomplex *w) { int i; g(a[i]); z[i].re = w->im; w[i].re = 0; }
`);
    assert.deepEqual(errors(p), []);
    const text = printProgram(p);
    assert.match(text, /call g\(&a\(i, 0\)\)/);
    assert.match(text, /z\(i\)%re = w->im/);
    assert.match(text, /w\(i\)%re = 0/);
  });
});

describe("canonical for loops", () => {
  const src = `
int n, g;
void h(void);
void f(double *a, int m) {
  int i, j; double x;
  for (i = 0; i < n; i++) a[i] = 0;
  for (i = 1; i <= m; ++i) a[i] = 0;
  for (i = m - 1; i >= 0; i--) a[i] = 0;
  for (i = m; i > 0; i -= 2) a[i] = 0;
  for (i = 0; n > i; i += 3) a[i] = 0;
  for (int k = 0; k < m; k = k + 1) a[k] = 0;
  for (i = 0; i < m; i++) { if (a[i] > 0) i++; }
  for (i = 0; i < m; i++) h();
  for (i = 0; i < m; i++) { m--; }
  for (i = 0; i < n; i++) h();
  for (i = 0; i < m; i++) a[i] = i++;
  for (i = 0; i != m; i++) a[i] = 0;
  for (i = 0; i < m; i += j) a[i] = 0;
  for (i = 0; i > m; i++) a[i] = 0;
  for (x = 0; x < m; x++) a[0] = x;
  for (i = 0; i < f2(m); i++) a[i] = 0;
  for (i = 0, j = 5; i < m; i++) a[i] = j;
  for (;;) break;
  while (m > 0) m--;
  do { m++; } while (m < 10);
  for (i = 0; i < m; i += j) { a[i] = 0; j++; }
  for (i = m; i > 0; i -= j) a[i] = 0;
  for (i = 0; i < m; i += x) a[i] = 0;
}
int f2(int);
`;
  it("recognizes counted loops with the bounds of a Fortran DO", () => {
    const p = lower(src);
    assert.deepEqual(errors(p).map((d) => d.message), []);
    const ls = loops(p, "f");
    assert.deepEqual(ls.slice(0, 6).map(head), ["i = 0, (n - 1)", "i = 1, m", "i = (m - 1), 0, -1", "i = m, 1, -2", "i = 0, (n - 1), 3", "k = 0, (m - 1)"]);
    for (const l of ls.slice(0, 6)) assert.equal(l.candidate, true);
    assert.equal(ls[2]!.lower!.kind, "binary");
  });

  it("reads a signed constant (one tree-sitter token) as an integer: for (d = -1; d <= 1; d++) runs 3 times (issue 17)", () => {
    const p = lower("enum { A = -010 };\nint g(int *a) {\n  int d, s;\n  s = a[A + 8];\n  for (d = -1; d <= 1; d++) s += a[d + 1] * +2;\n  return s;\n}\n");
    assert.deepEqual(errors(p).map((d) => d.message), []);
    const [l] = loops(p, "g");
    assert.equal(head(l!), "d = (-1), 1");
    assert.equal(evalInt(l!.lower!), -1);
    assert.equal(l!.lower!.type?.base, "integer");
    const found = elems(proc(p, "g"));
    // -010 is octal, as in any other C constant: A + 8 is 0.
    assert.deepEqual(found.map((e) => evalInt(e.subs[0]!) ?? printExpr(e.subs[0]!)), [0, "(d + 1)"]);
    let reals = 0;
    walkStmts(proc(p, "g").body, (st) => {
      if (st.kind === "assign") walkExpr(st.rhs, (x) => void (x.kind === "real" && reals++));
    });
    assert.equal(reals, 0);
  });

  it("says precisely why the others are not candidates", () => {
    const p = lower(src);
    const ls = loops(p, "f");
    assert.deepEqual(
      ls.slice(6).map((l) => (l.candidate ? "candidate " + head(l) : l.notCandidate)),
      [
        "the body writes the index i (line 12)",
        "candidate i = 0, (m - 1)",
        "the bound m may change in the body: m is written (line 14)",
        "the bound n reads a global, and the body calls h, which may change it",
        "the body writes the index i (line 16)",
        "the condition uses != (counted loops need <, <=, > or >=)",
        "candidate i = 0, (m - 1), j",
        "the index counts up but the condition i > ... cannot stop it",
        "the index x is not an integer variable",
        "the bound f2(m) calls f2",
        "candidate i = 0, (m - 1)",
        "for (;;) loop: it only ends by a jump",
        "while loop: its trip count is not known when it starts",
        "do-while loop: its trip count is not known when it starts",
        // A step that is no constant counts only up (i += s), and only when the body leaves it alone.
        "the step j may change in the body: j is written (line 26)",
        "the step is not a constant",
        "the step is not a constant",
      ],
    );
  });

  it("keeps what a for loop's init does besides setting the index before the loop", () => {
    const p = lower(src);
    const body = proc(p, "f").body;
    const k = body.findIndex((s) => s.kind === "loop" && s.form === "do" && s.span.line === 22);
    assert.ok(k > 0);
    assert.equal(printExpr((body[k - 1] as Extract<Stmt, { kind: "assign" }>).lhs), "j");
  });

  it("is not fooled by the index's address escaping before or after the loop", () => {
    const p = lower(`void g(int *); void f(int m) { int i; int *p = &i; for (i = 0; i < m; i++) *p = 3; for (i = 0; i < m; i++) g(0); }
void h(int m, double *a) { int i; for (i = 0; i < m; i++) a[i] = 1; for (i = 0; i < m; i++) g(0); scanf("%d", &i); }
`);
    const ls = loops(p, "f");
    assert.equal(ls[0]!.candidate, false);
    assert.match(ls[0]!.notCandidate!, /address of the index i is taken/);
    assert.equal(ls[1]!.candidate, false);
    // In h, &i comes after the loops: the first writes only doubles and stays a candidate, the second calls g.
    const hs = loops(p, "h");
    assert.equal(hs[0]!.candidate, true);
    assert.match(hs[1]!.notCandidate!, /address of the index i is taken/);
  });

  it("does not let a write through a double pointer disqualify an int bound (C99 6.5p7), but a char pointer does", () => {
    const p = lower(`int n; void f(double *a, char *c) { int i; for (i = 0; i < n; i++) a[i] = 0; for (i = 0; i < n; i++) c[i] = 0; }\n`);
    const ls = loops(p, "f");
    assert.equal(ls[0]!.candidate, true);
    assert.equal(ls[1]!.candidate, false);
  });

  it("rejects a loop entered by a goto from outside", () => {
    const p = lower(`void f(int m, double *a) { int i; goto in; for (i = 0; i < m; i++) { in: a[i] = 0; } }\n`);
    assert.equal(loops(p, "f")[0]!.notCandidate, "a goto from outside the loop jumps into its body");
  });

  it("records an existing OpenMP directive and the header and closing lines", () => {
    const p = lower(`void f(int m, double *a) {
  int i;
#pragma omp parallel for private(i)
  for (i = 0;
       i < m; i++) {
    a[i] = 0;
  }
}
`);
    const l = loops(p, "f")[0]!;
    assert.equal(l.existingDirective, "parallel for private(i)");
    assert.equal(l.span.line, 4);
    assert.equal(l.span.endLine, 5);
    assert.equal(l.endSpan.line, 7);
    assert.deepEqual(p.file.directives.map((d) => d.text), ["parallel for private(i)"]);
  });

  it("puts a loop written by a macro at the macro's use", () => {
    const p = lower(`#define FOR(i, n) for (i = 0; i < (n); i++)\nvoid f(int m, double *a) {\n  int i;\n  FOR(i, m) a[i] = 0;\n}\n`);
    const l = loops(p, "f")[0]!;
    assert.equal(l.span.line, 4);
    assert.equal(head(l), "i = 0, (m - 1)");
  });
});

describe("statements and scopes", () => {
  it("lowers compound assignment, ++, library calls and control flow", () => {
    const p = lower(`#include <stdio.h>
#include <stdlib.h>
#include <math.h>
void f(int n, double *a) {
  int i, k; double s = 0;
  s += sqrt(a[0]); i++; --k;
  double *b = (double *) malloc(n * sizeof(double));
  printf("%f\\n", s);
  scanf("%d %lf", &k, &a[1]);
  switch (n) { case 1: s = 1; break; default: s = 2; }
  for (i = 0; i < n; i++) { if (a[i] < 0) continue; if (a[i] > 9) break; }
  free(b);
  if (n < 0) exit(1);
  goto done;
done:
  return;
}
`);
    assert.deepEqual(errors(p), []);
    const text = printProgram(p);
    assert.match(text, /s = \(s \+ sqrt\(a\(0\)\)\)/);
    assert.match(text, /i = \(i \+ 1\)/);
    assert.match(text, /k = \(k - 1\)/);
    assert.match(text, /b = \(real\*8\*\)malloc\(\(n \* 8\)\)/);
    assert.match(text, /c-io uses "%f\\n", s/);
    assert.match(text, /c-io defs k, a\(1\) uses "%d %lf"/);
    assert.match(text, /cycle do#0/);
    assert.match(text, /exit do#0/);
    assert.match(text, /deallocate\(b\)/);
    assert.match(text, /stop 1/);
    assert.match(text, /done: return/);
    let io: Stmt | undefined;
    walkStmts(proc(p, "f").body, (s) => {
      if (s.kind === "io" && !io) io = s;
    });
    assert.equal(io?.kind === "io" && io.callee, "printf");
    let sqrt: Expr | undefined;
    walkStmts(proc(p, "f").body, (s) => {
      if (s.kind === "assign") walkExpr(s.rhs, (e) => e.kind === "call" && e.name === "sqrt" && (sqrt = e));
    });
    assert.equal(sqrt?.kind === "call" && sqrt.pure && sqrt.intrinsic, true);
  });

  it("gives each block-scoped declaration its own symbol", () => {
    const p = lower(`void f(void) { int x = 1; { int x = 2; x++; } x--; }\n`);
    const pr = proc(p, "f");
    assert.deepEqual([...pr.symbols.keys()], ["x", "x#2"]);
    const [outer, inner] = [pr.symbols.get("x")!, pr.symbols.get("x#2")!];
    assert.notEqual(outer.id, inner.id);
    assert.equal(inner.name, "x");
    const text = printProgram(p);
    assert.match(text, /block[\s\S]*x = 2[\s\S]*end block\n\s+x = \(x - 1\)/);
  });

  it("reads K&R definitions, with and without a return type", () => {
    const p = lower(`double avg(a, n) double *a; int n; { return a[n-1]; }
main(argc, argv) int argc; char **argv; { int i; for (i = 0; i < argc; i++) ; return 0; }
`);
    assert.deepEqual(errors(p), []);
    assert.deepEqual(p.procedures.map((x) => `${x.name}(${x.params.map((s) => s.name).join(",")})`), ["avg(a,n)", "main(argc,argv)"]);
    assert.equal(dims(proc(p, "avg").symbols.get("a")!), "0:?");
    assert.equal(loops(p, "main").length, 1);
    // Positions are not moved by the `int ` doall inserted.
    assert.equal(proc(p, "main").span.line, 2);
    assert.equal(proc(p, "main").span.column, 1);
  });

  it("reads declarations whose type is a typedef tree-sitter would take for a call", () => {
    const p = lower(`typedef struct { double r, i; } dcomplex;
typedef unsigned long uint64;
void f(int n, void *ox) {
  dcomplex (*x)[n] = (dcomplex (*)[n]) ox;
  uint64 k = (uint64)(n * 2) + sizeof(dcomplex);
  x[1][2].r = k;
}
`);
    assert.deepEqual(errors(p).map((d) => d.message), []);
    const pr = proc(p, "f");
    assert.equal(dims(pr.symbols.get("x")!), "0:?, 0:(n - 1)");
    assert.match(printProgram(p), /x\(1, 2\)%r = k/);
  });

  it("reports undeclared names and syntax errors with positions", () => {
    const p = lower(`void f(void) {\n  y = 1;\n  x = (1 + ;\n}\n`);
    const es = errors(p).map((d) => `${d.span?.line}:${d.span?.column} ${d.message}`);
    assert.ok(es.some((e) => /^2:3 'y' undeclared/.test(e)), es.join("\n"));
    assert.ok(es.some((e) => /^3:\d+ syntax error/.test(e)), es.join("\n"));
    assert.ok(proc(p, "f").unanalyzable);
  });
});

describe("found by fuzzing: what the IR would not show", () => {
  it("a GNU statement expression or inline assembly makes its function unanalyzed (their reads and writes were lost)", () => {
    const p = lower("int a[100];\nint f(void) {\n  int i, c = 0;\n  for (i = 0; i < 100; i++)\n    a[i] = ({ c = (c + i) % 11; c; });\n  return c;\n}\nint cnt;\nvoid g(void) {\n  for (int i = 0; i < 100; i++) {\n    __asm__ volatile(\"addl $3, %0\" : \"+m\"(cnt));\n    a[i] = i;\n  }\n}\n");
    assert.match(proc(p, "f").unanalyzable?.reason ?? "", /statement expression/);
    assert.match(proc(p, "g").unanalyzable?.reason ?? "", /inline assembly/);
  });

  it("a for after a line that ends with a backslash continues that line: no directive line can go before it", () => {
    const p = lower("int a[100];\nvoid f(void) {\n  int i; \\\n  for (i = 0; i < 100; i++) a[i] = i;\n}\n");
    assert.equal(loops(p, "f")[0]!.sharesLine?.first, true);
  });

  it("__thread marks a variable thread-local", () => {
    const p = lower("static __thread int k;\nint f(void) { return k; }\n");
    assert.equal(p.globals.get("k")?.attrs.threadLocal, true);
  });
});
