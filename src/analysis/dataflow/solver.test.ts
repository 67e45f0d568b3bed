import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { BitSet } from "./bitset.js";
import { Region, solve, type FlowGraph, type GenKillProblem } from "./solver.js";

/** A random graph of up to 8 nodes, with gen/kill sets over up to 5 facts and a random region. */
const caseArb = fc
  .record({ n: fc.integer({ min: 1, max: 8 }), width: fc.integer({ min: 1, max: 5 }) })
  .chain(({ n, width }) =>
    fc.record({
      n: fc.constant(n),
      width: fc.constant(width),
      edges: fc.uniqueArray(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * 2, selector: ([a, b]) => a * 100 + b }),
      gen: fc.array(fc.uniqueArray(fc.nat(width - 1)), { minLength: n, maxLength: n }),
      kill: fc.array(fc.uniqueArray(fc.nat(width - 1)), { minLength: n, maxLength: n }),
      boundary: fc.uniqueArray(fc.nat(width - 1)),
      region: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      skipped: fc.uniqueArray(fc.nat(n * 2), { maxLength: 3 }),
      forward: fc.boolean(),
      union: fc.boolean(),
    }),
  );

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function graphOf(c: Case): FlowGraph {
  const preds: number[][] = Array.from({ length: c.n }, () => []);
  const succs: number[][] = Array.from({ length: c.n }, () => []);
  for (const [a, b] of c.edges) {
    succs[a]!.push(b);
    preds[b]!.push(a);
  }
  return { preds, succs };
}

/**
 * The meet over all paths by brute force, independent of the solver: walk
 * the product of the graph with one fact's value (held / not held). A fact
 * may hold at a node when some walk reaches it holding the fact: walks
 * start anywhere (a gen inside a cycle no entry reaches still flows on, as
 * liveness inside an endless loop does). It must hold when every walk from
 * a start node (a boundary node, or one without inputs) holds it; must
 * facts are compared only at nodes that no unreachable cycle feeds, where
 * "every path" is well defined.
 */
function bruteForce(c: Case, g: FlowGraph, fact: number, entry: number, must: boolean) {
  const region = (v: number) => v === entry || c.region[v]!;
  const skip = (a: number, b: number) => c.skipped.includes(c.edges.findIndex(([x, y]) => x === a && y === b));
  const fwd = c.forward;
  const inputs = (v: number) => (fwd ? g.preds[v]! : g.succs[v]!).filter((s) => region(s) && !(fwd ? skip(s, v) : skip(v, s)));
  const outputs = (v: number) => (fwd ? g.succs[v]! : g.preds[v]!).filter((s) => region(s) && !(fwd ? skip(v, s) : skip(s, v)));
  const seen = new Set<string>();
  const work: [number, boolean][] = [];
  const push = (v: number, h: boolean) => {
    const k = `${v}:${h}`;
    if (!seen.has(k)) {
      seen.add(k);
      work.push([v, h]);
    }
  };
  const starts: number[] = [];
  for (let v = 0; v < c.n; v++) {
    if (!region(v)) continue;
    if (v === entry) push(v, c.boundary.includes(fact));
    else if (inputs(v).length === 0 || !must) push(v, false);
    if (v === entry || inputs(v).length === 0) starts.push(v);
  }
  while (work.length) {
    const [v, h] = work.pop()!;
    const out = c.gen[v]!.includes(fact) || (h && !c.kill[v]!.includes(fact));
    for (const w of outputs(v)) push(w, out);
  }
  // Nodes fed (transitively) by a node no start reaches.
  const reached = new Set<number>();
  const stack = [...starts];
  while (stack.length) {
    const v = stack.pop()!;
    if (reached.has(v)) continue;
    reached.add(v);
    stack.push(...outputs(v));
  }
  const tainted = new Set<number>();
  const t = [...Array.from({ length: c.n }, (_, v) => v).filter((v) => region(v) && !reached.has(v))];
  while (t.length) {
    const v = t.pop()!;
    if (tainted.has(v)) continue;
    tainted.add(v);
    t.push(...outputs(v));
  }
  return { seen, tainted };
}

test("the iterative solver computes the meet over all paths (forward/backward, may/must, regions)", () => {
  fc.assert(
    fc.property(caseArb, (c) => {
      const g = graphOf(c);
      const entry = 0;
      const region = (v: number) => v === entry || c.region[v]!;
      const skip = (a: number, b: number) => c.skipped.includes(c.edges.findIndex(([x, y]) => x === a && y === b));
      const reg = Region.reachable(g, [entry, ...Array.from({ length: c.n }, (_, i) => i)], c.forward ? "forward" : "backward", region, skip);
      const p: GenKillProblem = {
        meet: c.union ? "union" : "intersection",
        width: c.width,
        gen: c.gen.map((xs) => BitSet.of(c.width, xs)),
        kill: c.kill.map((xs) => BitSet.of(c.width, xs)),
        boundary: new Map([[entry, BitSet.of(c.width, c.boundary)]]),
      };
      const sol = solve(reg, p);
      for (let f = 0; f < c.width; f++) {
        const { seen, tainted } = bruteForce(c, g, f, entry, !c.union);
        for (let v = 0; v < c.n; v++) {
          if (!region(v)) {
            assert.equal(sol.before(v), null);
            continue;
          }
          const holds = seen.has(`${v}:true`);
          const fails = seen.has(`${v}:false`);
          // The brute force walks in the problem's direction: its "start of node" is before() forward, after() backward.
          const got = (c.forward ? sol.before(v)! : sol.after(v)!).has(f);
          if (c.union) assert.equal(got, holds, `may fact ${f} at node ${v}`);
          else if (!tainted.has(v)) assert.equal(got, holds && !fails, `must fact ${f} at node ${v}`);
        }
      }
    }),
    { numRuns: 1500 },
  );
});

test("an acyclic region in reverse postorder is solved in one pass", () => {
  // 0 -> 1 -> 3, 0 -> 2 -> 3
  const g: FlowGraph = { succs: [[1, 2], [3], [3], []], preds: [[], [0], [0], [1, 2]] };
  const sol = solve(Region.reachable(g, [0], "forward"), {
    meet: "union",
    width: 3,
    gen: [BitSet.of(3, [0]), BitSet.of(3, [1]), BitSet.of(3, [2]), null],
    kill: [new BitSet(3), BitSet.of(3, [0]), new BitSet(3), new BitSet(3)],
  });
  assert.equal(sol.passes, 1);
  assert.deepEqual(sol.before(3)!.toArray(), [0, 1, 2]);
  assert.deepEqual(sol.after(1)!.toArray(), [1]);
});
