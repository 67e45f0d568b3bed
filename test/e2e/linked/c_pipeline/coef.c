/* The coefficients of plane k, from u: every element of a and b that
 * lower reads is written here first (rows jst..jend-1). */
#include "grid.h"

void coef(int k) {
  int i, j;
  double w, d, r;
  // doall: either
  for (j = jst; j < jend; j++)
    // doall: either
    for (i = 1; i < n; i++) {
      w = u[k][j][i];
      d = 1.0 + w * w;
      r = 1.0 / d;
      a[j][i] = 0.25 * r;
      b[j][i] = 0.125 * w * r;
    }
}
