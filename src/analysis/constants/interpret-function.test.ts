import { test, before } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "../../frontend/c/parse-c.js";
import { memoryHost } from "../../source/host.js";
import type { Program } from "../../ir/program.js";
import { fortran } from "../test-support/parse.js";
import { computesOnly, interpretFunction } from "./interpret-function.js";

before(() => ensureCParser());

const c = (src: string): Program => parseC("t.c", src, memoryHost({ "t.c": src }));
const run = (p: Program, name: string, args: number[]) => {
  const byName = (n: string) => p.procedures.find((x) => x.name.toLowerCase() === n.toLowerCase());
  return interpretFunction(byName(name)!, args, (call) => byName(call.name));
};

const FORTRAN = `integer function ilog2(n)
  integer n, nn, lg
  if (n .eq. 1) then
    ilog2 = 0
    return
  endif
  lg = 1
  nn = 2
  do while (nn .lt. n)
    nn = nn * 2
    lg = lg + 1
  end do
  ilog2 = lg
end function

integer function twice(n)
  integer n, ilog2
  twice = 2 * ilog2(n) + mod(n, 3)
end function

integer function sumto(n)
  integer n, i, s
  s = 0
  do i = 1, n, 2
    if (i .gt. 7) exit
    s = s + i
  end do
  sumto = s + i
end function

integer function forever(n)
  integer n
  do while (n .gt. 0)
    forever = 1
  end do
end function

integer function reads(n)
  integer n, g
  common /c/ g
  reads = n + g
end function

integer function stores(n)
  integer n
  n = n + 1
  stores = n
end function
`;

test("a Fortran function that computes from its arguments runs: NPB's ilog2, nested calls, DO with EXIT", () => {
  const p = fortran(FORTRAN);
  for (const [n, lg] of [
    [1, 0],
    [2, 1],
    [3, 2],
    [64, 6],
    [100, 7],
    [256, 8],
  ] as const)
    assert.equal(run(p, "ilog2", [n]), lg);
  assert.equal(run(p, "twice", [256]), 2 * 8 + (256 % 3));
  // i = 1, 3, 5, 7 summed, then EXIT at 9: the index keeps the value it had.
  assert.equal(run(p, "sumto", [20]), 16 + 9);
  // No trip: the index steps past the end (Fortran's DO leaves it at the first value not run).
  assert.equal(run(p, "sumto", [0]), 0 + 1);
});

test("nothing is guessed: a run too long, a COMMON value, a store into an argument", () => {
  const p = fortran(FORTRAN);
  assert.equal(run(p, "forever", [1]), undefined);
  assert.equal(run(p, "reads", [1]), undefined);
  assert.equal(run(p, "stores", [1]), undefined);
  const byName = (n: string) => p.procedures.find((x) => x.name === n)!;
  const resolve = (call: { name: string }) => p.procedures.find((x) => x.name === call.name.toLowerCase());
  assert.equal(computesOnly(byName("ilog2"), resolve), true);
  assert.equal(computesOnly(byName("twice"), resolve), true);
  assert.equal(computesOnly(byName("stores"), resolve), false);
});

test("a C function runs too: return values, while, for, do-while, break and continue", () => {
  const p = c(`int ilog2(int n) {
  int nn, lg;
  if (n == 1) return 0;
  lg = 1;
  nn = 2;
  while (nn < n) { nn = nn * 2; lg = lg + 1; }
  return lg;
}
int mix(int n) {
  int s = 0, i, k = 0;
  for (i = 0; i < n; i++) {
    if (i % 2) continue;
    if (i > 10) break;
    s = s + i;
  }
  do { k = k + 3; } while (k < n);
  return s * 100 + k + (1 << ilog2(n));
}
int global_g;
int touches(int n) { return n + global_g; }
`);
  assert.equal(run(p, "ilog2", [256]), 8);
  assert.equal(run(p, "ilog2", [100]), 7);
  // 0 + 2 + 4 + 6 + 8 + 10, then i = 12 breaks; k = 3, 6, ..., 21; 1 << 5.
  assert.equal(run(p, "mix", [20]), 30 * 100 + 21 + 32);
  assert.equal(run(p, "touches", [1]), undefined);
});
