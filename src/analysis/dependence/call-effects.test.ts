// Calls inside loops described by the callees' summaries (call-effects.ts):
// what they may write blocks, what they only read does not, and whatever
// no summary describes is the worst case.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "../../frontend/c/parse-c.js";
import type { Program } from "../../ir/program.js";
import { collectLoops } from "../../ir/walk.js";
import { memoryHost } from "../../source/host.js";
import { analyzeFlow } from "../flow-analysis.js";
import { fortran } from "../test-support/parse.js";
import { analyzeProcedure } from "./analyze.js";
import { summaryLookup } from "./call-effects.js";
import { arrayVerdict, type ArrayLoopVerdict } from "./verdict.js";

before(() => ensureCParser());

/** The array verdict of the loop on `line` of procedure `name`, with (or without) the file's summaries. */
function verdict(p: Program, name: string, line: number, withSummaries = true): ArrayLoopVerdict {
  const proc = p.procedures.find((x) => x.name.toLowerCase() === name)!;
  const summaries = withSummaries ? summaryLookup(analyzeFlow(p), p.file.language) : undefined;
  const deps = analyzeProcedure(proc, summaries ? { summaries } : {});
  const loop = collectLoops(proc.body).find((l) => l.loop.span.line === line)!.loop;
  return arrayVerdict(deps, loop);
}

const blockers = (v: ArrayLoopVerdict) => [...new Set(v.carried.map((c) => `${c.kind} ${c.var}`))].sort();

const WRITES_SECOND = `subroutine caller(a, n)
  integer n, i
  real a(n), t
  do i = 1, n
    call f(a(i), t)
  end do
end
subroutine f(x, y)
  real x, y
  y = x * 2.0
end
`;

test("a callee that writes only its 2nd argument: a(i) passed as the 1st is only read, the loop is parallel for arrays", () => {
  const p = fortran(WRITES_SECOND);
  assert.equal(verdict(p, "caller", 4).parallel, true);
  // Without the summary the call may write a from a(i) on: carried.
  const worst = verdict(p, "caller", 4, false);
  assert.equal(worst.parallel, false);
  assert.ok(blockers(worst).some((b) => b.endsWith(" a")));
});

test("a callee that writes its 1st argument (a(i) from element i on) still blocks", () => {
  const p = fortran(WRITES_SECOND.replace("y = x * 2.0", "x = y * 2.0"));
  assert.equal(verdict(p, "caller", 4).parallel, false);
});

test("a callee writing a COMMON array: its region says which elements, and the other members are untouched", () => {
  // i stays within w's bounds (1..99), so w(i) and w(i + 1) are not v's elements.
  const src = (sub: string) => `subroutine caller(n)
  integer n, i
  real w(100), v(100), b(100)
  common /blk/ w, v
  do i = 1, 99
    call g(i)
    b(i) = v(i) + w(i)
  end do
end
subroutine g(k)
  integer k
  real w(100), v(100)
  common /blk/ w, v
  ${sub}
end
`;
  // g writes w(k): each iteration its own element, v not at all.
  assert.equal(verdict(fortran(src("w(k) = 1.0")), "caller", 5).parallel, true);
  // g writes w(k + 1): iteration i reads w(i), written by iteration i - 1.
  const v = verdict(fortran(src("w(k + 1) = 1.0")), "caller", 5);
  assert.equal(v.parallel, false);
  assert.ok(blockers(v).some((b) => b.endsWith(" w")), blockers(v).join(", "));
  assert.ok(!blockers(v).some((b) => b.endsWith(" v")), blockers(v).join(", "));
  // A write at an offset not known (a COMMON scalar g may change) stands for any element.
  assert.equal(verdict(fortran(src("m = m + 1\n  w(m) = 1.0")), "caller", 5).parallel, false);
});

test("a callee that only reads a COMMON array does not block a loop that reads it", () => {
  const p = fortran(`subroutine caller(n)
  integer n, i
  real w(100), b(100), s
  common /blk/ w
  do i = 1, n
    call h(i, s)
    b(i) = w(i) + s
  end do
end
subroutine h(k, r)
  integer k
  real r, w(100)
  common /blk/ w
  r = w(k)
end
`);
  assert.equal(verdict(p, "caller", 5).parallel, true);
});

test("a COMMON block the caller does not declare, written by the callee: the call conflicts with itself", () => {
  const p = fortran(`subroutine caller(n)
  integer n, i
  do i = 1, n
    call g(i)
  end do
end
subroutine g(k)
  integer k
  real w(100)
  common /hid/ w
  w(1) = w(1) + k
end
`);
  const v = verdict(p, "caller", 3);
  assert.equal(v.parallel, false);
  assert.deepEqual(blockers(v), ["output (storage out of sight)"]);
});

test("a COMMON scalar the caller declares but never references, written by the callee: the call conflicts with itself", () => {
  // No analysis of the caller sees cnt (it never names it); the race is still there.
  const p = fortran(`subroutine caller(n)
  integer n, i, cnt
  common /c/ cnt
  do i = 1, n
    call g(i)
  end do
end
subroutine g(k)
  integer k, cnt
  common /c/ cnt
  cnt = cnt + k
end
`);
  const v = verdict(p, "caller", 4);
  assert.equal(v.parallel, false);
  assert.deepEqual(blockers(v), ["output (storage out of sight)"]);
});

test("a module array written by the callee, not named by the caller, blocks (as storage out of sight)", () => {
  const p = fortran(`module m
  real q(100)
end module
subroutine caller(n)
  integer n, i
  do i = 1, n
    call g(i)
  end do
end
subroutine g(k)
  use m
  integer k
  q(1) = q(1) + k
end
`);
  const v = verdict(p, "caller", 6);
  assert.equal(v.parallel, false);
  assert.deepEqual(blockers(v), ["output (storage out of sight)"]);
});

test("a callee not seen in the file is the worst case: its arguments and hidden storage may be written", () => {
  const p = fortran(`subroutine caller(a, n)
  integer n, i
  real a(n), t
  do i = 1, n
    call unseen(a(i), t)
  end do
end
`);
  const v = verdict(p, "caller", 4);
  assert.equal(v.parallel, false);
  const b = blockers(v);
  assert.ok(b.some((x) => x.endsWith(" a")), b.join(", "));
  assert.ok(b.some((x) => x.endsWith("(storage out of sight)")), b.join(", "));
});

test("a callee that calls something unseen is the worst case too", () => {
  const p = fortran(WRITES_SECOND.replace("y = x * 2.0", "y = x * 2.0\n  call unseen()"));
  assert.equal(verdict(p, "caller", 4).parallel, false);
});

const BUMP = `subroutine caller(a, n)
  integer n, i, m
  real a(1000)
  common /c/ m
  do i = 1, n
    call bump()
    a(i + m) = 0.0
  end do
end
subroutine bump()
  integer m
  common /c/ m
  m = m + 1
end
`;

test("a callee that changes a subscript's symbol (COMMON m) makes a(i + m) vary: carried; one that leaves m alone does not", () => {
  assert.equal(verdict(fortran(BUMP), "caller", 5).parallel, false);
  const other = fortran(BUMP.replace("integer m\n", "integer m, k\n").replace("m = m + 1", "k = m"));
  assert.equal(verdict(other, "caller", 5).parallel, true);
});

const C_FILE = `double a[100], b[100];
double *gp;
double rd(const double *x) { return x[0]; }
void wr(double *x) { x[0] = 1.0; }
void viaglobal(int k) { gp[k] = 1.0; }
void caller(int n) {
  double t = 0;
  for (int i = 0; i < n; i++) b[i] = rd(&a[i]) + t;
  for (int i = 0; i < n; i++) wr(&a[i]);
  for (int i = 0; i < n; i++) { viaglobal(i); b[i] = a[i]; }
  for (int i = 0; i < n; i++) { unseen(); b[i] = a[i]; }
  for (int i = 0; i < n; i++) wr(a + i);
}
`;

const cProgram = () => parseC("t.c", C_FILE, memoryHost({ "t.c": C_FILE }));

test("C: a callee that only reads what &a[i] points to does not block", () => {
  assert.equal(verdict(cProgram(), "caller", 8).parallel, true);
  assert.equal(verdict(cProgram(), "caller", 8, false).parallel, false);
});

test("C: a callee that writes through its pointer argument blocks (&a[i] and a + i)", () => {
  assert.equal(verdict(cProgram(), "caller", 9).parallel, false);
  assert.equal(verdict(cProgram(), "caller", 12).parallel, false);
});

test("C: a callee that writes through a global pointer may write any memory", () => {
  const v = verdict(cProgram(), "caller", 10);
  assert.equal(v.parallel, false);
});

test("C: an unseen callee is the worst case", () => {
  assert.equal(verdict(cProgram(), "caller", 11).parallel, false);
});
