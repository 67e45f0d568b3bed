import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";
import { chooseRowPipelines } from "./row-pipeline.js";

/**
 * Issue 20 §4's property for row pipelines (row-pipeline.ts): random
 * sweeps in NPB LU's shape, a k loop calling two routines whose loops over
 * the rows j update a plane array v(i, j, k) and a matrix c(i, j) with
 * statements `x = y + 2 z + 1` whose subscripts are j and k plus -1, 0 or
 * 1 (every kind of dependence, between rows, planes and row loops), each
 * row loop running its rows up or down.
 * Whenever doall runs the k loop by rows, the program is run by an
 * interpreter as the region may run it: 2 to 4 threads, each with its
 * static block of rows, the threads interleaved at random, a row at a
 * time, a thread waiting only where an ordered row loop makes a row wait
 * for the row before, and the row loops doall turns round running their
 * rows the other way; it must compute what the loop computes in order.
 * (The pipelined k loop is taken as emitted whatever its profitability:
 * the sizes here are small.)
 */
interface Ref {
  arr: "v" | "c";
  dj: number;
  dk: number;
}
interface Stmt {
  lhs: Ref;
  rhs: Ref[];
}
/** A row loop: its statements, and whether it runs its rows down (`do j = nj - 1, 2, -1`). */
interface RowLoop {
  body: Stmt[];
  down: boolean;
}
type Routine = RowLoop[];
const NI = 5;
const NJ = 9;
const NK = 6;
const ref = fc.record({ arr: fc.constantFrom<"v" | "c">("v", "v", "v", "c"), dj: fc.integer({ min: -1, max: 1 }), dk: fc.integer({ min: -1, max: 1 }) });
const stmt = fc.record({ lhs: ref, rhs: fc.array(ref, { minLength: 1, maxLength: 2 }) });
const routine = fc.array(fc.record({ body: fc.array(stmt, { minLength: 1, maxLength: 2 }), down: fc.boolean() }), { minLength: 1, maxLength: 2 });
const off = (x: string, d: number) => (d === 0 ? x : d > 0 ? `${x} + ${d}` : `${x} - ${-d}`);
const text = (r: Ref) => (r.arr === "v" ? `v(i, ${off("j", r.dj)}, ${off("k", r.dk)})` : `c(i, ${off("j", r.dj)})`);

function source(routines: Routine[]): string {
  const sub = (name: string, loops: Routine) => [
    `subroutine ${name}(k, v, c)`,
    `  integer, parameter :: ni = ${NI}, nj = ${NJ}`,
    "  integer :: k, i, j",
    "  double precision :: v(ni, nj, *), c(ni, nj)",
    ...loops.flatMap(({ body, down }) => [down ? "  do j = nj - 1, 2, -1" : "  do j = 2, nj - 1", "    do i = 1, ni", ...body.map((s) => `      ${text(s.lhs)} = ${s.rhs.map(text).join(" + 2.0d0 * ")} + 1.0d0`), "    end do", "  end do"]),
    `end subroutine ${name}`,
  ];
  return [
    "program p",
    `  integer, parameter :: ni = ${NI}, nj = ${NJ}, nk = ${NK}`,
    "  double precision :: v(ni, nj, nk), c(ni, nj)",
    "  integer :: k",
    "  v = 1.0d0",
    "  c = 2.0d0",
    "  do k = 2, nk - 1",
    "    call s1(k, v, c)",
    "    call s2(k, v, c)",
    "  end do",
    "  print *, v(2, 3, 4), c(2, 3)",
    "end program",
    ...sub("s1", routines[0]!),
    ...sub("s2", routines[1]!),
  ].join("\n");
}

const P = 1000003;

/**
 * The sweeps run: in order (`plan` null), or by rows as the region runs
 * them: every row loop in the order `plan.down` says (those turned round
 * too), `threads` threads each with its static block of rows in that
 * order, interleaved a row at a time as `pick` chooses, an ordered row
 * waiting for the row before it (in that order) in its loop and plane.
 */
function run(routines: Routine[], plan: { ordered: boolean[]; down: boolean } | null, threads = 1, pick: (n: number) => number = () => 0): string {
  const v = new Float64Array(NI * NJ * NK).fill(1);
  const c = new Float64Array(NI * NJ).fill(2);
  const at = (r: Ref, i: number, j: number, k: number) => (r.arr === "v" ? { a: v, x: i + NI * (j + r.dj) + NI * NJ * (k + r.dk) } : { a: c, x: i + NI * (j + r.dj) });
  const phases = routines.flat();
  const row = (p: number, j: number, k: number) => {
    for (let i = 0; i < NI; i++)
      for (const s of phases[p]!.body) {
        const sum = s.rhs.reduce((acc, r, n) => {
          const { a, x } = at(r, i, j, k);
          return acc + (n === 0 ? 1 : 2) * a[x]!;
        }, 1);
        const { a, x } = at(s.lhs, i, j, k);
        a[x] = sum % P;
      }
  };
  // Rows 2..nj-1 are 1..NJ-2 zero-based; planes 2..nk-1 likewise.
  const up: number[] = [];
  for (let j = 1; j <= NJ - 2; j++) up.push(j);
  const planes: number[] = [];
  for (let k = 1; k <= NK - 2; k++) planes.push(k);
  if (!plan) {
    for (const k of planes) for (let p = 0; p < phases.length; p++) for (const j of phases[p]!.down ? [...up].reverse() : up) row(p, j, k);
  } else {
    const rows = plan.down ? [...up].reverse() : up;
    // schedule(static): blocks of consecutive rows in their order, the first threads one row more when they do not divide evenly.
    const per = Math.floor(rows.length / threads);
    const extra = rows.length % threads;
    const blocks: number[][] = [];
    let start = 0;
    for (let t = 0; t < threads; t++) {
      const n = per + (t < extra ? 1 : 0);
      blocks.push(rows.slice(start, start + n));
      start += n;
    }
    const tasks = blocks.map((b) => planes.flatMap((k) => phases.flatMap((_, p) => b.map((j) => ({ k, p, j })))));
    const done = new Set<string>();
    const key = (k: number, p: number, j: number) => `${k}/${p}/${j}`;
    const before = plan.down ? 1 : -1;
    const next = tasks.map(() => 0);
    for (;;) {
      const ready = tasks.flatMap((ts, t) => {
        const x = ts[next[t]!];
        if (!x) return [];
        // An ordered row waits for the row before it in the same row loop and plane.
        if (plan.ordered[x.p] && x.j !== rows[0] && !done.has(key(x.k, x.p, x.j + before))) return [];
        return [t];
      });
      if (ready.length === 0) break;
      const t = ready[pick(ready.length)]!;
      const x = tasks[t]![next[t]!]!;
      row(x.p, x.j, x.k);
      done.add(key(x.k, x.p, x.j));
      next[t]!++;
    }
    assert.ok(
      next.every((n, t) => n === tasks[t]!.length),
      "every thread ran all its rows",
    );
  }
  return `${Array.from(v).join(",")}|${Array.from(c).join(",")}`;
}

test("row pipeline property: every sweep doall runs by rows computes what it computes in order, under any interleaving the region allows (interpreter)", () => {
  let taken = 0;
  let ordered = 0;
  let turned = 0;
  fc.assert(
    fc.property(fc.tuple(routine, routine), fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), ([r1, r2], threads, seeds) => {
      const src = source([r1, r2]);
      const program = parseFortran("t.f90", src, memoryHost({}));
      const plan = planProgram(program, { rangeFacts: false });
      const k = plan.loops.find((l) => l.loop.span.line === 7)!;
      if (!k.doacross || k.parallel) return;
      // Taken as emitted: whether it pays is not the question here.
      k.emitted = true;
      chooseRowPipelines({ loops: plan.loops, graph: plan.calls!.graph, threadprivate: new Set(), read: () => src, failed: () => false, form: () => "free", assumeBounds: true });
      if (!k.rowPipeline) return;
      taken++;
      const phases = k.rowPipeline.phases;
      const flags = phases.map((p) => p.ordered);
      if (flags.some((f) => f)) ordered++;
      if (phases.some((p) => p.reversed)) turned++;
      assert.equal(flags.length, r1.length + r2.length, src);
      // The order the rows run in: a loop's own, unless turned round.
      const all = [...r1, ...r2];
      const down = all[0]!.down !== !!phases[0]!.reversed;
      assert.ok(all.every((l, x) => (l.down !== !!phases[x]!.reversed) === down), src);
      let n = 0;
      const pick = (m: number) => seeds[n++ % seeds.length]! % m;
      assert.equal(run([r1, r2], { ordered: flags, down }, threads, pick), run([r1, r2], null), src);
    }),
    { numRuns: 1200, seed: 20 },
  );
  // Exercised, with row loops that wait for the row before, and with row loops turned round.
  assert.ok(taken >= 20 && ordered >= 5 && turned >= 5, `${taken} taken, ${ordered} with ordered rows, ${turned} with row loops turned round`);
});
