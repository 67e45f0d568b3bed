/* The routines of each plane of the sweeps in main.c: coefficients, then the sweep. */
#include "grid.h"

void coef(int k) {
  int i, j;
  double w;
  // doall: parallel private(i, w)
  for (j = 1; j < N; j++) {
    // doall: either private(w)
    for (i = 1; i < N; i++) {
      w = u[k][j][i];
      a[j][i] = 0.25 / (1.0 + w * w);
      b[j][i] = 0.125 * (1.0 + w) / (2.0 + w * w);
    }
  }
}

void lower(int k, double x[][N][N], double p[][N], double q[][N]) {
  int i;
  double (*xk)[N] = x[k];
  double (*xkm1)[N] = x[k - 1];
  // doall: parallel private(i)
  for (int j = 1; j < N; j++) {
    // doall: either
    for (i = 1; i < N; i++) {
      xk[j][i] = xk[j][i] + p[j][i] * xkm1[j][i];
    }
  }
  // doall: serial -- xk[j - 1][i]
  for (int j = 1; j < N; j++) {
    // doall: serial -- xk[j][i - 1]
    for (i = 1; i < N; i++) {
      xk[j][i] = 0.5 * xk[j][i] + q[j][i] * xk[j - 1][i] + 0.25 * xk[j][i - 1];
    }
  }
}

void coefu(int k) {
  int i, j;
  double w;
  // doall: parallel private(i, w)
  for (j = 0; j < N - 1; j++) {
    // doall: either private(w)
    for (i = 0; i < N - 1; i++) {
      w = u[k][j][i];
      a[j][i] = 0.25 / (1.0 + w);
      b[j][i] = 0.125 * (1.0 + w) / (3.0 + w * w);
    }
  }
}

void upper(int k, double x[][N][N], double p[][N], double q[][N]) {
  int i, j;
  // doall: parallel private(i)
  for (j = N - 2; j >= 0; j--) {
    // doall: either
    for (i = 0; i < N - 1; i++) {
      x[k][j][i] = x[k][j][i] + p[j][i] * x[k + 1][j][i];
    }
  }
  // doall: serial -- x[k][j + 1][i]
  for (j = N - 2; j >= 0; j--) {
    // doall: either
    for (i = 0; i < N - 1; i++) {
      x[k][j][i] = 0.5 * x[k][j][i] + q[j][i] * x[k][j + 1][i];
    }
  }
}

void coefm(int k) {
  int i, j;
  double w;
  // doall: either private(i, w)
  for (j = 1; j < N - 1; j++) {
    // doall: either private(w)
    for (i = 1; i < N; i++) {
      w = u[k][j][i];
      a[j][i] = 0.5 / (1.0 + w * w);
      b[j][i] = 0.125 / (1.0 + w);
    }
  }
}

/* Plane k reads row j + 1 of plane k - 1: written by the row after, whose
   thread may still be a plane behind. */
void mixed(int k, double x[][N][N], double p[][N], double q[][N]) {
  int i, j;
  // doall: either private(i)
  for (j = 1; j < N - 1; j++) {
    // doall: either
    for (i = 1; i < N; i++) {
      x[k][j][i] = p[j][i] * x[k - 1][j + 1][i] + q[j][i] * x[k][j][i];
    }
  }
}
