/* Sweeps pipelined by rows, as NPB-C LU's ssor runs them by hand: for
   each plane k, coef (sweep.c) fills the coefficients a, b of the plane's
   rows (globals, threadprivate: each thread fills its own rows of its own
   copy), and lower solves the plane, first from plane k - 1, then row
   after row (row j reads row j - 1), reaching the planes through pointers
   to them as NPB-C LU's blts does. doall pipelines the k loop; the rows of
   coef's and lower's loops, the same in each, are shared out among the
   threads of one region around it (for schedule(static) nowait), and
   lower's recurrence waits for the row before (ordered). The upper sweep
   goes the other way (coefu fills its rows forward: doall turns that loop
   round to run them as upper does); mixed reads the row after from the plane before,
   which a thread behind may not have written yet: it keeps the pipeline
   over planes. Each sweep runs under a check that trace is off. */
#include <stdio.h>
#include <math.h>
#include "grid.h"

double u[NK][N][N], v[NK][N][N];
double a[N][N], b[N][N];
static int trace = 0;

static void ssor(void) {
  int k, it;
  // doall: serial -- the relaxation steps: each reads the last
  for (it = 0; it < 2; it++) {
    // doall: serial -- lower reads plane k - 1: doall pipelines it by rows
    for (k = 1; k < NK; k++) {
      if (trace) printf("lower %d\n", k);
      coef(k);
      lower(k, v, a, b);
    }
    // doall: serial -- upper reads plane k + 1: pipelined by rows too
    for (k = NK - 2; k >= 0; k--) {
      if (trace) printf("upper %d\n", k);
      coefu(k);
      upper(k, v, a, b);
    }
    // doall: serial -- mixed reads the row after in plane k - 1
    for (k = 1; k < NK; k++) {
      if (trace) printf("mixed %d\n", k);
      coefm(k);
      mixed(k, v, a, b);
    }
  }
}

int main(void) {
  int i, j, k;
  long long s = 0;
  // doall: parallel private(i, j)
  for (k = 0; k < NK; k++) {
    // doall: either private(i)
    for (j = 0; j < N; j++) {
      // doall: either
      for (i = 0; i < N; i++) {
        u[k][j][i] = (double)((3 * i + 5 * j + 7 * k) % 23) / 23.0;
        v[k][j][i] = (double)((i + 2 * j + 3 * k) % 11) / 11.0;
      }
    }
  }
  ssor();
  // doall: parallel private(i, j) reduction(+:s)
  for (k = 0; k < NK; k++) {
    // doall: either private(i) reduction(+:s)
    for (j = 0; j < N; j++) {
      // doall: either reduction(+:s)
      for (i = 0; i < N; i++) {
        s += (long long)llround(v[k][j][i] * 1.0e4) * (i + j + k);
      }
    }
  }
  printf(" checksum %lld\n", s);
  return 0;
}
