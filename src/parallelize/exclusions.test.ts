import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { collectLoops } from "../ir/walk.js";
import { memoryHost } from "../source/host.js";
import { exclusions, type CallVerdict } from "./exclusions.js";

function reasonsOf(src: string, loopLine: number, verdict: (n: string) => CallVerdict = () => ({ kind: "unknown", why: "not in this file" })) {
  const p = parseFortran("t.f90", src, memoryHost({}));
  const proc = p.procedures[0]!;
  const info = collectLoops(proc.body).find((l) => l.loop.span.line === loopLine)!;
  return exclusions(info.loop, proc, verdict).map((r) => `${r.kind}@${r.line}`);
}

test("I/O, GOTO out, RETURN, STOP and EXIT of the loop exclude it; inner EXIT and GOTO inside do not", () => {
  const src = [
    "subroutine s(a, n)", // 1
    "  integer n, i, j", // 2
    "  real a(n)", // 3
    "  do i = 1, n", // 4
    "    do j = 1, n", // 5
    "      if (a(j) < 0) exit", // 6
    "    end do", // 7
    "    if (a(i) > 1) goto 10", // 8
    "    if (a(i) > 2) goto 20", // 9
    "    print *, a(i)", // 10
    "    if (a(i) > 3) return", // 11
    "    if (a(i) > 4) stop", // 12
    "    if (a(i) > 5) exit", // 13
    "10  continue", // 14
    "  end do", // 15
    "20 continue", // 16
    "end subroutine", // 17
  ].join("\n");
  assert.deepEqual(reasonsOf(src, 4), ["exit@9", "io@10", "exit@11", "exit@12", "exit@13"]);
  assert.deepEqual(reasonsOf(src, 5), ["exit@6"]);
});

test("calls: pure intrinsics pass, unknown procedures block, summarized ones are left to the dependence graph", () => {
  const src = ["subroutine s(a, n)", "  integer n, i", "  real a(n)", "  do i = 1, n", "    a(i) = sqrt(a(i)) + f(a(i))", "    call g(a(i))", "    call random_number(a(i))", "  end do", "end subroutine"].join("\n");
  assert.deepEqual(reasonsOf(src, 4), ["call@5", "call@6", "call@7"]);
  assert.deepEqual(
    reasonsOf(src, 4, (n) => (n === "g" || n === "f" ? { kind: "summarized" } : { kind: "unknown", why: "?" })),
    ["call@7"],
  );
});

test("DO WHILE is not a candidate", () => {
  const src = ["subroutine s(n)", "  integer n, k", "  k = 0", "  do while (k < n)", "    k = k + 1", "  end do", "end subroutine"].join("\n");
  assert.deepEqual(reasonsOf(src, 4), ["not-candidate@4"]);
});

test("a volatile variable read or written in the loop keeps it serial, as I/O does", () => {
  const src = (attr: string) => ["subroutine s(a, n)", "  integer n, i", `  real a(n), v${attr}`, "  do i = 1, n", "    v = a(i)", "  end do", "end subroutine", ""].join("\n");
  assert.deepEqual(reasonsOf(src(""), 4), []);
  assert.deepEqual(reasonsOf(src("\n  volatile v"), 5), ["io@6"]);
});
