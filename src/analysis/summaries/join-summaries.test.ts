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
  // Neither gives regions for its dummy x, which it writes: every element.
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

test("a dummy's regions: each alternative's in its own dummies, renamed to the first one's, then joined (NPB LU's blts and blts_vec)", () => {
  // subroutine s(n, x) with x(n): each alternative has its own n and x.
  const alt = (id: number, r: ArrayRegions): ProcedureSummary => {
    const n: Sym = { id, name: "n", type: { base: "integer", bytes: 4 }, dims: [], layout: "column-major", storage: "dummy", attrs: {}, span };
    const nv: Expr = { kind: "var", sym: n, span, type: { base: "integer", bytes: 4 } };
    const x: Sym = { ...sym(id + 1, "x", "dummy"), dims: [{ lower: int(1), upper: nv }], common: undefined };
    const named = (b: Box): Box => b.map((d) => d && { lo: d.lo.kind === "int" && d.lo.value < 0 ? nv : d.lo, hi: d.hi.kind === "int" && d.hi.value < 0 ? nv : d.hi });
    const regions = { mod: r.mod.map(named), use: r.use.map(named), euse: r.euse.map(named), ddef: r.ddef.map(named) };
    return {
      name: "s",
      formals: [
        { use: true, euse: true, mod: false, ddef: false },
        { use: true, euse: true, mod: true, ddef: false },
      ],
      commons: new Map(),
      shared: new Map(),
      io: false,
      unknown: false,
      regions: { dummies: [n, x], formals: [null, regions], commons: [], globals: [], commonStarts: new Map() },
    };
  };
  // -1 stands for the alternative's own n.
  const a = alt(10, regions({ mod: [box(1, -1)], ddef: [box(1, -1)], use: [box(1, -1)], euse: [box(1, 1)] }));
  const b = alt(20, regions({ mod: [box(2, -1)], ddef: [box(2, -1)], use: [box(2, -1)], euse: [box(2, 2)] }));
  const j = joinSummaries([a, b])!;
  const x = j.regions!.formals[1]!;
  assert.ok(x, "the dummy keeps regions");
  const n = a.regions!.dummies[0]!;
  const names = (l: Box[]) => l.map((bx) => bx.map((d) => d && [d.lo.kind === "var" ? d.lo.sym : (d.lo as { value: number }).value, d.hi.kind === "var" ? d.hi.sym : (d.hi as { value: number }).value]));
  // Every bound that named b's n names a's now; DDEF is what both surely write: 2..n.
  assert.deepEqual(names(x.ddef), [[[2, n]]]);
  assert.ok(names([...x.mod, ...x.use]).every((bx) => bx.every((d) => d && d[1] === n)));
  // EUSE: both (adjacent boxes merge).
  assert.deepEqual(names(x.euse).map((bx) => bx[0]), [[1, 2]]);
  // Declared in other shapes (x(n) here, x(10) there): no regions at all.
  const other = { ...b, regions: { ...b.regions!, dummies: [b.regions!.dummies[0]!, sym(21, "x", "dummy")] } };
  assert.equal(joinSummaries([a, other])!.regions, undefined);
  // One that writes x without regions: the join has none for x.
  const blind = { ...b, regions: { ...b.regions!, formals: [null, null] } };
  assert.equal(joinSummaries([a, blind])!.regions!.formals[1], null);
});
