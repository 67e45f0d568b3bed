/* One plane of a lower sweep: x[k][j][i] needs x[k][j][i - 1],
 * x[k][j - 1][i] (a recurrence in i and in j) and x[k - 1][j][i], reached
 * through pointers to the two planes made from x. */
#include "grid.h"

void lower(int k, double x[][LD][LD], double p[][LD], double q[][LD], int m) {
  double (*xk)[LD] = x[k];
  double (*xkm1)[LD] = x[k - 1];
  int i, j;
  // doall: serial -- xk[j - 1][i]
  for (j = jst; j < jend; j++)
    // doall: serial -- xk[j][i - 1]
    for (i = 1; i < m; i++)
      xk[j][i] = 0.5 * xk[j][i] + p[j][i] * xkm1[j][i]
               + q[j][i] * xk[j][i - 1] + 0.125 * xk[j - 1][i];
}
