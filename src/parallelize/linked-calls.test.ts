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

test("C: a callee's callee that writes statics of a third file: the loop making the call stays serial, one around the call's caller knows the rest of what it does", () => {
  // timers.c keeps counts in statics; work.c's step calls its tick and writes w[]. main.c cannot name the statics.
  const timers = "static int count[4];\nvoid tick(int n) { count[n]++; }\nint ticks(int n) { return count[n]; }\n";
  const work = "void tick(int n);\nextern double w[100];\nvoid step(int i) { tick(1); w[i] = 2.0 * w[i]; }\n";
  const main = "void step(int i);\ndouble w[100];\nvoid f(void) {\n  int i;\n  for (i = 0; i < 100; i++) w[i] = i;\n  for (i = 0; i < 100; i++) step(i);\n}\n";
  const r = plan({ "main.c": main, "work.c": work, "timers.c": timers });
  assert.equal(r.get(5), "parallel");
  // step's summary is known (it writes w[i] and storage main.c cannot name): serial for that storage, with no "not known".
  assert.notEqual(r.get(6), "parallel");
  assert.doesNotMatch(r.get(6)!, /effects are not known/);
  assert.match(r.get(6)!, /step writes the static variable count of timers\.c, which this file cannot see/);
});

test("C: a global work array written before it is read in every iteration, read by no caller afterwards (through a file that does not declare it), is private", () => {
  const h = "extern double w[64][2];\nextern double t;\nextern int n;\nextern double out[16][64];\nvoid sweep(void);\nvoid ends(double v[][2], int size);\n";
  const sweep = `#include "w.h"
void ends(double v[][2], int size) { v[0][0] = 1.0; v[size][0] = 2.0; v[0][1] = 1.0; v[size][1] = 2.0; }
void sweep(void) {
  int i, k, isize;
  isize = n - 1;
  for (k = 0; k < 16; k++) {
    for (i = 1; i <= isize - 1; i++) { t = out[k][i]; w[i][0] = t * t; w[i][1] = t; }
    ends(w, isize);
    for (i = 1; i <= isize; i++) out[k][i] = w[i - 1][0] + w[i][1];
  }
}
`;
  // main.c calls sweep through step.c, which does not declare w or t.
  const step = "void sweep(void);\nvoid step(void) { sweep(); sweep(); }\n";
  const mainOk = `#include "w.h"
double w[64][2]; double t; int n = 64; double out[16][64];
void step(void);
int main(void) { step(); return (int)out[3][4]; }
`;
  const plain = (files: Record<string, string>) => plan({ "sweep.c": sweep, "w.h": h, "step.c": step, ...files }).get(6)!;
  assert.equal(plain({ "main.c": mainOk }), "parallel");
  // The same, but main reads t afterwards: its last value is live, and the loop stays serial.
  const mainReads = mainOk.replace("return (int)out[3][4];", "return (int)(out[3][4] + t);");
  assert.match(plain({ "main.c": mainReads }), /t is written in some iterations only and is live after the loop/);
  // Or reads w: w's values may be used after the loop.
  const mainReadsW = mainOk.replace("return (int)out[3][4];", "return (int)(out[3][4] + w[2][0]);");
  assert.notEqual(plain({ "main.c": mainReadsW }), "parallel");
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

/** The files of a C program given together: closed when they are all of it (ProgramLink.closed). */
function cLink(files: Record<string, string>) {
  const host = memoryHost(files);
  const loaded = Object.keys(files).map((f) => loadProgram(f, host));
  for (const l of loaded) assert.deepEqual(l.program!.diagnostics.filter((d) => d.severity === "error"), [], l.path);
  return { link: linkLoaded(loaded)!, loaded };
}

const normC = `extern double u[100], dx, dz;
void norm(double rms[2]) {
  int i, m;
  for (i = 0; i < 100; i++)
    for (m = 0; m < 2; m++)
      rms[m] = rms[m] + u[i] * dx;
}
`;
const mainC = (extra: string) => `double u[100], dx, dz;
void norm(double rms[2]);
${extra}
int main(void) { double a[2] = {0, 0}; int i; for (i = 0; i < 100; i++) u[i] = i; dx = 0.5; norm(a); return (int)a[0]; }
`;

test("a C program given whole: a parameter bound to callers' locals across files, and a global no & reaches, make an array reduction", () => {
  const { link, loaded } = cLink({ "norm.c": normC, "main.c": mainC("") });
  assert.equal(link.closed, true);
  const dx = loaded[0]!.program!.globals.get("dx")!;
  assert.equal(link.untakenGlobal(dx), true);
  const p = planProgram(loaded[0]!.program!, { link, rangeFacts: false });
  const outer = p.loops.find((l) => l.loop.span.line === 4)!;
  assert.equal(outer.parallel, true, JSON.stringify(outer.reasons));
  assert.deepEqual(outer.reductions.map((r) => `${r.op}:${r.var}${r.section ?? ""}`), ["+:rms[0:2]"]);
});

test("not the whole program: no main, a call out of sight, a global only declared; and a global whose address is taken stays reachable", () => {
  assert.equal(cLink({ "norm.c": normC, "lib.c": "double u[100], dx, dz;\nvoid f(void) { double a[2]; norm(a); }\n" }).link.closed, false, "no main");
  assert.equal(cLink({ "norm.c": normC, "main.c": mainC("void other(void);\nvoid g(void) { other(); }") }).link.closed, false, "other() is out of sight");
  assert.equal(cLink({ "norm.c": normC + "extern double w;\ndouble rd(void) { return w; }\n", "main.c": mainC("") }).link.closed, false, "w is defined out of sight");
  const taken = cLink({ "norm.c": normC, "main.c": mainC("double *px;\nvoid h(void) { px = &dx; }") });
  assert.equal(taken.link.closed, true, "main.c takes &dx, and is whole");
  assert.equal(taken.link.untakenGlobal(taken.loaded[0]!.program!.globals.get("dx")!), false, "&dx is taken in main.c");
  assert.equal(taken.link.untakenGlobal(taken.loaded[0]!.program!.globals.get("dz")!), true);
  // An initialized global that may hold an address (its initializer is not followed): every global reachable.
  const init = cLink({ "norm.c": normC, "main.c": mainC("double *pz = &dz;") });
  assert.equal(init.link.untakenGlobal(init.loaded[0]!.program!.globals.get("dx")!), false, "pz may hold any address");
  const p = planProgram(taken.loaded[0]!.program!, { link: taken.link, rangeFacts: false });
  assert.equal(p.loops.find((l) => l.loop.span.line === 4)!.parallel, false, "rms[m] may be dx");
});

const sweepC = `#define N 64
extern int nx, ist, iend;
extern double u[N][N], rsd[N][N], flux[N];
void sweep(void) {
  int k, i;
  for (k = 0; k < nx; k++) {
    for (i = 0; i < nx; i++)
      flux[i] = u[k][i] * 0.5;
    for (i = ist; i < iend; i++)
      rsd[k][i] = flux[i + 1] - flux[i - 1];
  }
}
`;
const domainMain = (body: string) => `#define N 64
int nx, ist, iend;
double u[N][N], rsd[N][N], flux[N];
void sweep(void);
void domain(void) {
${body}
}
int main(void) {
  int n = 64;
  nx = n;
  domain();
  sweep();
  return (int)rsd[1][1];
}
`;

test("C globals set once before any read (LU's domain: ist = 1, iend = nx - 1) bound a work array's reads: private", () => {
  const { link, loaded } = cLink({ "sweep.c": sweepC, "main.c": domainMain("  ist = 1;\n  iend = nx - 1;") });
  assert.equal(link.closed, true);
  const p = planProgram(loaded[0]!.program!, { link, rangeFacts: false });
  const k = p.loops.find((l) => l.loop.span.line === 6)!;
  assert.equal(k.parallel, true, JSON.stringify(k.reasons));
  assert.ok(k.private.includes("flux"));
});

test("no value for a C global defined under a condition (it may keep its 0), and no fact for one read before its definition", () => {
  for (const body of ["  ist = 1;\n  if (nx > 4) iend = nx - 1;", "  ist = 1;\n  sweep();\n  iend = nx - 1;"]) {
    const { link, loaded } = cLink({ "sweep.c": sweepC, "main.c": domainMain(body) });
    const p = planProgram(loaded[0]!.program!, { link, rangeFacts: false });
    const k = p.loops.find((l) => l.loop.span.line === 6)!;
    assert.equal(k.parallel, false, body);
  }
});

/** A COMMON work array private to `sweep`'s loop when `next` writes w(1:n) before reading w(2): n >= 2, read by main before any call (`setup`). */
const workFiles = (setup: string) => ({
  "sweep.f": `      subroutine sweep
      integer n, i, j
      double precision w(100), a(100, 100)
      common /g/ n
      common /wk/ w
      common /d/ a
      do j = 1, n
        do i = 1, n
          w(i) = a(i, j)
        end do
        do i = 1, n
          a(i, j) = w(i) + w(1)
        end do
      end do
      end
`,
  "main.f": `      program main
      integer n, i
      double precision w(100), a(100, 100), x
      common /g/ n
      common /wk/ w
      common /d/ a
${setup}
      do i = 1, 100
        a(i, 1) = i
      end do
      call sweep
      call next(x)
      print *, x
      end
      subroutine next(x)
      integer n, i
      double precision w(100), x
      common /g/ n
      common /wk/ w
      do i = 1, n
        w(i) = i
      end do
      x = w(2)
      end
`,
});

test("a work array read by a later call only when a COMMON value set before any call is small: private under a run-time check of that value", () => {
  const early = "      read (*, *) n";
  const host = memoryHost(workFiles(early));
  const loaded = ["sweep.f", "main.f"].map((f) => loadProgram(f, host));
  const link = linkLoaded(loaded)!;
  const p = planProgram(loaded[0]!.program!, { link, rangeFacts: false });
  const j = p.loops.find((l) => l.loop.span.line === 7)!;
  assert.deepEqual(j.reasons, []);
  assert.ok(j.privateArrays.includes("w"), JSON.stringify(j.privateArrays));
  assert.equal(j.runtimeCheck?.fortran, "2 <= n");
  // Set after a call: `sweep` could run before it, and its check could not see the value `next` reads.
  const late = memoryHost(workFiles("      call sweep\n      read (*, *) n"));
  const loaded2 = ["sweep.f", "main.f"].map((f) => loadProgram(f, late));
  const p2 = planProgram(loaded2[0]!.program!, { link: linkLoaded(loaded2)!, rangeFacts: false });
  const j2 = p2.loops.find((l) => l.loop.span.line === 7)!;
  assert.ok(j2.reasons.length > 0 && !j2.runtimeCheck);
});

test("the same work array covered in every iteration without a check, read after the loop only when n < 2: private under the check liveness needs", () => {
  // Privatization asks again with assumptions only when the first answer met a point where they could
  // help (common-liveness.ts's lastAssumable): here the liveness of w at next's call, not the loop's walk.
  // Twice: the second loop's question meets the answer at sweep's callers the first one's made.
  const files = workFiles("      read (*, *) n");
  const loop = "      do j = 1, n\n        do i = 1, n\n          w(i) = a(i, j)\n        end do\n        do i = 1, n\n          a(i, j) = w(i) + 1\n        end do\n      end do\n";
  files["sweep.f"] = files["sweep.f"].replace(/      do j = 1, n\n[^]*      end do\n/, loop + loop);
  const host = memoryHost(files);
  const loaded = ["sweep.f", "main.f"].map((f) => loadProgram(f, host));
  const p = planProgram(loaded[0]!.program!, { link: linkLoaded(loaded)!, rangeFacts: false });
  for (const line of [7, 15]) {
    const j = p.loops.find((l) => l.loop.span.line === line)!;
    assert.deepEqual(j.reasons, [], `line ${line}`);
    assert.ok(j.privateArrays.includes("w"), `line ${line}: ${JSON.stringify(j.privateArrays)}`);
    assert.equal(j.runtimeCheck?.fortran, "2 <= n", `line ${line}`);
  }
});

test("C and Fortran: a library routine after the loop (clock(), omp_get_wtime(), CPU_TIME) reads no work array; one inside the loop with side effects keeps it serial, named as the cause", () => {
  // w is written before it is read in every iteration of the loop at line 5 and never read afterwards;
  // the timing call between the loop and the end of the run touches only its own argument.
  const main = (after: string, inLoop = "") => `#include <time.h>
double w[64], out[16][64]; double t0;
void f(void) {
  int i, k;
  for (k = 0; k < 16; k++) {
    for (i = 0; i < 64; i++) w[i] = k + i;${inLoop}
    for (i = 1; i < 64; i++) out[k][i] = w[i - 1] + w[i];
  }
  ${after}
}
int main(void) { f(); return (int)out[3][4]; }
`;
  for (const after of ["clock();", "t0 = (double)clock();", "t0 = omp_get_wtime();", "time(0);"]) assert.equal(plan({ "main.c": main(after) }).get(5), "parallel", after);
  // A library routine given the array itself may read it: live.
  assert.notEqual(plan({ "main.c": main("fwrite(w, 8, 64, stdout);") }).get(5), "parallel");
  // A routine with side effects inside the loop: serial, and the report names it.
  assert.match(plan({ "main.c": main("clock();", "\n    t0 = rand();") }).get(5)!, /rand at line 7 has side effects/);
  const fortran = `      program p
      double precision w(64), out(64, 16), t
      integer i, k
      do k = 1, 16
        do i = 1, 64
          w(i) = k + i
        end do
        do i = 2, 64
          out(i, k) = w(i - 1) + w(i)
        end do
      end do
      call cpu_time(t)
      print *, out(3, 4), t
      end
`;
  assert.equal(plan({ "p.f": fortran }).get(4), "parallel");
});
