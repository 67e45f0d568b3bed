import { test } from "node:test";
import assert from "node:assert/strict";
import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { linkFiles } from "./test-support/linked-files.js";
import type { ParallelizeOptions } from "./plan-program.js";

/**
 * Row pipelines (row-pipeline.ts), in files given to one run as NPB LU's
 * are: ssor's k loop calls coef, which fills the plane's coefficients
 * (COMMON /coefs/, threadprivate for the k loop), and lower, which sweeps
 * the plane from the plane before and then row after row. Each variant
 * below changes one thing; a loop that cannot run by rows keeps its
 * pipeline over planes (`ordered(1)` on the k loop).
 */
const grid = `      integer n
      parameter (n = 120)
      double precision a(n, n), b(n, n)
      common /coefs/ a, b
`;
const main = (extra = "") => `      program main
${grid}      double precision u(n, n, 40), v(n, n, 40)
      common /field/ u, v
      integer i, j, k
      do k = 1, 40
         do j = 1, n
            do i = 1, n
               u(i, j, k) = dble(mod(i + 2 * j + k, 5))
               v(i, j, k) = dble(mod(i + j + k, 7))
            end do
         end do
      end do
      call ssor(u, v)
${extra}      print *, v(2, 3, 4)
      end
`;
const ssor = `      subroutine ssor(u, v)
${grid}      double precision u(n, n, 40), v(n, n, 40)
      integer k, it
      do it = 1, 3
         do k = 2, 40
            call coef(k, u)
            call lower(k, v, a, b)
         end do
      end do
      end
`;
const coef = (body = "            a(i, j) = 0.5d0 / (1.0d0 + w * w)\n            b(i, j) = 0.25d0 * w / (2.0d0 + w * w)\n", rows = "j = 2, n") => `      subroutine coef(k, u)
${grid}      integer k, i, j
      double precision u(n, n, *), w
      do ${rows}
         do i = 2, n
            w = u(i, j, k)
${body}         end do
      end do
      end
`;
const lower = (second = "v(i, j, k) = v(i, j, k) + q(i, j) * v(i, j - 1, k)", extra = "") => `      subroutine lower(k, v, p, q)
${grid}      integer k, i, j
      double precision v(n, n, *), p(n, n), q(n, n)
${extra}      do j = 2, n
         do i = 2, n
            v(i, j, k) = v(i, j, k) + p(i, j) * v(i, j, k - 1)
         end do
      end do
      do j = 2, n
         do i = 2, n
            ${second}
         end do
      end do
      end
`;

function outputs(files: Record<string, string>, options: ParallelizeOptions = {}): Record<string, string> {
  const { loaded, link, host } = linkFiles(files, "main.f");
  const results = parallelizeLoadedRun(loaded, host, { link, rangeFacts: false, ...options });
  return Object.fromEntries(results.map((r, i) => [loaded[i]!.path, r.output ?? ""]));
}

const base = { "main.f": main(), "ssor.f": ssor, "coef.f": coef(), "lower.f": lower() };
const byRows = (out: Record<string, string>) => /!\$omp parallel private\(k\)/.test(out["ssor.f"]!);
const byPlanes = (out: Record<string, string>) => /!\$omp parallel do ordered\(1\)/.test(out["ssor.f"]!) && !/!\$omp do\b/.test(out["coef.f"]! + out["lower.f"]!);

test("a pipelined sweep whose callees loop over the same rows runs by rows: one region, the rows shared out, the recurrence over rows ordered", () => {
  const out = outputs(base);
  assert.ok(byRows(out), out["ssor.f"]);
  assert.match(out["ssor.f"]!, /!\$omp end parallel\n/);
  assert.doesNotMatch(out["ssor.f"]!, /ordered|depend/);
  // coef's rows and lower's first loop: shared out, no waiting; lower's second loop: each row after the row before.
  assert.match(out["coef.f"]!, /!\$omp do schedule\(static\)\n {6}do j = 2, n\n[^]*end do\n!\$omp end do nowait\n/);
  const l = out["lower.f"]!;
  assert.equal(l.match(/!\$omp do schedule\(static\)\n/g)?.length, 1, l);
  assert.match(l, /!\$omp do ordered\(1\) schedule\(static\)\n {6}do j = 2, n\n!\$omp ordered depend\(sink: j - 1\)\n/);
  assert.match(l, /!\$omp ordered depend\(source\)\n {6}end do\n!\$omp end do nowait\n/);
  // The loops inside the row loops start no region of their own.
  assert.doesNotMatch(l + out["coef.f"]!, /parallel do/);
});

test("a row loop that reads the row after, written a plane before, keeps the pipeline over planes: that row's thread may lag", () => {
  const out = outputs({ ...base, "lower.f": lower("v(i, j, k) = v(i, j, k) + q(i, j) * v(i, j + 1, k - 1)") });
  assert.ok(byPlanes(out), out["ssor.f"]);
});

test("the rows read before written in the same plane, from the row after, are ordered against it and run by rows", () => {
  // Row j reads row j + 1 of plane k in the first loop, before row j + 1 writes it there: that loop waits for the
  // row before too.
  const out = outputs({ ...base, "lower.f": lower("v(i, j, k) = v(i, j, k) + q(i, j) * v(i, j - 1, k)").replace("p(i, j) * v(i, j, k - 1)", "p(i, j) * v(i, j, k - 1)\n     &                 + 0.5d0 * v(i, j + 1, k)") });
  assert.ok(byRows(out), out["ssor.f"]);
  assert.equal(out["lower.f"]!.match(/!\$omp do ordered\(1\) schedule\(static\)/g)?.length, 2, out["lower.f"]);
});

test("callee loops over other rows, a callee called elsewhere, or one that calls: the pipeline over planes stays", () => {
  assert.ok(byPlanes(outputs({ ...base, "coef.f": coef(undefined, "j = 1, n") })), "other rows");
  assert.ok(byPlanes(outputs({ ...base, "main.f": main("      call coef(5, u)\n") })), "called from main too");
  const calling = coef("            a(i, j) = 0.5d0 / (1.0d0 + w * w)\n            b(i, j) = f(w)\n") + "      double precision function f(x)\n      double precision x\n      f = x * 0.5d0\n      end\n";
  assert.ok(byPlanes(outputs({ ...base, "coef.f": calling })), "a function call in a row loop");
});

test("a coefficient read at another row than its thread fills, or a COMMON scalar a callee sets, keeps the pipeline over planes", () => {
  // Each thread fills its own copy of /coefs/, at its own rows: row j reading b(i, j - 1) would read another thread's row.
  assert.ok(!byRows(outputs({ ...base, "lower.f": lower("v(i, j, k) = v(i, j, k) + q(i, j - 1) * v(i, j - 1, k)") })), "another row of a threadprivate array");
  const scalar = lower(undefined, "").replace("      integer k, i, j\n", "      integer k, i, j\n      integer cnt\n      common /count/ cnt\n").replace("            v(i, j, k) = v(i, j, k) + p(i, j)", "            cnt = cnt + 1\n            v(i, j, k) = v(i, j, k) + p(i, j)");
  assert.ok(!byRows(outputs({ ...base, "lower.f": scalar })), "a COMMON counter");
});

test("doall explain says why a pipeline whose body only calls does not run by rows", () => {
  const { loaded, link, host } = linkFiles({ ...base, "main.f": main("      call coef(5, u)\n") }, "main.f");
  const results = parallelizeLoadedRun(loaded, host, { link, rangeFacts: false });
  const k = results[loaded.findIndex((l) => l.path === "ssor.f")]!.plan!.loops.find((l) => l.doacross && l.emitted)!;
  assert.match(k.byRowsRefused ?? "", /^coef is called from elsewhere too \(main\.f:\d+\), where its row loops must stay as they are$/);
});

test("without the bounds assumption, or with --no-restructure, nothing runs by rows", () => {
  assert.ok(!byRows(outputs(base, { boundsAssumption: false })));
  const plain = outputs(base, { restructure: false });
  assert.ok(!byRows(plain) && !/ordered/.test(plain["ssor.f"]!));
});
