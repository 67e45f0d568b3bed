/* Sums over the grid into a parameter array (see main.c). */
#include "grid.h"

void fill(void) {
  int i, j, m;
  // doall: parallel private(i, m)
  for (j = 0; j < NY; j++)
    // doall: either private(m)
    for (i = 0; i < NX; i++)
      // doall: either
      for (m = 0; m < 5; m++)
        u[j][i][m] = (double)((i * 7 + j * 3 + m) % 11) * 0.5;
}

void error_norm(double rms[5]) {
  int i, j, m;
  double x, y, add;
  // doall: either
  for (m = 0; m < 5; m++)
    rms[m] = 0.0;
  // doall: parallel private(i, m, x, y, add) reduction(+:rms[0:5])
  for (j = 0; j < NY; j++) {
    y = j * dy;
    // doall: either private(m, x, add) reduction(+:rms[0:5])
    for (i = 0; i < NX; i++) {
      x = i * dx;
      // doall: either private(add)
      for (m = 0; m < 5; m++) {
        add = u[j][i][m] - (x + y) * m;
        rms[m] = rms[m] + add * add;
      }
    }
  }
}

void scaled_norm(double rms[5], double *out) {
  int i, j;
  // doall: serial -- out is &dz: the write changes the dz the next iteration reads
  for (j = 0; j < NY; j++)
    // doall: serial -- out is &dz, read as dz in each iteration
    for (i = 0; i < NX; i++)
      *out = dz * 0.5 + rms[0] * 1.0e-9 + u[j][i][0] * 1.0e-6;
}
