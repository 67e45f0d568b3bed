import { test } from "node:test";
import assert from "node:assert/strict";
import { loadProgram } from "../driver/load-program.js";
import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";
import { mainProgramSaves } from "./main-program-saves.js";

function load(name: string, src: string) {
  const program = loadProgram(name, memoryHost({ [name]: src })).program;
  assert.ok(program);
  return program;
}

function output(name: string, src: string): string {
  const host = memoryHost({ [name]: src });
  return parallelizeLoadedRun([loadProgram(name, host)], host, {})[0]!.output ?? "";
}

test("a main program's own arrays are saved; those static already, not the unit's, or that SAVE may not name are not", () => {
  const src = [
    "      program p",
    "      integer n",
    "      parameter (n = 100000)",
    "      double precision big(n), Other(n), x, sv(n), dat(3), cm(n), eq1(n), eq2(n), cst(3)",
    "      double precision, allocatable :: al(:)",
    "      double precision, pointer :: pt(:)",
    "      parameter (cst = (/1d0, 2d0, 3d0/))",
    "      common /blk/ cm",
    "      equivalence (eq1, eq2)",
    "      save sv",
    "      data dat /1d0, 2d0, 3d0/",
    "      integer i",
    "      do i = 1, n",
    "         big(i) = i",
    "         other(i) = 2 * i",
    "      end do",
    "      print *, big(n) + other(1) + x",
    "      end",
  ].join("\n");
  const p = load("p.f", src).procedures.find((q) => q.kind === "program")!;
  assert.deepEqual(mainProgramSaves(p), ["big", "other"]);
});

test("not in subroutines (SAVE would make their arrays one copy for every thread that calls them), nor under a blanket SAVE", () => {
  const sub = load("s.f", "      subroutine s(n)\n      double precision w(1000)\n      w(1) = n\n      print *, w(1)\n      end\n");
  assert.deepEqual(mainProgramSaves(sub.procedures[0]!), []);
  const all = load("a.f", "      program a\n      double precision w(1000)\n      save\n      w(1) = 1\n      print *, w(1)\n      end\n");
  assert.deepEqual(mainProgramSaves(all.procedures[0]!), []);
});

test("the SAVE statement goes before the first executable statement, continued within 72 columns in fixed form", () => {
  const names = Array.from({ length: 14 }, (_, k) => `array${k}`);
  const src = [
    "      program p",
    "      integer n, i",
    "      parameter (n = 100000)",
    ...names.map((a) => `      double precision ${a}(n)`),
    "      do i = 1, n",
    ...names.map((a) => `         ${a}(i) = i`),
    "      end do",
    ...names.map((a) => `      print *, ${a}(n)`),
    "      end",
  ].join("\n");
  const out = output("p.f", src).split("\n");
  const at = out.findIndex((l) => /^ {6}save /.test(l));
  assert.ok(at > 0, out.join("\n"));
  const stmt = [out[at]!];
  for (let i = at + 1; /^ {5}&/.test(out[i] ?? ""); i++) stmt.push(out[i]!);
  assert.ok(stmt.length > 1);
  for (const l of stmt) assert.ok(l.length <= 72, l);
  assert.equal(stmt.map((l, i) => (i === 0 ? l.slice(6) : l.slice(6))).join(" ").replace(/\s+/g, " "), `save ${[...names].sort().join(", ")}`);
  // Then the directive and the loop.
  assert.match(out[at + stmt.length]!, /^!\$omp parallel do/);
});

test("free form: indented like the first executable statement; no SAVE when the file gets no directive", () => {
  const par = output("p.f90", "program p\n  real :: a(200000)\n  integer :: i\n  do i = 1, 200000\n    a(i) = i\n  end do\n  print *, a(7)\nend program p\n");
  assert.match(par, /\n {2}integer :: i\n {2}save a\n {2}!\$omp parallel do/);
  const ser = "program p\n  real :: a(10)\n  integer :: i\n  do i = 2, 10\n    a(i) = a(i - 1) + 1\n  end do\n  print *, a(7)\nend program p\n";
  assert.equal(output("s.f90", ser), ser);
});
