import { test } from "node:test";
import assert from "node:assert/strict";
import type { Expr } from "../../ir/expr.js";
import type { Procedure, Program } from "../../ir/program.js";
import { walkStmts } from "../../ir/walk.js";
import { fortran } from "../test-support/parse.js";
import { RunConstants } from "./run-constants.js";

const world = (p: Program, whole = true) => {
  const byName = (n: string) => p.procedures.find((x) => x.name.toLowerCase() === n.toLowerCase());
  return new RunConstants({ procedures: p.procedures, resolve: (n) => byName(n), whole });
};
const proc = (p: Program, name: string) => p.procedures.find((x) => x.name === name)!;
/** The argument lists of the calls of `callee` in `caller`, in order. */
const calls = (caller: Procedure, callee: string): (readonly Expr[])[] => {
  const out: (readonly Expr[])[] = [];
  walkStmts(caller.body, (s) => void (s.kind === "call" && s.name === callee && out.push(s.args)));
  return out;
};
const named = (m: ReadonlyMap<{ name: string }, number>) =>
  Object.fromEntries(
    [...m]
      .map(([s, v]) => [s.name, v] as const)
      .sort(),
  );

const PROGRAM = `program main
  integer nx, k
  parameter (nx = 256)
  k = 3
  call fft(1, nx, k)
  call fft(-1, nx, k)
  call other(nx + 1)
  call other(10)
end program

subroutine fft(sign, n, k)
  integer sign, n, k, log, ilog2, j
  log = ilog2(n)
  call pass(log, n)
  do j = 1, n
    log = j
  end do
  call pass(log, n)
  if (n .gt. 100) then
    log = 1
  else
    log = 2
  endif
  call pass(log, n)
  if (sign .gt. 0) then
    log = 1
  else
    log = 2
  endif
  call pass(log, n)
  call bump(log)
  call pass(log, n)
end subroutine

subroutine pass(m, n)
  integer m, n
end subroutine

subroutine bump(m)
  integer m
  m = m + 1
end subroutine

subroutine other(n)
  integer n
end subroutine

integer function ilog2(n)
  integer n, nn, lg
  lg = 0
  nn = 1
  do while (nn .lt. n)
    nn = nn * 2
    lg = lg + 1
  end do
  ilog2 = lg
end function
`;

test("a dummy every call gives one constant has it; one given two values, or stored into, has none", () => {
  const p = fortran(PROGRAM);
  const rc = world(p);
  // n = nx at both calls; sign differs; k is a variable of main passed by reference (a local, once): 3.
  assert.deepEqual(named(rc.formalValues(proc(p, "fft"))), { k: 3, n: 256 });
  assert.deepEqual(named(rc.formalValues(proc(p, "other"))), {});
  // bump stores into its dummy; pass is given log, which differs between its calls.
  assert.deepEqual(named(rc.formalValues(proc(p, "bump"))), {});
  assert.deepEqual(named(rc.formalValues(proc(p, "pass"))), { n: 256 });
  // Not the whole program: a call out of sight may pass anything.
  assert.deepEqual(named(world(p, false).formalValues(proc(p, "fft"))), {});
});

test("values before each call: a function of constants evaluated, a loop's stores forgotten, branches joined or decided", () => {
  const p = fortran(PROGRAM);
  const rc = world(p);
  const fft = proc(p, "fft");
  const sites = calls(fft, "pass");
  const logAt = sites.map((args) => rc.valueAt(fft, args, args[0]!));
  // ilog2(256) = 8; after the loop that stores log: unknown; an IF on n > 100 (n = 256): 1;
  // an IF on sign (not known): the branches disagree; after bump(log): unknown.
  assert.deepEqual(logAt, [8, undefined, 1, undefined, undefined]);
  assert.deepEqual(
    sites.map((args) => rc.passes(fft, args, 1)),
    [256, 256, 256, 256, 256],
  );
});

test("Fortran passes storage: a COMMON variable, an element or a variable given twice passes no value", () => {
  const p = fortran(`program main
  integer g, a(3), v
  common /c/ g
  g = 4
  a(1) = 5
  v = 6
  call s(g, a(1), v, v)
end program
subroutine s(x, y, z, w)
  integer x, y, z, w
end subroutine
`);
  const rc = world(p);
  const main = proc(p, "main");
  const args = calls(main, "s")[0]!;
  assert.deepEqual(
    [0, 1, 2, 3].map((k) => rc.passes(main, args, k)),
    [undefined, undefined, undefined, undefined],
  );
  assert.deepEqual(named(rc.formalValues(proc(p, "s"))), {});
});

test("found by fuzzing: what ERR=/END= may skip, a call in an IF's condition stores, INQUIRE(IOLENGTH=) sets, and an implied DO's index is no known value", () => {
  const SUBS = `subroutine s(m)
  integer m
end subroutine
subroutine setm(m)
  integer m, k
  k = 5
  print *, (k, m = 1, 2)
end subroutine
subroutine keepm(m)
  integer m
  print *, m
end subroutine
integer function iset(m)
  integer m
  m = 2
  iset = 0
end function
`;
  const valueAtS = (body: string) => {
    const p = fortran(`program main
  integer mm, iset
  character c
${body}
  call s(mm)
end program
${SUBS}`);
    const main = proc(p, "main");
    const args = calls(main, "s")[0]!;
    return world(p).valueAt(main, args, args[0]!);
  };
  // Each next to the same program without the fault's statement, which knows the value.
  assert.equal(valueAtS("  mm = 2\n  open(11, file='/nonexistent', status='old', err=10)\n  mm = 4\n10 continue"), undefined);
  assert.equal(valueAtS("  mm = 2\n  open(11, file='/nonexistent', status='old')\n  mm = 4"), 4);
  assert.equal(valueAtS("  mm = 4\n  if (iset(mm) .gt. 9) stop"), undefined);
  assert.equal(valueAtS("  mm = 4\n  if (iset(0) .gt. 9) stop"), 4);
  assert.equal(valueAtS("  mm = 4\n  inquire(iolength=mm) c"), undefined);
  assert.equal(valueAtS("  mm = 4\n  inquire(unit=6, opened=c)"), 4);
  // An implied DO's index, in an output list (round 12): here, and in a callee given mm.
  assert.equal(valueAtS("  mm = 0\n  print *, (2 * mm, mm = 1, 2)"), undefined);
  assert.equal(valueAtS("  mm = 0\n  call setm(mm)"), undefined);
  assert.equal(valueAtS("  mm = 0\n  call keepm(mm)"), 0);
});
