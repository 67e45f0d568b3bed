import { test } from "node:test";
import assert from "node:assert/strict";
import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import type { Box } from "../regions/box.js";
import { joinSummaries } from "./join-summaries.js";
import type { ArrayRegions, ProcedureSummary } from "./summary.js";

/** joinSummaries: what a call of one of several definitions may do (an ambiguous name: NPB LU's rhs.f and rhs_vec.f). */
const span = { file: "t", line: 1, column: 1, endLine: 1, endColumn: 1 };
const int = (v: number): Expr => ({ kind: "int", value: v, span });
const box = (lo: number, hi: number): Box => [{ lo: int(lo), hi: int(hi) }];
const sym = (id: number, name: string, storage: Sym["storage"], upper = 10): Sym => ({ id, name, type: { base: "real", bytes: 8 }, dims: [{ lower: int(1), upper: int(upper) }], layout: "column-major", storage, attrs: {}, span, common: "cw" });
const flux = sym(1, "flux", "common");
const regions = (r: Partial<ArrayRegions>): ArrayRegions => ({ mod: [], use: [], euse: [], ddef: [], ...r });
const summary = (commons: ArrayRegions | null, formal: Partial<ProcedureSummary["formals"][number]> = {}): ProcedureSummary => ({
  name: "rhs",
  formals: [{ use: false, euse: false, mod: true, ddef: true, ...formal }],
  commons: new Map(commons ? [["cw", { use: commons.use.length ? [{ start: 0, end: 80 }] : [], mod: commons.mod.length ? [{ start: 0, end: 80 }] : [] }]] : []),
  shared: new Map(),
  io: false,
  unknown: false,
  regions: { dummies: [sym(9, "x", "dummy")], formals: [null], commons: commons ? [{ block: "cw", start: 0, member: flux, regions: commons }] : [], globals: [], commonStarts: new Map() },
});

test("may-sets are unions, DDEF what every alternative surely writes; a formal's flags likewise", () => {
  const a = summary(regions({ mod: [box(1, 10)], ddef: [box(1, 10)], use: [box(2, 3)], euse: [] }));
  const b = summary(regions({ mod: [box(1, 10)], ddef: [box(1, 5)], use: [box(1, 1)], euse: [box(1, 1)] }), { ddef: false, euse: true, use: true });
  const j = joinSummaries([a, b])!;
  const r = j.regions!.commons[0]!.regions;
  assert.equal(r.euse.length, 1);
  assert.deepEqual(r.ddef, [box(1, 5)]);
  assert.deepEqual(j.formals[0], { use: true, euse: true, mod: true, ddef: false });
  // The formals' regions are in each alternative's own dummies: dropped.
  assert.deepEqual(j.regions!.formals, [null]);
});

test("an alternative that does not touch the array writes none of it; one that touches it without regions leaves no regions", () => {
  const a = summary(regions({ mod: [box(1, 10)], ddef: [box(1, 10)] }));
  const j = joinSummaries([a, summary(null)])!;
  assert.deepEqual(j.regions!.commons[0]!.regions.ddef, []);
  assert.deepEqual(j.regions!.commons[0]!.regions.mod, [box(1, 10)]);
  const hidden = { ...summary(null), commons: new Map([["cw", { use: "all" as const, mod: [] }]]) };
  assert.deepEqual(joinSummaries([a, hidden])!.regions!.commons, []);
  assert.equal(joinSummaries([a, hidden])!.commons.get("cw")!.use, "all");
});

test("unknown when an alternative has no summary or other dummies; unknown calls and I/O of any alternative are the join's", () => {
  const a = summary(null);
  assert.equal(joinSummaries([a, undefined]), undefined);
  assert.equal(joinSummaries([a, { ...a, formals: [] }]), undefined);
  const j = joinSummaries([a, { ...a, unknown: true, io: true }])!;
  assert.equal(j.unknown, true);
  assert.equal(j.io, true);
  // An array dummy here, a scalar there: no regions at all (every element).
  const scalar = { ...a, regions: { ...a.regions!, dummies: [{ ...sym(9, "x", "dummy"), dims: [] }] } };
  assert.equal(joinSummaries([a, scalar])!.regions, undefined);
});
