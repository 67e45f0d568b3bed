/* The norms of NPB-C's error.c: error_norm(double rms[5]) sums into its
 * parameter, and reads the globals dx and dy. The files given together
 * are the whole program (main here, every call resolved, every global
 * defined, no address of dx or dy taken): error_norm is called only with
 * main's local arrays, so rms is never u, dx or dy, and the sum is an
 * array reduction over rms[0:5]. scaled_norm writes through a pointer
 * that main gives the address of dz: a write through a pointer may change
 * dz, which its loop reads, and the loop stays serial. */
#include <stdio.h>
#include "grid.h"

double u[NY][NX][5];
double dx, dy, dz;

int main(void) {
  double a[5], b[5], s = 0.0;
  int m;
  /* Binary fractions: every sum below is exact, in any order of the reduction. */
  dx = 1.0 / 32;
  dy = 1.0 / 16;
  dz = 0.5;
  fill();
  error_norm(a);
  error_norm(b);
  scaled_norm(a, &dz);
  // doall: either
  for (m = 0; m < 5; m++)
    s += a[m] + b[m];
  printf("norms %.6f %.6f %.6f\n", a[0], b[4], s);
  printf("dz %.9f\n", dz);
  return 0;
}
