// Each dependence test on its own against brute force (DESIGN.md "Soundness
// first"): for random nests, every pair and every direction vector ψ
// (with "*" entries too), a test that answers "independent" must be right
// for ψ: no two executions with directions matching ψ touch the same
// element; one that answers "dependent" must be right too; a strong SIV
// distance must hold for every solution with ψ. The chain (soundness-*.test.ts)
// could hide a wrong test behind an earlier right one; this cannot.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { analyzeProcedure, type PairResult } from "./analyze.js";
import { banerjeeTest } from "./banerjee.js";
import { emiTest } from "./emi-test.js";
import { exactTest } from "./exact-test.js";
import { gcdTest } from "./gcd-test.js";
import type { TestOutcome } from "./outcome.js";
import type { DepProblem, Dir } from "./problem.js";
import { sivTest } from "./siv.js";
import { run, type Access } from "./test-support/interpret.js";
import { buildNest, nestArb } from "./test-support/random-nest.js";
import { envArb } from "./test-support/soundness-case.js";
import { zivTest } from "./ziv.js";

const TESTS: [string, (p: DepProblem, psi: readonly Dir[]) => TestOutcome][] = [
  ["ziv", zivTest],
  ["siv", sivTest],
  ["gcd", gcdTest],
  ["banerjee", banerjeeTest],
  ["emi", (p, psi) => emiTest(p, psi, { affine: true })],
  ["exact", exactTest],
];

function vectors(c: number): Dir[][] {
  let out: Dir[][] = [[]];
  for (let k = 0; k < c; k++) out = out.flatMap((v) => (["<", "=", ">", "*"] as Dir[]).map((d) => [...v, d]));
  return out;
}

function real(pr: PairResult, byNode: Map<Expr, Access[]>): { dirs: Dir[]; dist: number[] }[] {
  const src = (byNode.get(pr.src.expr) ?? []).filter((a) => a.kind === pr.src.kind);
  const snk = (byNode.get(pr.snk.expr) ?? []).filter((a) => a.kind === pr.snk.kind);
  const out: { dirs: Dir[]; dist: number[] }[] = [];
  for (const a of src) {
    for (const b of snk) {
      if (a === b || a.address !== b.address) continue;
      const dist = pr.loops.map((l) => b.iters.get(l)! - a.iters.get(l)!);
      out.push({ dirs: dist.map((d) => (d > 0 ? "<" : d < 0 ? ">" : "=")), dist });
    }
  }
  return out;
}

test("each dependence test alone is right for every direction vector it answers", () => {
  const proved = new Map<string, number>(TESTS.map(([n]) => [n, 0]));
  fc.assert(
    fc.property(nestArb("fortran").filter((s) => s.loops.length <= 2), envArb, (spec, envs) => {
      const { proc, n, m } = buildNest(spec);
      const deps = analyzeProcedure(proc);
      const pairs = deps.nests.flatMap((x) => x.pairs).filter((p) => p.assumes.length === 0 && p.problem.eqs.length > 0);
      for (const e of envs) {
        const env = new Map<Sym, number>([
          [n, e.n],
          [m, e.m],
        ]);
        const byNode = new Map<Expr, Access[]>();
        for (const a of run(proc, env)) {
          let l = byNode.get(a.node);
          if (!l) byNode.set(a.node, (l = []));
          l.push(a);
        }
        for (const pr of pairs) {
          const hits = real(pr, byNode);
          for (const psi of vectors(pr.loops.length)) {
            const matching = hits.filter((h) => h.dirs.every((d, k) => psi[k] === "*" || psi[k] === d));
            for (const [name, t] of TESTS) {
              const r = t(pr.problem, psi);
              if (r.independent) {
                proved.set(name, proved.get(name)! + 1);
                assert.equal(matching.length, 0, `${name} said independent for (${psi.join(",")}) but (${matching[0]?.dirs.join(",")}) happens [n=${e.n}, m=${e.m}]`);
              }
              for (const [k, d] of r.distances ?? []) {
                for (const h of matching) assert.equal(h.dist[k], d, `${name}: distance ${d} at level ${k + 1} under (${psi.join(",")}), real ${h.dist[k]}`);
              }
            }
          }
        }
      }
    }),
    { numRuns: Math.round(Number(process.env.DOALL_PROPERTY_SCALE ?? 1) * 400) },
  );
  // Every test must have proved something, or its check above proved nothing.
  for (const [name, k] of proved) assert.ok(k > 0, `${name} never answered "independent"`);
});
