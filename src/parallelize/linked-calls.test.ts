import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { linkLoaded } from "../driver/link-loaded.js";
import { loadProgram } from "../driver/load-program.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";

before(() => ensureCParser());

/**
 * Plans the first file, linked with the others (as `doall parallelize
 * FILE...` does): its loops by line, each "parallel" or the reasons.
 */
function plan(files: Record<string, string>): Map<number, string> {
  const host = memoryHost(files);
  const loaded = Object.keys(files).map((f) => loadProgram(f, host));
  for (const l of loaded) assert.deepEqual(l.program!.diagnostics.filter((d) => d.severity === "error"), [], l.path);
  const link = linkLoaded(loaded);
  const p = planProgram(loaded[0]!.program!, { link, rangeFacts: false });
  return new Map(p.loops.map((l) => [l.loop.span.line, l.parallel ? "parallel" : l.reasons.map((r) => r.message).join("; ")]));
}

const fMain = `      program main
      integer n
      parameter (n = 1000)
      double precision x(n), y(n)
      common /cst/ c1, c2
      common /cnt/ calls
      double precision c1, c2
      integer calls, i
      c1 = 2
      c2 = 3
      calls = 0
      do i = 1, n
        x(i) = i
      end do
      do i = 1, n
        y(i) = poly(x(i))
      end do
      do i = 1, n
        y(i) = y(i) + counted(x(i))
      end do
      print *, y(1), y(n), calls
      end
`;
const fKern = `      double precision function poly(t)
      double precision t
      common /cst/ c1, c2
      double precision c1, c2
      poly = c1 * t + c2
      end
      double precision function counted(t)
      double precision t
      common /cnt/ calls
      integer calls
      calls = calls + 1
      counted = t
      end
`;

test("Fortran: a function of another file that reads COMMON is summarized; one that writes a COMMON counter is not parallel", () => {
  const alone = plan({ "main.f": fMain });
  assert.match(alone.get(15)!, /poly is not in this file/);
  const linked = plan({ "main.f": fMain, "kern.f": fKern });
  assert.equal(linked.get(15), "parallel");
  // The COMMON counter every iteration updates: a dependence the caller sees at the call.
  assert.notEqual(linked.get(18), "parallel");
  assert.doesNotMatch(linked.get(18)!, /not in this file|effects are not known/);
});

test("a callee that writes a SAVEd local, two files away, still blocks the loop", () => {
  const main = "      program main\n      double precision y(100)\n      integer i\n      do i = 1, 100\n        call mid(y(i))\n      end do\n      print *, y(1)\n      end\n";
  const mid = "      subroutine mid(v)\n      double precision v\n      call deep(v)\n      end\n";
  const deep = "      subroutine deep(v)\n      double precision v, last\n      save last\n      last = v\n      v = last + 1\n      end\n";
  const r = plan({ "main.f": main, "mid.f": mid, "deep.f": deep });
  assert.match(r.get(4)!, /mid \(in mid.f\) writes its saved variable last \(through deep\), which all iterations would share/);
});

test("Fortran module variables: mapped when the caller USEs the module, unknown when it does not", () => {
  const mod = "module state\n  real :: total = 0\ncontains\n  subroutine add(v)\n    real v\n    total = total + v\n  end subroutine\nend module\n";
  const user = "subroutine go(a, n)\n  use state\n  integer n, i\n  real a(n)\n  do i = 1, n\n    call add(a(i))\n  end do\nend subroutine\n";
  const r = plan({ "go.f90": user, "state.f90": mod });
  assert.notEqual(r.get(5), "parallel");
  assert.doesNotMatch(r.get(5)!, /effects are not known/);
  const ext = "module state\n  real :: total = 0\nend module\nsubroutine add(v)\n  use state\n  real v\n  total = total + v\nend subroutine\n";
  const blind = "subroutine go(a, n)\n  integer n, i\n  real a(n)\n  do i = 1, n\n    call add(a(i))\n  end do\nend subroutine\n";
  assert.match(plan({ "go.f90": blind, "add.f90": ext }).get(4)!, /add writes the module variable total, which this file does not use/);
});

const cMain = `#include "kern.h"
#define N 1000
double x[N], y[N];
long counter;
int main(void) {
  int i;
  for (i = 0; i < N; i++) x[i] = i;
  for (i = 0; i < N; i++) y[i] = poly(x[i]);
  for (i = 0; i < N; i++) y[i] += bump(x[i]);
  for (i = 0; i < N; i++) y[i] += tally(x[i]);
  for (i = 0; i < N; i++) y[i] += draw();
  for (i = 0; i < N; i++) y[i] += scaled(x[i]);
  return (int)y[3];
}
`;
const cKernH = "extern double coef[2];\nextern long counter;\ndouble poly(double t);\ndouble bump(double t);\ndouble tally(double t);\ndouble draw(void);\ndouble scaled(double t);\n";
const cKern = `#include "kern.h"
double coef[2] = {2.0, 3.0};
long hits;
static double factor = 0.5;
static unsigned seed = 1;
double poly(double t) { return coef[0] * t + coef[1]; }
double bump(double t) { counter++; return t; }
double tally(double t) { hits++; return t; }
double draw(void) { seed = seed * 1103515245u + 12345u; return (double)(seed >> 16); }
double scaled(double t) { return factor * t; }
`;

test("C globals: mapped to the caller's declaration, or the call is unknown with the reason", () => {
  const r = plan({ "main.c": cMain, "kern.c": cKern, "kern.h": cKernH });
  assert.equal(r.get(8), "parallel"); // poly reads coef, declared extern in main.c
  assert.notEqual(r.get(9), "parallel"); // bump writes counter: main.c sees the dependence
  assert.doesNotMatch(r.get(9)!, /effects are not known|does not declare/);
  assert.match(r.get(10)!, /tally writes the global hits, which this file does not declare/);
  assert.match(r.get(11)!, /draw writes the static variable seed of kern\.c, which this file cannot see/);
  assert.match(r.get(12)!, /scaled reads the static variable factor of kern\.c, which this file cannot see/);
});

test("C: a static local of the callee blocks as in one file; one file alone is analyzed as before", () => {
  const kern = "double draw(void) { static unsigned s = 1; s = s * 69069u + 1u; return (double)s; }\n";
  const main = "double draw(void);\ndouble y[100];\nvoid f(void) {\n  int i;\n  for (i = 0; i < 100; i++) y[i] = draw();\n}\n";
  assert.match(plan({ "main.c": main, "kern.c": kern }).get(5)!, /draw \(in kern\.c\) writes its saved variable s, which all iterations would share/);
  assert.match(plan({ "main.c": main }).get(5)!, /draw is not in this file, so its effects are not known/);
});

test("a call through a dummy procedure is unknown, even when a procedure of that name exists in the file or another one", () => {
  const apply = "subroutine apply(f, a, n)\n  integer n, i\n  real a(n)\n  external f\n  do i = 1, n\n    call f(a(i))\n  end do\nend subroutine\n";
  const f = "subroutine f(x)\n  real x\nend subroutine\n";
  const why = /f is a dummy argument: the procedure it stands for is not known/;
  assert.match(plan({ "a.f90": apply + f }).get(5)!, why);
  assert.match(plan({ "a.f90": apply, "f.f90": f }).get(5)!, why);
});
