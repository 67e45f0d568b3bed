import { test } from "node:test";
import assert from "node:assert/strict";
import { buildCfg } from "../cfg/build-cfg.js";
import { fortran, procedure } from "../test-support/parse.js";
import { blockRegions } from "./block-regions.js";
import { liveVariables } from "./live-variables.js";
import { analyzeRegions } from "./loop-regions.js";

const classesOf = (src: string, path = "t.f90") => {
  const cfg = buildCfg(procedure(fortran(src, path)));
  const r = analyzeRegions(cfg);
  return r.loops.map((l) => Object.fromEntries(l.scalars.map((s) => [s.name, `${s.class}${s.why ? `/${s.why}` : ""}${s.reduction ? ` red(${s.reduction})` : ""}${s.live ? " live" : ""}`])));
};

test("scalar classes: index, read-only, private, lastprivate, carried (exposed and conditional last value)", () => {
  const [c] = classesOf(`subroutine s(a, b, n, last, big)
  integer n, i
  real a(n), b(n), t, u, last, big, scale
  scale = 2.0
  big = 0.0
  do i = 1, n
    t = a(i) * scale
    u = t + 1.0
    b(i) = u
    last = t
    if (t > big) big = t
  end do
end subroutine
`);
  assert.deepEqual(c, {
    i: "index",
    scale: "read-only",
    t: "private",
    u: "private",
    last: "lastprivate live",
    big: "carried/exposed-use live",
  });
});

test("a scalar written on some iterations only and read after the loop is carried; dead after the loop it is private", () => {
  const [c] = classesOf(`subroutine s(a, n, pos)
  integer n, i, pos, tmp
  integer a(n)
  do i = 1, n
    if (a(i) > 0) then
      pos = i
      tmp = a(i)
      a(i) = tmp - 1
    end if
  end do
end subroutine
`);
  assert.equal(c!.pos, "carried/conditional-last-value live");
  assert.equal(c!.tmp, "private");
});

test("reduction candidates: s = s op e with one associative operator, under IF too; not when s is read elsewhere", () => {
  const [sum, prod, mx, mixed, other, sub] = classesOf(`subroutine s(a, n, r1, r2, r3, r4, r5, r6)
  integer n, i
  real a(n), r1, r2, r3, r4, r5, r6
  do i = 1, n
    r1 = r1 + a(i)
    if (a(i) > 0) r1 = a(i) * 2.0 + r1
  end do
  do i = 1, n
    r2 = r2 * a(i)
  end do
  do i = 1, n
    r3 = max(r3, a(i), 0.0)
  end do
  do i = 1, n
    r4 = r4 + a(i)
    r4 = r4 * 2.0
  end do
  do i = 1, n
    r5 = r5 + a(i)
    a(i) = r5
  end do
  do i = 1, n
    r6 = r6 - a(i)
  end do
end subroutine
`);
  assert.equal(sum!.r1, "carried/exposed-use red(+) live");
  assert.equal(prod!.r2, "carried/exposed-use red(*) live");
  assert.equal(mx!.r3, "carried/exposed-use red(max) live");
  assert.equal(mixed!.r4, "carried/exposed-use live", "+ then *: no single operator");
  assert.equal(other!.r5, "carried/exposed-use live", "r5 is read by another statement");
  assert.equal(sub!.r6, "carried/exposed-use red(+) live", "s = s - e adds -e");
});

test("a jumping body uses dataflow regions; the loop index of an inner loop is private to the outer", () => {
  const cfg = buildCfg(
    procedure(
      fortran(`subroutine s(a, n, m)
  integer n, m, i, j
  real a(n, m)
  do i = 1, n
    do j = 1, m
      if (a(i, j) < 0) exit
      a(i, j) = 0
    end do
  end do
end subroutine
`),
    ),
  );
  const r = analyzeRegions(cfg);
  assert.equal(r.loops[0]!.method, "structured", "the EXIT leaves the inner loop only: the outer body is structured around it");
  assert.equal(r.loops[1]!.method, "dataflow");
  assert.equal(r.loops[0]!.scalars.find((s) => s.name === "j")!.class, "private");
});

test("LIVE after a loop is liveness at its exit: a temporary read only inside the body is not live", () => {
  // Seed 004's bottom-up rule LIVE(n1; n2) = (LIVE1 − DDEF2) ∪ LIVE2 keeps t here (t is live after
  // `t = a(i)` because `b(i) = t` reads it, and `b(i) = t` writes no t), which would ask for a
  // needless last-value copy; live-variables.ts explains why liveness is used instead.
  const cfg = buildCfg(
    procedure(
      fortran(`subroutine s(a, b, n)
  integer n, i
  real a(n), b(n), t
  do i = 1, n
    t = a(i)
    b(i) = t
  end do
end subroutine
`),
    ),
  );
  const regions = analyzeRegions(cfg);
  const t = cfg.vars.lookup(cfg.proc.symbols.get("t")!)!;
  assert.ok(!regions.loops[0]!.liveAfter.has(t), "t is dead after the loop");
  assert.equal(regions.loops[0]!.scalars.find((s) => s.name === "t")!.class, "private");
});

test("liveness: dummies and COMMON are live at the return, locals are not, nothing after STOP", () => {
  const cfg = buildCfg(
    procedure(
      fortran(`subroutine s(x, flag)
  real x, loc
  logical flag
  common /c/ g
  loc = x
  g = loc
  if (flag) stop
  x = g
end subroutine
`),
    ),
  );
  const live = liveVariables(cfg, blockRegions(cfg));
  const v = (n: string) => cfg.vars.lookup(cfg.proc.symbols.get(n)!)!;
  const atExit = live.liveIn[cfg.exit]!;
  assert.ok(atExit.has(v("x")) && atExit.has(v("g")) && !atExit.has(v("loc")));
  assert.ok(live.liveIn[cfg.halt]!.isEmpty());
  assert.ok(!live.liveIn[cfg.entry]!.has(v("loc")), "loc is written before it is read");
});

test("at the end of a main program nothing is live, COMMON included", () => {
  const cfg = buildCfg(
    procedure(
      fortran(`program p
  integer i
  real s
  common /c/ s
  do i = 1, 10
    s = real(i)
  end do
end program
`),
    ),
  );
  const r = analyzeRegions(cfg);
  assert.ok(r.liveness.liveIn[cfg.exit]!.isEmpty());
  assert.equal(r.loops[0]!.scalars.find((x) => x.name === "s")!.class, "private");
});
