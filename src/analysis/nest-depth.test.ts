import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { planProgram } from "../parallelize/plan-program.js";
import { memoryHost } from "../source/host.js";
import { MAX_NEST_DEPTH } from "./nest-depth.js";

/**
 * Past MAX_NEST_DEPTH the dependence tests and the dataflow do not look
 * (issue 21): the deeper loops stay serial with a reason, and for the
 * loops around them the deeper indices are unknowns. That must stay
 * sound: a dependence carried through a deep index still blocks the
 * outer loop; one that the outer subscript settles does not.
 */
function plans(body: string, depth: number) {
  const lines = ["subroutine s(b, c, n)", "  integer n", `  integer ${Array.from({ length: depth }, (_, k) => `i${k + 1}`).join(", ")}`, "  real b(n, 2), c(2), t"];
  for (let k = 1; k <= depth; k++) lines.push(`  do i${k} = 1, ${k === 1 ? "n" : "2"}`);
  lines.push(`    ${body}`);
  for (let k = depth; k >= 1; k--) lines.push("  end do");
  lines.push("end subroutine", "");
  const program = parseFortran("t.f90", lines.join("\n"), memoryHost({}));
  assert.deepEqual(program.diagnostics, []);
  return planProgram(program).loops;
}

const depth = MAX_NEST_DEPTH + 4;
const deepest = `i${depth}`;

test("a dependence through the index of a loop deeper than the limit keeps the outer loop serial", () => {
  // Not a reduction (c(k) * 2 + i1): c(2) is small enough to be reduced, which would be right.
  const ps = plans(`c(${deepest}) = c(${deepest}) * 2 + i1`, depth);
  assert.equal(ps.length, depth);
  assert.equal(ps[0]!.parallel, false);
  for (const p of ps) assert.equal(p.parallel, false, `depth ${p.depth}`);
  for (const p of ps.filter((q) => q.depth > MAX_NEST_DEPTH)) assert.deepEqual(p.reasons.map((r) => r.kind), ["too-deep"]);
});

test("the outer loop is still proved parallel when its own subscript separates the iterations", () => {
  const ps = plans(`b(i1, ${deepest}) = i1 + ${deepest}`, depth);
  assert.equal(ps[0]!.parallel, true, JSON.stringify(ps[0]!.reasons));
  assert.equal(ps[depth - 1]!.parallel, false);
});

test("scalars in the deep body: a temporary is private to the outer loop, a value carried across iterations keeps it serial", () => {
  const priv = plans(`t = b(i1, ${deepest}); b(i1, ${deepest}) = t * 2`, depth);
  assert.equal(priv[0]!.parallel, true, JSON.stringify(priv[0]!.reasons));
  assert.ok(priv[0]!.private.includes("t"));
  const carried = plans(`b(i1, ${deepest}) = t; t = i1`, depth);
  assert.equal(carried[0]!.parallel, false);
});
