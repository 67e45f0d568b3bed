import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fortran } from "../analysis/test-support/parse.js";
import { planProgram } from "./plan-program.js";

/**
 * A work array written and read under IFs in the body of a loop over j
 * (coverage.ts: a branch's writes cover the reads after them in the same
 * branch, nothing after the IF). The loop may make the array private only
 * if, in every iteration, every element read was written earlier in that
 * iteration: checked by running the body for each j (brute force) on
 * random bodies of writes, reads, inner loops with constant bounds and
 * IFs whose condition changes with j.
 */
type Node =
  | { k: "write"; at: number; inner: boolean }
  | { k: "fill"; hi: number }
  | { k: "read"; at: number; inner: boolean }
  | { k: "loop"; lo: number; hi: number; body: Node[] }
  | { k: "if"; mod: number; rest: number; then: Node[]; else: Node[] }
  // `if (mod(j, mod) .eq. rest) goto L`, then `over`, then `L continue`; with `fromIf`, the GOTO sits in an IF's branch after `first`.
  | { k: "skip"; mod: number; rest: number; over: Node[]; fromIf: boolean; first: Node[] };

const SIZE = 12;
const TRIPS = 6;

function nodeArb(depth: number, inLoop: boolean): fc.Arbitrary<Node> {
  const leaf = fc.oneof(
    fc.record({ k: fc.constant("write" as const), at: fc.integer({ min: 1, max: 4 }), inner: fc.constant(inLoop) }),
    fc.record({ k: fc.constant("read" as const), at: fc.integer({ min: 1, max: 4 }), inner: fc.constant(inLoop) }),
    // A whole range written (an inner loop of its own), not inside another inner loop.
    ...(inLoop ? [] : [fc.record({ k: fc.constant("fill" as const), hi: fc.integer({ min: 3, max: 9 }) })]),
  );
  if (depth <= 0) return leaf;
  // Branches often write an element and then read it (or a neighbour).
  const pair = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: -1, max: 1 })).map(([at, d]): Node[] => [
    { k: "write", at, inner: inLoop },
    { k: "read", at: Math.max(1, at + d), inner: inLoop },
  ]);
  const list = fc.oneof(fc.array(nodeArb(depth - 1, inLoop), { minLength: 0, maxLength: 3 }), fc.tuple(pair, fc.array(nodeArb(depth - 1, inLoop), { maxLength: 2 })).map(([p, rest]) => [...p, ...rest]));
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: inLoop ? 0 : 1, arbitrary: fc.record({ k: fc.constant("loop" as const), lo: fc.integer({ min: 1, max: 3 }), hi: fc.integer({ min: 1, max: 5 }), body: fc.array(nodeArb(depth - 1, true), { minLength: 1, maxLength: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ k: fc.constant("if" as const), mod: fc.constantFrom(2, 3), rest: fc.integer({ min: 0, max: 2 }), then: list, else: list }) },
    // Forward GOTOs only outside inner loops (a GOTO out of a DO to a later label is conservative anyway).
    { weight: inLoop ? 0 : 2, arbitrary: fc.record({ k: fc.constant("skip" as const), mod: fc.constantFrom(2, 3), rest: fc.integer({ min: 0, max: 2 }), over: list, fromIf: fc.boolean(), first: list }) },
  );
}

/** The subscript of a write or read: a constant, or the inner index plus a constant. */
const sub = (n: { at: number; inner: boolean }) => (n.inner ? `i + ${n.at - 1}` : `${n.at}`);

let labels = 0;

function text(nodes: readonly Node[], ind: string): string {
  return nodes
    .map((n) => {
      switch (n.k) {
        case "write":
          return `${ind}w(${sub(n)}) = dble(j) + 0.5d0\n`;
        case "fill":
          return `${ind}do i = 1, ${n.hi}\n${ind}   w(i) = dble(i + j)\n${ind}end do\n`;
        case "read":
          return `${ind}s(j) = s(j) + w(${sub(n)})\n`;
        case "loop":
          return `${ind}do i = ${n.lo}, ${n.hi}\n${text(n.body, ind + "   ")}${ind}end do\n`;
        case "if":
          return `${ind}if (mod(j, ${n.mod}) .eq. ${n.rest % n.mod}) then\n${text(n.then, ind + "   ")}${ind}else\n${text(n.else, ind + "   ")}${ind}end if\n`;
        case "skip": {
          const label = 100 + labels++;
          const cond = `mod(j, ${n.mod}) .eq. ${n.rest % n.mod}`;
          const jump = n.fromIf ? `${ind}if (${cond}) then\n${text(n.first, ind + "   ")}${ind}   goto ${label}\n${ind}end if\n` : `${ind}if (${cond}) goto ${label}\n`;
          return `${jump}${text(n.over, ind)}${String(label).padStart(5)} continue\n`;
        }
      }
    })
    .join("");
}

/**
 * Brute force over the iterations j: whether some iteration reads an
 * element of w it has not written before, and whether some read in an IF
 * branch reads an element only that branch wrote (not before the IF).
 */
function bruteForce(nodes: readonly Node[]): { unwritten: boolean; branchLocal: boolean } {
  let unwritten = false;
  let branchLocal = false;
  for (let j = 1; j <= TRIPS; j++) {
    const written = new Set<number>();
    const run = (list: readonly Node[], i: number, before: ReadonlySet<number> | null) => {
      for (const n of list) {
        if (n.k === "write") written.add(n.inner ? i + n.at - 1 : n.at);
        else if (n.k === "fill") for (let x = 1; x <= n.hi; x++) written.add(x);
        else if (n.k === "read") {
          const at = n.inner ? i + n.at - 1 : n.at;
          if (!written.has(at)) unwritten = true;
          else if (before && !before.has(at)) branchLocal = true;
        } else if (n.k === "loop") for (let x = n.lo; x <= n.hi; x++) run(n.body, x, before);
        else if (n.k === "skip") {
          const taken = j % n.mod === n.rest % n.mod;
          if (n.fromIf && taken) run(n.first, i, new Set(written));
          if (!taken) run(n.over, i, before);
        } else run(j % n.mod === n.rest % n.mod ? n.then : n.else, i, new Set(written));
      }
    };
    run(nodes, 0, null);
  }
  return { unwritten, branchLocal };
}

function program(body: readonly Node[]): string {
  return `      program p
      integer j, i
      double precision w(${SIZE}), s(${TRIPS})
      do i = 1, ${SIZE}
         w(i) = 0.0d0
      end do
      do j = 1, ${TRIPS}
         s(j) = 0.0d0
${text(body, "         ")}      end do
      print *, s
      end
`;
}

test("work arrays under IFs: private only when brute force finds every element read written first in its iteration", () => {
  let privateWithIf = 0;
  let privatized = 0;
  fc.assert(
    fc.property(fc.array(nodeArb(3, false), { minLength: 1, maxLength: 5 }), (body) => {
      labels = 0;
      const src = program(body);
      const plan = planProgram(fortran(src), { rangeFacts: false });
      const l = plan.loops.find((x) => x.loop.span.line === 7)!;
      const priv = l.parallel && l.private.includes("w");
      const brute = bruteForce(body);
      if (priv) privatized++;
      if (priv) assert.equal(brute.unwritten, false, `w made private, yet an iteration reads an element it did not write:\n${src}`);
      // A read in a branch of an element only that branch wrote first.
      if (priv && brute.branchLocal) privateWithIf++;
    }),
    { numRuns: 1000, seed: 20261126 },
  );
  // Not vacuous: bodies with IFs and reads of w got it private.
  assert.ok(privateWithIf >= 10, `only ${privateWithIf} bodies whose branches read what they wrote had w private (${privatized} in all)`);
});
