import { test } from "node:test";
import assert from "node:assert/strict";
import { lazyRegions } from "./lazy-regions.js";
import { analyzeFlow } from "../flow-analysis.js";
import { fortran } from "../test-support/parse.js";

test("lazy regions give MOD and USE at once and make EUSE, DDEF and the assumed EUSE once, when first read", () => {
  let walks = 0;
  const r = lazyRegions([[null]], [], () => {
    walks++;
    return { euse: [[null]], ddef: [], assumed: undefined };
  });
  assert.deepEqual(r.mod, [[null]]);
  assert.deepEqual(r.use, []);
  assert.equal(walks, 0);
  assert.deepEqual(r.ddef, []);
  assert.deepEqual(r.euse, [[null]]);
  assert.equal(r.assumed, undefined);
  assert.equal(walks, 1);
});

test("a summary's COMMON regions read lazily say what the walk finds: read first, surely written", () => {
  const flows = new Map(
    analyzeFlow(
      fortran(`subroutine fill
  common /w/ a(10), b(10)
  integer i
  do i = 1, 10
    a(i) = b(i)
  end do
end subroutine
`),
    ).map((f) => [f.proc.name, f]),
  );
  const commons = flows.get("fill")!.summary.regions!.commons;
  const of = (name: string) => commons.find((c) => c.member.name === name)!.regions;
  const count = (boxes: readonly (readonly ({ lo: unknown; hi: unknown } | null)[])[]) => boxes.length;
  // a is written whole before anything reads it; b is read first and never written.
  assert.equal(count(of("a").ddef), 1);
  assert.equal(count(of("a").euse), 0);
  assert.equal(count(of("b").euse), 1);
  assert.equal(count(of("b").ddef), 0);
  assert.equal(count(of("b").mod), 0);
});
