import { before, test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";
import { REGION_WORK } from "./profitability.js";
import { parseC } from "../frontend/c/parse-c.js";
import { ensureCParser } from "../node/c-parser-node.js";

before(() => ensureCParser());

/** The decision on the loop of `addto`: its directive, or why it has none. */
function addto(caller: string, body = "", extra = ""): string {
  const src = `      subroutine addto(a, b, n)
      integer n, i
      double precision a(n), b(n)
${body}      do i = 1, n
         a(i) = a(i) + 0.25d0 * b(i)
      end do
      end
${extra}      program p
      integer m, k
      parameter (m = 400)
      double precision x(100000), y(100000)
      x = 1.0d0
      y = 2.0d0
${caller}      print *, x(1)
      end
`;
  const plan = planProgram(parseFortran("t.f", src, memoryHost({})), { rangeFacts: false });
  const l = plan.loops.find((x) => x.proc.name === "addto")!;
  return l.emitted ? `directive${l.profitableIf ? ` if(${l.profitableIf})` : ""}` : l.reasons.map((r) => r.message).join("; ");
}

const inLoop = (args: string) => `      do k = 1, 600\n         call addto(x, y, ${args})\n      end do\n`;

test("a loop over a dummy every call sets to a small constant gets no directive; the reason says where the count comes from", () => {
  assert.match(addto(inLoop("m")), /entered about 600 times and it runs at most 400 iterations \(the values every call of its procedure passes\)/);
  // The largest value any call passes counts.
  assert.match(addto(inLoop("m") + "      call addto(x, y, 700)\n"), /runs at most 700 iterations \(the values every call/);
});

test("no cap when a call passes a value not known, when the routine changes the dummy, or when a call passes a large one", () => {
  assert.equal(addto(inLoop("m") + "      read *, k\n      call addto(x, y, k)\n"), `directive if(n >= ${REGION_WORK})`);
  assert.equal(addto(inLoop("m"), "      n = n * 100\n"), `directive if(n >= ${REGION_WORK})`);
  // Passed on to a routine that may write it: not known either (`call gen(n)` that reads it only would be).
  const writes = "      subroutine grow(n)\n      integer n\n      n = n + 1\n      end\n";
  assert.equal(addto(inLoop("m"), "      call grow(n)\n", writes), `directive if(n >= ${REGION_WORK})`);
  const reads = "      subroutine show(n)\n      integer n\n      print *, n\n      end\n";
  assert.match(addto(inLoop("m"), "      call show(n)\n", reads), /runs at most 400 iterations/);
  assert.equal(addto(inLoop("100000")), `directive if(n >= ${REGION_WORK})`);
});

const cFile = (hook: boolean) => `#include <stdio.h>
#define N 400
static double a[N], b[N];
static void addto(double *x, const double *y, int n) {
  for (int i = 0; i < n; i++) x[i] += 0.25 * y[i];
}
${hook ? "void (*hook)(double *, const double *, int);\n" : ""}int main(void) {
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = 2 * i; }
${hook ? "  hook = addto;\n" : ""}  for (int t = 0; t < 600; t++) addto(a, b, N);
  printf("%f\\n", a[7]);
  return 0;
}
`;

test("C: a static function's calls are all in its file, unless its address is taken (then anything may call it)", () => {
  const plan = (hook: boolean) => {
    const src = cFile(hook);
    const p = planProgram(parseC("t.c", src, memoryHost({ "t.c": src })), { rangeFacts: false });
    const l = p.loops.find((x) => x.proc.name === "addto")!;
    return l.reasons.map((r) => r.message).join("; ") || `directive if(${l.profitableIf})`;
  };
  assert.match(plan(false), /runs at most 400 iterations \(the values every call of its procedure passes\)/);
  assert.doesNotMatch(plan(true), /the values every call/);
});

test("a loop whose bound is not known but whose index subscripts a dummy declared with a size every call gives: capped at that size", async () => {
  const { callSiteTrips } = await import("./call-site-trips.js");
  const { callGraph } = await import("./call-graph.js");
  const { collectLoops } = await import("../ir/walk.js");
  // sweep's loops run from ist to iend (read at run time); x is x(ld, *) and every call passes ld = 40 or 24.
  const src = `      subroutine sweep(ld, ist, iend, x)
      integer ld, ist, iend, i
      double precision x(ld / 2 * 2, *)
      do i = ist, iend
         x(i, 1) = x(i, 1) * 0.5d0
      end do
      end
      program p
      integer a, b
      double precision y(40, 40)
      read (*, *) a, b
      call sweep(40, a, b, y)
      call sweep(24, a, b, y)
      end
`;
  const program = parseFortran("t.f", src, memoryHost({}));
  const graph = callGraph([program]);
  const proc = program.procedures.find((p) => p.name === "sweep")!;
  const [loop] = collectLoops(proc.body).map((x) => x.loop);
  assert.equal(callSiteTrips(proc, graph, true, () => undefined)(loop!), 40);
  // A call that passes a size read at run time leaves it unknown.
  const open = src.replace("call sweep(24, a, b, y)", "call sweep(a, a, b, y)");
  const p2 = parseFortran("t.f", open, memoryHost({}));
  const proc2 = p2.procedures.find((p) => p.name === "sweep")!;
  assert.equal(callSiteTrips(proc2, callGraph([p2]), true, () => undefined)(collectLoops(proc2.body)[0]!.loop), null);
});
