// The dependence tests with value ranges (issue 7 §5, seed 003 §6): Fig. 1's
// j loop, the switch that turns the bounds assumption off, the facts cited,
// and the ways a range must end before a nest (soundness).
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Procedure } from "../ir/program.js";
import type { Loop } from "../ir/stmt.js";
import { collectLoops } from "../ir/walk.js";
import { arrayVerdict } from "./dependence/verdict.js";
import { RangeFactsUsed } from "./range-facts-used.js";
import { analyzeRangedDependences } from "./ranged-dependences.js";
import { FIG1 } from "./ranges/test-support/fig1.js";
import { NestRanges } from "./ranges/nest-ranges.js";
import { fortran } from "./test-support/parse.js";

function loopAt(proc: Procedure, line: number): Loop {
  const l = collectLoops(proc.body).find((x) => x.loop.span.line === line);
  if (!l) throw new Error(`no loop at line ${line}`);
  return l.loop;
}

/** "parallel", "check: COND" or "serial" for the loop on `line`. */
function verdict(text: string, line: number, boundsAssumption = true, procName?: string): string {
  const p = fortran(text);
  const proc = procName ? p.procedures.find((x) => x.name === procName)! : p.procedures[0]!;
  const { deps } = analyzeRangedDependences(proc, {}, { boundsAssumption });
  const v = arrayVerdict(deps, loopAt(proc, line));
  return v.parallel ? "parallel" : v.runtimeCheck ? `check: ${v.runtimeCheck.fortran}` : "serial";
}

test("Fig. 1: the j loop is parallel with 1 <= v <= 49; without the bounds assumption only under a run-time check", () => {
  assert.equal(verdict(FIG1, 7), "parallel");
  assert.notEqual(verdict(FIG1, 7, false), "parallel");
  assert.notEqual(verdict(FIG1, 5), "parallel", "the i loop writes a(v+i+1, v) and a(100-v, i+j) in different i");
});

test("Fig. 1: the facts cited for the j loop are v's range and where it came from; the i loop cites none", () => {
  const proc = fortran(FIG1).procedures[0]!;
  const used = new RangeFactsUsed(analyzeRangedDependences(proc, {}, {}));
  const facts = used.forLoop(loopAt(proc, 7));
  assert.deepEqual(
    facts.map((f) => [f.var, f.range]),
    [["v", "1..49"]],
  );
  assert.match(facts[0]!.source, /a\(v \+ i \+ 1, v\) \(declared a\(100, 100\)\) at line 6, for every i = 1\.\.50/);
  assert.deepEqual(used.forLoop(loopAt(proc, 5)), []);
});

test("the bounds assumption off: no in-bounds assumption in the tests either", () => {
  const proc = fortran(FIG1).procedures[0]!;
  assert.equal(analyzeRangedDependences(proc, {}, {}).options.assumeInBounds, true);
  assert.equal(analyzeRangedDependences(proc, {}, { boundsAssumption: false }).options.assumeInBounds, false);
});

test("ranges from conditions stay on without the bounds assumption", () => {
  const text = `subroutine s(a, v)
  real a(100, 100)
  integer v, j
  if (v >= 1 .and. v <= 49) then
    do j = 1, 50
      a(100-v, j+1) = a(v, j) + 1.0
    end do
  end if
end subroutine
`;
  assert.equal(verdict(text, 5), "parallel");
  // The linearized subscripts 100 - v + 100·j and v + 100·(j' - 1) meet only for v a multiple of 50.
  assert.equal(verdict(text, 5, false), "parallel", "the IF gives 1 <= v <= 49 with or without the assumption");
});

/**
 * A nest where v = 50 makes a(100-v, j+1) and a(v, j) the same row: a flow
 * dependence of distance 1 in j. With 1 <= v <= 49 known it is parallel.
 * Each soundness case below lets v = 50 reach the nest in a way a range
 * must not hide.
 */
const nest = (before: string, decl = "") => `subroutine s(a, v, k)
  real a(100, 100)
  integer v, k, j
${decl}${before}
  do j = 1, 50
    a(100-v, j+1) = a(v, j) + 1.0
  end do
end subroutine
subroutine f(x)
  integer x
  x = 50
end subroutine
`;
const nestLine = (text: string) => text.split("\n").findIndex((l) => l.trim().startsWith("do j")) + 1;

test("soundness: the control case is parallel", () => {
  const t = nest("  a(v + 51, 1) = 0.0");
  assert.equal(verdict(t, nestLine(t)), "parallel");
});

test("soundness: a redefinition between the reference and the nest ends the range", () => {
  const t = nest("  a(v + 51, 1) = 0.0\n  v = v + 1");
  assert.notEqual(verdict(t, nestLine(t)), "parallel");
  const u = nest("  a(v + 51, 1) = 0.0\n  v = 50");
  assert.notEqual(verdict(u, nestLine(u)), "parallel");
});

test("soundness: a call that may modify the variable ends the range (argument, COMMON)", () => {
  const t = nest("  a(v + 51, 1) = 0.0\n  call f(v)");
  assert.notEqual(verdict(t, nestLine(t)), "parallel");
  const c = `subroutine s(a)
  real a(100, 100)
  integer v, j
  common /c/ v
  a(v + 51, 1) = 0.0
  call g()
  do j = 1, 50
    a(100-v, j+1) = a(v, j) + 1.0
  end do
end subroutine
`;
  assert.notEqual(verdict(c, 7), "parallel");
});

test("soundness: a GOTO into a guarded region brings values the guard excludes", () => {
  const t = nest(`  if (v == 50) goto 10
  if (v < 50) then
    a(v + 51, 1) = 0.0
10  continue
    k = 0
  end if`);
  assert.notEqual(verdict(t, nestLine(t)), "parallel");
  const ok = nest(`  if (v < 50) then
    a(v + 51, 1) = 0.0
10  continue
    k = 0
  else
    a(v + 51, 1) = 1.0
  end if`);
  assert.equal(verdict(ok, nestLine(ok)), "parallel", "without the jump, both branches bound v");
});

test("soundness: a GOTO out of a guarded region skips the reference that gave the range", () => {
  const t = nest(`  if (k > 0) then
    if (v == 50) goto 20
    a(v + 51, 1) = 0.0
  else
    a(v + 51, 1) = 1.0
  end if
20 continue`);
  assert.notEqual(verdict(t, nestLine(t)), "parallel");
});

test("soundness: a reference after the nest bounds v in it only when nothing can stop the program first", () => {
  const after = `subroutine s(a, v)
  real a(100, 100)
  integer v, j
  do j = 1, 50
    a(100-v, j+1) = a(v, j) + 1.0
  end do
  a(v + 51, 1) = 0.0
end subroutine
`;
  assert.equal(verdict(after, 4), "parallel", "seed 003 §4: the fact moves back to v's definition (the entry)");
  const stop = after.replace("  a(v + 51, 1) = 0.0", "  if (a(1, 1) > 0.0) stop\n  a(v + 51, 1) = 0.0");
  assert.notEqual(verdict(stop, 4), "parallel");
});

test("the ranges are computed when a test first asks for one: never for a nest over constants and arrays only", () => {
  const constant = fortran(`subroutine s(a)
  real a(100)
  integer i
  do i = 2, 100
    a(i) = a(i - 1) + 1.0
  end do
end
`).procedures[0]!;
  const r = analyzeRangedDependences(constant, {}, {});
  assert.equal(r.ranges!.computed, false);
  assert.equal(r.rangeError, undefined);
  const fig1 = analyzeRangedDependences(fortran(FIG1).procedures[0]!, {}, {});
  assert.equal(fig1.ranges!.computed, true, "Fig. 1's tests ask for v");
});

test("a range analysis that fails: no range, and its error said once a question ran it", () => {
  const proc = fortran(`subroutine s(a, n)
  real a(100)
  integer i, n
  do i = 1, n
    a(i) = 1.0
  end do
end
`).procedures[0]!;
  const failing = new NestRanges(() => {
    throw new Error("broken");
  });
  const root = collectLoops(proc.body)[0]!.loop;
  assert.equal(failing.error, undefined);
  assert.equal(failing.at(proc.symbols.get("n")!, root), undefined);
  assert.equal(failing.error, "broken");
  assert.equal(failing.available(), false);
});
