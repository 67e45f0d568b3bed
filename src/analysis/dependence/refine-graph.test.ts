// One graph: the array analysis refines the dataflow issue's dependence
// graph. Refining must keep every dependence an execution shows (the
// dataflow property test's random programs: IF, DO, DO WHILE, EXIT, CYCLE,
// GOTO both ways, array elements), and remove what the tests disprove.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { printProcedure } from "../../ir/print.js";
import { buildCfg } from "../cfg/build-cfg.js";
import { buildDependences } from "../deps/build-deps.js";
import { analyzeFlow } from "../flow-analysis.js";
import { interpret } from "../test-support/interpreter.js";
import { initialArb, programArb } from "../test-support/random-program.js";
import { analyzeProcedure } from "./analyze.js";
import { refineGraph } from "./refine-graph.js";
import { analyzeFortran } from "./test-support/fortran.js";

test("refining the graph keeps every dependence an execution shows", () => {
  let removed = 0;
  fc.assert(
    fc.property(programArb(), initialArb, (prog, init) => {
      const cfg = buildCfg(prog.proc);
      const g = buildDependences(cfg, { input: true, minimalInput: false });
      const counts = refineGraph({ proc: prog.proc, cfg, deps: g } as Parameters<typeof refineGraph>[0], analyzeProcedure(prog.proc, { input: true }));
      removed += counts.removed;
      const edges = new Set<string>();
      for (const i of g.indices()) edges.add(`${g.kind(i)} ${g.source(i)} ${g.sink(i)} ${g.carrier(i)}`);
      for (const o of interpret(cfg, init).observations) {
        const r = cfg.refs.refs;
        assert.ok(edges.has(`${o.kind} ${o.source} ${o.sink} ${o.carrier}`), `removed ${o.kind} ${r[o.source]!.sym?.name}@${r[o.source]!.span.line} -> @${r[o.sink]!.span.line} carrier ${o.carrier}\n${printProcedure(prog.proc)}`);
      }
    }),
    { numRuns: 1500 },
  );
  assert.ok(removed > 0, "the tests never removed an edge: the check proved nothing");
});

test("doall deps's graph: a(i+1) = a(i) keeps its flow edge with distance 1; a(2i) = a(2i+1) loses its edges", () => {
  const a = analyzeFortran(`
subroutine s(a, n)
  integer n, i
  real a(*)
  do i = 1, n
    a(i+1) = a(i)
  end do
  do i = 1, n
    a(2*i) = a(2*i+1)
  end do
end
`);
  const [flow] = analyzeFlow({ file: { path: "t.f90", language: "fortran", includes: [], directives: [] }, procedures: [a.proc], globals: new Map(), commons: new Map(), diagnostics: [], symbolCount: 0, loopCount: 0 });
  refineGraph(flow!, a.deps);
  const refs = flow!.cfg.refs.refs;
  const arrayEdges = [...flow!.deps.indices()].map((i) => ({ ...flow!.deps.edge(i), line: refs[flow!.deps.sink(i)]!.span.line })).filter((e) => refs[e.sink]!.sym?.name === "a" && e.carrier !== null);
  assert.deepEqual(
    arrayEdges.map((e) => [e.kind, e.line, e.direction, e.distance, e.test]),
    [["flow", 6, ["<"], [1], "siv"]],
  );
});
