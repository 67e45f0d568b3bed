/* A program in two files whose solvers (solve.c) work on every column j
 * with a work area in globals (lhs, q) that initlhs, called in the loop,
 * also writes: the work area is private to each column only when lhs is
 * threadprivate, in every file that declares it (doall writes the
 * pragmas). The size comes from tp.data, or is 50 (the tests give no
 * file): the solvers read rows of lhs that they write first only when
 * n >= 3, which doall checks at run time. */
#include <stdio.h>
#include "work.h"

int dims[1], n, m;
double lhs[NMAX + 1][4], q[NMAX + 1];
double u[MMAX][NMAX + 1], f[MMAX][NMAX + 1];

int main(void) {
  FILE *fp;
  int i, j, result = 0;
  long long s;
  if ((fp = fopen("tp.data", "r")) != NULL) {
    result = fscanf(fp, "%d", &dims[0]);
    fclose(fp);
  } else {
    dims[0] = 50;
  }
  if (result < 0 || dims[0] > NMAX || dims[0] < 1) return 1;
  n = dims[0];
  m = 120;
  // doall: parallel private(i)
  for (j = 0; j < m; j++) {
    // doall: either
    for (i = 0; i <= n; i++) {
      f[j][i] = (double)((i * 7 + j * 3) % 17) / 4.0;
      u[j][i] = 0.0;
    }
  }
  sweep();
  sweep2();
  s = 0;
  // doall: parallel private(i) reduction(+:s)
  for (j = 0; j < m; j++) {
    // doall: either reduction(+:s)
    for (i = 0; i <= n; i++)
      s += (long long)(u[j][i] * 1.0e6 + 0.5) * (i + j);
  }
  printf(" checksum %lld\n", s);
  return 0;
}
