/* Tridiagonal solves along i, one per column j: lhs and q are written
 * before they are read in every column; initlhs writes the boundary rows
 * 0 and n of lhs. */
#include "work.h"

void sweep(void) {
  int i, j;
  double r;
  // doall: runtime private(i, r) if(n >= 3)
  for (j = 0; j < m; j++) {
    initlhs();
    // doall: either
    for (i = 1; i <= n - 1; i++)
      q[i] = f[j][i] + 1.0;
    // doall: either
    for (i = 1; i <= n - 1; i++) {
      lhs[i][0] = -0.25;
      lhs[i][1] = 2.0 + q[i] * 0.01;
      lhs[i][2] = -0.25;
      lhs[i][3] = f[j][i];
    }
    /* the first row twice as heavy: lhs[1][1] was written above when n >= 2 */
    lhs[1][1] = lhs[1][1] * 2.0;
    // doall: serial -- forward elimination: row i needs row i - 1
    for (i = 1; i <= n - 1; i++) {
      r = lhs[i][0] / lhs[i - 1][1];
      lhs[i][1] = lhs[i][1] - r * lhs[i - 1][2];
      lhs[i][3] = lhs[i][3] - r * lhs[i - 1][3];
    }
    u[j][n] = lhs[n][3] / lhs[n][1];
    // doall: serial -- back substitution: row i needs u[j][i + 1]
    for (i = n - 1; i >= 0; i--)
      u[j][i] = (lhs[i][3] - lhs[i][2] * u[j][i + 1]) / lhs[i][1];
  }
}

/* A second pass with the same work area: it reads lhs[2][3] before
 * writing it when n < 3, so sweep's values of lhs are dead after sweep's
 * loop only when n >= 3. */
void sweep2(void) {
  int i, j;
  // doall: runtime private(i) if(n >= 3)
  for (j = 0; j < m; j++) {
    initlhs();
    // doall: either
    for (i = 1; i <= n - 1; i++) {
      lhs[i][1] = 4.0;
      lhs[i][3] = u[j][i];
    }
    lhs[2][3] = lhs[2][3] + 1.0;
    // doall: either
    for (i = 1; i <= n - 1; i++)
      u[j][i] = lhs[i][3] / lhs[i][1] + lhs[0][3];
  }
}

/* The boundary rows of the work area: the identity. */
void initlhs(void) {
  lhs[0][0] = 0.0;
  lhs[0][1] = 1.0;
  lhs[0][2] = 0.0;
  lhs[0][3] = 0.0;
  lhs[n][0] = 0.0;
  lhs[n][1] = 1.0;
  lhs[n][2] = 0.0;
  lhs[n][3] = 1.0;
}
