import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { printProcedure } from "../../ir/print.js";
import type { Program } from "../../ir/program.js";
import { analyzeFlow } from "../flow-analysis.js";
import { buildCfg } from "../cfg/build-cfg.js";
import { printCfg } from "../cfg/print-cfg.js";
import { interpret, type Observation } from "../test-support/interpreter.js";
import { initialArb, programArb } from "../test-support/random-program.js";
import { buildDependences } from "./build-deps.js";
import type { DependenceGraph } from "./dep-graph.js";

function edgeSet(g: DependenceGraph): Set<string> {
  const s = new Set<string>();
  for (const i of g.indices()) s.add(`${g.kind(i)} ${g.source(i)} ${g.sink(i)} ${g.carrier(i)}`);
  return s;
}

const key = (o: Observation) => `${o.kind} ${o.source} ${o.sink} ${o.carrier}`;

function checkObserved(minimalInput: boolean, numRuns: number) {
  fc.assert(
    fc.property(programArb(), initialArb, (prog, init) => {
      const cfg = buildCfg(prog.proc);
      const g = buildDependences(cfg, { input: true, minimalInput });
      const edges = edgeSet(g);
      const run = interpret(cfg, init, { minimalInput });
      for (const o of run.observations) {
        if (!edges.has(key(o))) {
          const r = cfg.refs.refs;
          assert.fail(`missing ${o.kind} ${r[o.source]!.sym?.name}@${r[o.source]!.span.line} -> @${r[o.sink]!.span.line} carrier ${o.carrier}\n${printProcedure(prog.proc)}\n${printCfg(cfg)}`);
        }
      }
    }),
    { numRuns },
  );
}

/**
 * Seed 002's claims, checked on executions of random programs (straight
 * code, IF/ELSE, DO and DO WHILE loops, EXIT, CYCLE, GOTO in both
 * directions, array elements):
 *   - every flow that happens is an edge, with the loop that carries it;
 *   - every output dependence between consecutive writes of a location
 *     is an edge (minimal output dependences are exactly those);
 *   - every anti dependence from a use to the write that overwrites the
 *     value it read is an edge (minimal anti);
 *   - every input dependence between uses of one value is an edge.
 * Element writes kill nothing, so for arrays the edges are those between
 * any writes and reads of the array, which include the observed ones.
 */
test("every dependence that occurs in an execution is an edge, with its carrier", () => {
  checkObserved(false, 1500);
});

/**
 * The appendix variant: a use blocks the uses before it, so the input
 * dependences between consecutive uses of a value, and the anti
 * dependence from the last use before a write, are edges.
 */
test("with minimal input dependences, those between consecutive uses are edges", () => {
  checkObserved(true, 800);
});

/**
 * Definite flow edges: whenever the sink runs (for a carried edge: in an
 * iteration after the first of its loop), it reads the source's value.
 */
test("a definite flow edge is the flow every execution of its use observes", () => {
  fc.assert(
    fc.property(programArb(), initialArb, (prog, init) => {
      const cfg = buildCfg(prog.proc);
      const g = buildDependences(cfg);
      const definite = new Map<number, { source: number; carrier: number | null }[]>();
      for (const i of g.indices()) {
        if (g.kind(i) !== "flow" || !g.definite(i)) continue;
        const list = definite.get(g.sink(i)) ?? [];
        list.push({ source: g.source(i), carrier: g.carrier(i) });
        definite.set(g.sink(i), list);
      }
      const run = interpret(cfg, init);
      for (const f of run.flows) {
        for (const d of definite.get(f.use.id) ?? []) {
          if (d.carrier !== null && (f.useIters.get(d.carrier) ?? 0) < 2) continue;
          assert.equal(f.def.id, d.source, `use @${f.use.span.line} read @${f.def.span.line}, not the definite source @${cfg.refs.refs[d.source]!.span.line}\n${printProcedure(prog.proc)}`);
          assert.equal(f.carrier, d.carrier);
        }
      }
    }),
    { numRuns: 1500 },
  );
});

test("a flow analysis whose dependence graphs are built when read (the parallelizer's) gives the same graphs", () => {
  fc.assert(
    fc.property(programArb(), (prog) => {
      const program: Program = { file: { path: "r.f", language: "fortran" } as Program["file"], procedures: [prog.proc], globals: new Map(), commons: new Map(), diagnostics: [], symbolCount: 0, loopCount: 0 };
      const eager = analyzeFlow(program);
      const lazy = analyzeFlow(program, { lazyDependences: true });
      assert.deepEqual(lazy.map((f) => [...edgeSet(f.deps)].sort()), eager.map((f) => [...edgeSet(f.deps)].sort()));
    }),
    { numRuns: 100 },
  );
});
