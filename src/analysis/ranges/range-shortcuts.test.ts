import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { collectLoops, walkStmts } from "../../ir/walk.js";
import type { Stmt } from "../../ir/stmt.js";
import { fortran } from "../test-support/parse.js";
import { FIG1 } from "./test-support/fig1.js";
import { analyzeRanges, type ProcedureRanges } from "./range-analysis.js";
import { randomFortran } from "./test-support/random-fortran.js";

/**
 * The forward propagation does not compute again a block whose inputs did
 * not change since it last changed nothing (forward-ranges.ts), and the
 * state before a statement is replayed from its block when asked
 * (range-analysis.ts). The ranges (and the sources cited for them) must be
 * exactly those of computing every block in every round and recording
 * every statement up front (`exhaustive`).
 */
function table(r: ProcedureRanges): string[] {
  const proc = r.proc;
  const syms = [...proc.symbols.values()].filter((s) => s.dims.length === 0);
  const out: string[] = [];
  const stmts: Stmt[] = [];
  walkStmts(proc.body, (s) => void stmts.push(s));
  for (const s of stmts) for (const v of syms) out.push(`${s.span.line} ${v.name} ${r.before(s, v).set} ${r.before(s, v).why.map((id) => r.source(id).text).join(";")}`);
  for (const { loop } of collectLoops(proc.body)) for (const v of syms) out.push(`loop ${loop.span.line} ${v.name} ${r.atLoopEntry(loop, v).set}`);
  return out;
}

function same(text: string, boundsAssumption: boolean): void {
  const proc = fortran(text, "r.f90").procedures[0]!;
  assert.deepEqual(table(analyzeRanges(proc, { boundsAssumption })), table(analyzeRanges(proc, { boundsAssumption, exhaustive: true })));
}

test("the shortcuts give the ranges of the straightforward way (Fig. 1, and property over random programs)", () => {
  same(FIG1, true);
  fc.assert(
    fc.property(fc.array(fc.nat({ max: 9999 }), { minLength: 300, maxLength: 300 }), fc.boolean(), (stream, bounds) => {
      let at = 0;
      same(randomFortran(() => stream[at++ % stream.length]! / 10000).text, bounds);
    }),
    { numRuns: 300 },
  );
});
