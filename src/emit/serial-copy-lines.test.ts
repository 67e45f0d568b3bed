import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { loadProgram } from "../driver/load-program.js";
import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";
import { serialCopyLines } from "./serial-copy-lines.js";

before(async () => {
  await ensureCParser();
});

function run(src: string) {
  const host = memoryHost({ "c.c": src });
  const r = parallelizeLoadedRun([loadProgram("c.c", host)], host)[0]!;
  return { out: r.output!, loop: (line: number) => r.report.loops.find((l) => l.line === line) };
}

const acc = (body: string[]) => ["void acc(double *y, const double *x, int n) {", ...body, "}", ""].join("\n");

test("a loop under an overlap check: an if on the check around its directive, the loop as written in the else branch", () => {
  const { out, loop } = run(acc(["  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5;"]));
  assert.equal(loop(2)?.serialCopy, true);
  const lines = out.split("\n");
  // The if on the directive's whole condition: the check and the profitability guard.
  assert.match(lines[1]!, /^  if \(\(\(const char \*\)\(&x\[n - 1\] \+ 1\) <= \(const char \*\)&y\[0\] \|\| .*\) && \(n >= \d+\)\) \{$/);
  assert.match(lines[2]!, /^  #pragma omp parallel for if\(\(.*\) && \(n >= \d+\)\)$/);
  assert.deepEqual(lines.slice(3), ["  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5;", "  } else {", "  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5;", "  }", "}", ""]);
});

test("no copy where the text does not allow one: other code after the loop on its last line, or a label in its body", () => {
  const shared = run(acc(["  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5; (void)0;"]));
  assert.equal(shared.loop(2)?.emitted, true);
  assert.equal(shared.out.includes("} else {"), false);
  const labeled = run(acc(["  for (int i = 0; i < n; i++) {", "  again:", "    y[i] = x[i] + y[i] * 0.5;", "  }"]));
  assert.equal(labeled.loop(2)?.emitted, true);
  assert.equal(labeled.out.includes("} else {"), false);
  // A restrict parameter needs no check: no copy either.
  const plain = run(["void acc(double *restrict y, const double *restrict x, int n) {", "  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5;", "}", ""].join("\n"));
  assert.equal(plain.loop(2)?.serialCopy, undefined);
  assert.equal(plain.out.includes("} else {"), false);
});

/** A routine called 5,000 times whose loop does one statement per iteration: its if() pays only with a serial copy. */
const often = (form: "fixed" | "free", loop: string[]) =>
  form === "fixed"
    ? ["      program p", "      double precision a(100000)", "      integer k", "      a = 1.0d0", "      do k = 1, 5000", "         call twice(a, k)", "      end do", "      print *, a(1)", "      end", "      subroutine twice(x, n)", "      integer n, i", "      double precision x(n)", ...loop, "      end", ""].join("\n")
    : ["program p", "  double precision a(100000)", "  integer k", "  a = 1.0d0", "  do k = 1, 5000", "    call twice(a, k)", "  end do", "  print *, a(1)", "end program", "subroutine twice(x, n)", "  integer n, i", "  double precision x(n)", ...loop, "end subroutine", ""].join("\n");

function runFortran(name: string, src: string) {
  const host = memoryHost({ [name]: src });
  const r = parallelizeLoadedRun([loadProgram(name, host)], host)[0]!;
  return { out: r.output!, loop: (line: number) => r.report.loops.find((l) => l.line === line) };
}

test("Fortran, fixed form: a loop entered so often that its if() pays only with a serial copy gets one (IF THEN, the directive, the loop, ELSE, the loop as written, END IF)", () => {
  const { out, loop } = runFortran("t.f", often("fixed", ["      do i = 1, n", "         x(i) = 2.0d0 * x(i)", "      end do"]));
  assert.equal(loop(13)?.emitted, true);
  assert.equal(loop(13)?.serialCopy, true);
  const lines = out.split("\n");
  const at = lines.indexOf("      if (n >= 20000) then");
  assert.ok(at > 0, out);
  assert.match(lines[at + 1]!, /^!\$omp parallel do.* if\(n >= 20000\)$/);
  assert.deepEqual(lines.slice(at + 2, at + 5), ["      do i = 1, n", "         x(i) = 2.0d0 * x(i)", "      end do"]);
  assert.match(lines[at + 5]!, /^!\$omp end parallel do/);
  assert.deepEqual(lines.slice(at + 6, at + 11), ["      else", "      do i = 1, n", "         x(i) = 2.0d0 * x(i)", "      end do", "      end if"]);
});

test("Fortran, free form: the same copy, indented as the loop", () => {
  const { out, loop } = runFortran("t.f90", often("free", ["  do i = 1, n", "    x(i) = 2.0d0 * x(i)", "  end do"]));
  assert.equal(loop(13)?.serialCopy, true);
  const lines = out.split("\n");
  const at = lines.indexOf("  if (n >= 20000) then");
  assert.ok(at > 0, out);
  assert.deepEqual(lines.slice(at + 6, at + 11), ["  else", "  do i = 1, n", "    x(i) = 2.0d0 * x(i)", "  end do", "  end if"]);
});

test("no copy, no directive: a label a GOTO uses, a construct name; the reason says why the guard alone would not pay", () => {
  for (const [name, loop] of [
    ["t.f", ["      do 10 i = 1, n", "         if (x(i) .lt. 0) goto 10", "         x(i) = 2.0d0 * x(i)", "   10 continue"]],
    ["t.f", ["      do i = 1, n", "         x(i) = 2.0d0 * x(i)", "         if (x(i) .gt. 1.0d9) goto 20", "   20    continue", "      end do"]],
  ] as const) {
    const { out, loop: at } = runFortran(name, often("fixed", [...loop]));
    assert.equal(at(13)?.emitted, false, out);
    assert.equal(out.includes("else"), false);
    assert.match(at(13)!.reasons!.find((r) => r.kind === "not-profitable")!.message!, /entered about 5,000 times .* the text allows none/);
  }
  const named = runFortran("t.f90", often("free", ["  sweep: do i = 1, n", "    x(i) = 2.0d0 * x(i)", "  end do sweep"]));
  assert.equal(named.loop(13)?.emitted, false);
});

test("fixed form: an if condition past column 72 continues on the next line", () => {
  const lines = serialCopyLines(["      do i = 1, n", "        x(i) = 0", "      end do"].join("\n"), { span: { line: 1, column: 7 }, endSpan: { line: 3, endColumn: 13 }, body: [] } as never, "(averyveryverylongname1 + averyveryverylongname2) * anotherlongname3 >= 20000", "fortran", "fixed")!;
  assert.ok(lines);
  const ifLines = lines[0]!.lines;
  assert.equal(ifLines.length, 2);
  assert.ok(ifLines.every((l) => l.length <= 72));
  assert.match(ifLines[1]!, /^ {5}&/);
  assert.equal(ifLines.map((l, i) => (i === 0 ? l.slice(6) : l.slice(6))).join(" ").replace(/\s+/g, " ").trim(), "if ((averyveryverylongname1 + averyveryverylongname2) * anotherlongname3 >= 20000) then");
});

test("Fortran: the labels a copied loop defines are renamed in the copy (a label is defined once in its unit): `do 20` ... `20 continue`, nested too", () => {
  const { out, loop } = runFortran("t.f", often("fixed", ["      do 20 i = 1, n", "         x(i) = 2.0d0 * x(i)", "   20 continue"]));
  assert.equal(loop(13)?.serialCopy, true, out);
  const lines = out.split("\n");
  const at = lines.indexOf("      else");
  assert.deepEqual(lines.slice(at, at + 5), ["      else", "      do 99999 i = 1, n", "         x(i) = 2.0d0 * x(i)", "99999 continue", "      end if"]);
  // The parallel branch keeps the loop as written.
  assert.ok(lines.includes("      do 20 i = 1, n") && lines.includes("   20 continue"));
  const free = runFortran("t.f90", often("free", ["  do 20 i = 1, n", "    x(i) = 2.0d0 * x(i)", "  20 continue"]));
  assert.ok(free.out.includes("  do 99999 i = 1, n\n    x(i) = 2.0d0 * x(i)\n  99999 continue\n  end if"), free.out);
});

test("Fortran: no copy when a label of the loop is used otherwise in it (a GOTO), or when a DO outside ends on it", () => {
  const text = ["      do 20 i = 1, n", "         if (x(i) .gt. 0) goto 20", "         x(i) = 0", "   20 continue"].join("\n");
  const loop = { span: { line: 1, column: 7 }, endSpan: { line: 4, endColumn: 17 }, body: [], terminalLabel: "20" } as never;
  assert.equal(serialCopyLines(text, loop, "n >= 20000", "fortran", "fixed"), null);
  const shared = ["      do 20 j = 1, n", "      do 20 i = 1, n", "         x(i, j) = 0", "   20 continue"].join("\n");
  const inner = { span: { line: 2, column: 7 }, endSpan: { line: 4, endColumn: 17 }, body: [], terminalLabel: "20" } as never;
  assert.equal(serialCopyLines(shared, inner, "n >= 20000", "fortran", "fixed"), null);
  // Free form: a continuation line that starts with a number is no label (the number is used: no copy).
  const continued = ["  do 20 i = 1, n", "    x(i) = 2.0d0 * x(i) + &", "      20", "  20 continue"].join("\n");
  const four = { span: { line: 1, column: 3 }, endSpan: { line: 4, endColumn: 14 }, body: [], terminalLabel: "20" } as never;
  assert.equal(serialCopyLines(continued, four, "n >= 20000", "fortran", "free"), null);
  // A DO with its own END DO copies as it is.
  const plain = ["      do i = 1, n", "         x(i) = 0", "      end do"].join("\n");
  const own = { span: { line: 1, column: 7 }, endSpan: { line: 3, endColumn: 13 }, body: [] } as never;
  assert.deepEqual(serialCopyLines(plain, own, "n >= 20000", "fortran", "fixed")![1]!.lines, ["      else", "      do i = 1, n", "         x(i) = 0", "      end do", "      end if"]);
});
