import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { linkLoaded } from "../driver/link-loaded.js";
import { loadProgram } from "../driver/load-program.js";
import { parallelizeFirst, parallelizeLoaded, parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";

// The linked e2e program whose solvers need /work/ threadprivate (test/e2e/linked/f_threadprivate).
const dir = new URL("../../test/e2e/linked/f_threadprivate/", import.meta.url);
const files = Object.fromEntries(["main.f", "solve.f", "work.h"].map((f) => [f, readFileSync(new URL(f, dir), "utf8")]));

function run(over: Record<string, string> = {}) {
  const host = memoryHost({ ...files, ...over });
  const loaded = ["main.f", "solve.f"].map((f) => loadProgram(f, host));
  const link = linkLoaded(loaded)!;
  return { host, loaded, link, results: parallelizeLoadedRun(loaded, host, { link }) };
}

const loopAt = (r: ReturnType<typeof run>["results"][number], line: number) => r.plan!.loops.find((l) => l.loop.span.line === line)!;

test("a work area a callee writes through COMMON: the block threadprivate in every unit that declares it, its members out of the clauses", () => {
  const { results } = run();
  const [main, solve] = results;
  const sweep = loopAt(solve!, 9);
  assert.equal(sweep.emitted, true, JSON.stringify(sweep.reasons));
  assert.deepEqual(sweep.threadprivate, ["work"]);
  // q is in /work/ too: a threadprivate variable may be in no clause.
  assert.ok(!sweep.private.includes("q") && sweep.privateArrays.includes("lhs"), JSON.stringify(sweep));
  // main, sweep, sweep2 and initlhs all declare /work/ (through work.h): one directive each, before the first executable statement.
  assert.equal(main!.output!.split("\n").filter((l) => l === "!$omp threadprivate(/work/)").length, 1);
  assert.equal(solve!.output!.split("\n").filter((l) => l === "!$omp threadprivate(/work/)").length, 3);
  assert.match(main!.output!, /!\$omp threadprivate\(\/work\/\)\n {6}read \(\*, \*, iostat=ios\) k/);
  assert.equal(results[1]!.report.loops.find((l) => l.line === 9)!.threadprivate?.[0], "work");
});

// A parallel loop of main reading q(0), which the code around it set: with /work/ threadprivate its threads
// would not see that value. Either it or the solvers keep a directive (threadprivate-blocks.ts).
const reader = (times: number) =>
  files["main.f"]!.replace(
    "      call sweep\n",
    `      q(0) = 2.0d0\nc doall: serial\n      do it = 1, ${times}\nc doall: parallel\n      do j = 1, m\nc doall: either\n         do i = 0, n\n            u(i, j) = u(i, j) + q(0) * dble(i)\n         end do\n      end do\n      end do\n      call sweep\n`,
  );

test("another parallel loop reading a member of the block that the code around it set, doing more work than the solvers: the block stays shared and the solvers serial, saying why", () => {
  const { results } = run({ "main.f": reader(1000) });
  const sweep = loopAt(results[1]!, 9);
  assert.equal(sweep.emitted, false);
  assert.equal(sweep.reasons.at(-1)?.kind, "shared-common");
  // The it loop of the reader carries the directive: interchanged with the j loop (interchange.ts).
  assert.match(sweep.reasons.at(-1)!.message, /\/work\/.*main\.f:30/);
  assert.ok(!results.some((r) => r.output!.includes("!$omp threadprivate")));
  // The loop that reads q(0) keeps its directive: q stays the one shared array.
  assert.equal(loopAt(results[0]!, 30).emitted, true);
});

test("such a loop doing less work than the solvers loses its directive instead, saying why; the solvers keep theirs with the block threadprivate", () => {
  const { results } = run({ "main.f": reader(1) });
  const sweep = loopAt(results[1]!, 9);
  assert.equal(sweep.emitted, true, JSON.stringify(sweep.reasons));
  const light = loopAt(results[0]!, 32);
  assert.equal(light.emitted, false);
  assert.equal(light.parallel, true);
  assert.equal(light.reasons.at(-1)?.kind, "shared-common");
  assert.match(light.reasons.at(-1)!.message, /\/work\/ is threadprivate for the loop at solve\.f:9 \(in sweep\), which does more work, and this loop touches it/);
  assert.equal(results[0]!.output!.split("\n").filter((l) => l === "!$omp threadprivate(/work/)").length, 1);
  // The loop inside it, once covered by its region, says why it has none of its own.
  const inner = loopAt(results[0]!, 34);
  assert.ok(!inner.reasons.some((r) => r.kind === "nested"), JSON.stringify(inner.reasons));
});

test("a file planned alone in a run of several makes no block threadprivate", () => {
  const { host, loaded, link } = run();
  const r = parallelizeLoaded(loaded[1]!, host, { link });
  assert.equal(loopAt(r, 9).emitted, false);
  assert.ok(!r.output!.includes("!$omp threadprivate"));
});

test("explain's file (parallelizeFirst) is decided with the whole run when its loops need a block: as parallelize decides", () => {
  for (const [over, emitted] of [[{}, true], [{ "main.f": reader(1000) }, false], [{ "main.f": reader(1) }, true]] as const) {
    const host = memoryHost({ ...files, ...over });
    const loaded = ["solve.f", "main.f"].map((f) => loadProgram(f, host));
    const r = parallelizeFirst(loaded, host, { link: linkLoaded(loaded)! });
    assert.equal(loopAt(r, 9).emitted, emitted, JSON.stringify(over));
  }
});

test("a unit whose first executable statement shares the COMMON's line has no line for the directive: the block stays shared", () => {
  // Found by fuzzing: the directive went before `common /work/ w; w(1) = 0`, ahead of the block's declaration.
  const src = `program p
  integer r(2000)
  call drive(r)
  print *, sum(r)
end program
subroutine drive(r)
  integer i, r(2000), w(500)
  common /work/ w; w(1) = 0
  do i = 1, 2000
    call comp(i, r(i))
  end do
end subroutine
subroutine comp(i, res)
  integer i, k, res, w(500)
  common /work/ w
  do k = 1, 500
    w(k) = mod(i * k, 97)
  end do
  res = 0
  do k = 1, 500
    res = res + w(k) * mod(k, 3)
  end do
end subroutine
`;
  const on = (text: string, line: number) => {
    const host = memoryHost({ "t.f90": text });
    const loaded = [loadProgram("t.f90", host)];
    const r = parallelizeLoadedRun(loaded, host, { link: linkLoaded(loaded)! })[0]!;
    return { loop: loopAt(r, line), out: r.output ?? "" };
  };
  const shared = on(src, 9);
  assert.equal(shared.loop.emitted, false);
  assert.doesNotMatch(shared.out, /threadprivate/);
  // On a line of its own, the statement leaves room: the block is threadprivate and the loop parallel.
  const own = on(src.replace("common /work/ w; w(1) = 0", "common /work/ w\n  w(1) = 0"), 10);
  assert.equal(own.loop.emitted, true, JSON.stringify(own.loop.reasons));
  assert.match(own.out, /common \/work\/ w\n {2}!\$omp threadprivate\(\/work\/\)\n {2}w\(1\) = 0/);
});
