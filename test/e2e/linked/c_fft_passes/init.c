#include "fft.h"

/* A linear congruential generator filling a vector of doubles (NPB's
 * vranlc): the caller hands it an array of complex numbers as doubles,
 * two per element. */
static void fill(int n, double *seed, double y[]) {
  int i;
  // doall: serial -- each value continues the sequence of the one before
  for (i = 0; i < n; i++) {
    *seed = *seed * 1103.0 + 12345.0;
    *seed = *seed - 65536.0 * (double)(int)(*seed / 65536.0);
    y[i] = *seed / 65536.0 - 0.5;
  }
}

void initial(int d1, int d2, int d3, cplx u[d3][d2][d1 + 1]) {
  cplx tmp[64];
  double x0;
  int i, j, k;
  // doall: parallel private(i, j, x0, tmp)
  for (k = 0; k < d3; k++) {
    x0 = 17.0 + 3.0 * k;
    // doall: serial -- x0 carries the sequence from one row to the next
    for (j = 0; j < d2; j++) {
      fill(2 * d1, &x0, (double *)tmp);
      // doall: either
      for (i = 0; i < d1; i++) u[k][j][i] = tmp[i];
    }
  }
  // doall: parallel private(j)
  for (k = 0; k < d3; k++)
    // doall: either
    for (j = 0; j < d2; j++) u[k][j][d1] = (cplx){0.0, 0.0};
}
