import { test } from "node:test";
import assert from "node:assert/strict";
import { splitFixedForm } from "./fixed-form.js";
import { splitFreeForm } from "./free-form.js";
import { positionAt } from "./logical-line.js";

const texts = (r: { lines: { text: string }[] }) => r.lines.map((l) => l.text.trim());

test("fixed form: label field, continuation mark in column 6, column 72 limit", () => {
  const src = ["   10 X = 1 +", "     &    2", "      Y = 3".padEnd(72) + "123456789", "     0Z = 4"].join("\n");
  const r = splitFixedForm(src, "a.f");
  assert.deepEqual(texts(r), ["X = 1 +    2", "Y = 3", "Z = 4"]);
  assert.equal(r.lines[0]!.label, "10");
  assert.equal(r.lines[0]!.line, 1);
  assert.equal(r.lines[0]!.endLine, 2);
  assert.deepEqual(r.diagnostics, []);
});

test("fixed form: comment lines, inline comments, and ! in column 6 is a continuation", () => {
  const src = ["C comment", "c comment", "* comment", "! comment", "      A = 1 ! trailing", "     !   + 2", "      B = 'it''s ! not a comment'"].join("\n");
  const r = splitFixedForm(src, "a.f");
  assert.deepEqual(texts(r), ["A = 1    + 2", "B = 'it''s ! not a comment'"]);
});

test("fixed form: a string continued on the next card keeps its blanks up to column 72", () => {
  const src = ["      S = 'AB", "     &CD'"].join("\n");
  const r = splitFixedForm(src, "a.f");
  const t = r.lines[0]!.text;
  assert.ok(t.startsWith("S = 'AB"));
  assert.ok(t.endsWith("CD'"));
  assert.equal(t.length, "S = 'AB".length + (72 - 6 - "S = 'AB".length) + 3);
});

test("fixed form: OpenMP directives and conditional lines are recorded, continuations joined", () => {
  const src = ["c$omp parallel do", "c$omp& private(i)", "      DO 10 I = 1, 2", "   10 CONTINUE", "!$    X = 1", "*$OMP END PARALLEL DO"].join("\n");
  const r = splitFixedForm(src, "a.f");
  assert.deepEqual(
    r.directives.map((d) => [d.sentinel, d.text, d.span.line, d.span.endLine]),
    [
      ["omp", "parallel do private(i)", 1, 2],
      ["conditional", "X = 1", 5, 5],
      ["omp", "END PARALLEL DO", 6, 6],
    ],
  );
  assert.equal(r.lines[0]!.directivesBefore?.[0]?.text, "parallel do private(i)");
  assert.equal(r.lines[1]!.directivesBefore, undefined);
});

test("fixed form: tab format and bad labels", () => {
  const r = splitFixedForm("10\tX = 1\n\t1+ 2\nAB    Y = 1", "a.f");
  assert.deepEqual(texts(r), ["X = 1+ 2", "Y = 1"]);
  assert.equal(r.lines[0]!.label, "10");
  assert.equal(r.diagnostics.length, 1);
  assert.match(r.diagnostics[0]!.message, /invalid statement label/);
  assert.equal(r.diagnostics[0]!.span?.line, 3);
});

test("fixed form: a continuation with nothing to continue is an error with a position", () => {
  const r = splitFixedForm("     &X = 1", "a.f");
  assert.equal(r.diagnostics[0]!.id, "fortran.orphan-continuation");
  assert.deepEqual([r.diagnostics[0]!.span?.line, r.diagnostics[0]!.span?.column], [1, 6]);
});

test("free form: & continuation (leading & optional), comments, labels, semicolons", () => {
  const src = ["x = 1 + &  ! comment", "    & 2", "y = 'a&", "&b'", "100 z = 3; w = 4", "s = '; not a split'"].join("\n");
  const r = splitFreeForm(src, "a.f90");
  assert.deepEqual(texts(r), ["x = 1 +  2", "y = 'ab'", "z = 3", "w = 4", "s = '; not a split'"]);
  assert.equal(r.lines[2]!.label, "100");
  assert.equal(r.lines[3]!.label, undefined);
});

test("free form: directive continuation and a dangling & are handled", () => {
  const r = splitFreeForm("!$omp parallel do &\n!$omp& private(i)\ndo i = 1, 2\nend do\nx = 1 &", "a.f90");
  assert.equal(r.directives[0]!.text, "parallel do private(i)");
  assert.equal(r.diagnostics[0]!.id, "fortran.dangling-continuation");
});

test("positions map back through continuation lines", () => {
  const r = splitFixedForm(["      X = A +", "     &    B"].join("\n"), "a.f");
  const ll = r.lines[0]!;
  const at = ll.text.indexOf("B");
  assert.deepEqual(positionAt(ll, at), { line: 2, column: 11 });
  assert.deepEqual(positionAt(ll, 0), { line: 1, column: 7 });
});

test("fixed form, found by fuzzing: after a tab in the label field the statement starts at column 7 and ends at column 72, 66 characters on", () => {
  // gfortran ignores the `, 2` here: the loop's step is 1, not 2.
  const line = "\tdo 20 i = 1, n".padEnd(67) + ", 2";
  const r = splitFixedForm(["      program p", line, "   20 continue"].join("\n"), "t.f");
  assert.equal(texts(r)[1], "do 20 i = 1, n");
  // With a label before the tab, the same: 66 characters after the tab.
  const labelled = splitFixedForm("10\t" + "x = 1".padEnd(66) + "+ 2", "t.f");
  assert.equal(texts(labelled)[0], "x = 1");
  // A tab and a digit: a continuation line, its text from column 7.
  const cont = splitFixedForm(["\tx = 1 +", "\t1" + "2".padEnd(66) + "+ 3"].join("\n"), "t.f");
  assert.equal(texts(cont)[0], "x = 1 +2");
});
