/* Jacobi relaxation on an n x n grid, the C twin of examples/fortran/jacobi.f.
   Run:  npx doall analyze examples/c/jacobi.c */
#include <stdio.h>

#define N 288
#define MAXIT 100

static double u[N + 2][N + 2], unew[N + 2][N + 2], f[N + 2][N + 2];

int main(void) {
  double h = 1.0 / (N + 1), resid = 0.0;
  int i, j, it;

  /* Initial guess and right-hand side: every iteration independent. */
  for (i = 0; i <= N + 1; i++)
    for (j = 0; j <= N + 1; j++) {
      u[i][j] = 0.0;
      unew[i][j] = 0.0;
      f[i][j] = h * h * (double)(i * j);
    }

  for (it = 1; it <= MAXIT; it++) {
    /* The sweep reads u and writes unew: parallel. */
    for (i = 1; i <= N; i++)
      for (j = 1; j <= N; j++)
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] + f[i][j]);
    /* The residual is a sum reduction over the grid. */
    resid = 0.0;
    for (i = 1; i <= N; i++)
      for (j = 1; j <= N; j++) {
        double diff = unew[i][j] - u[i][j];
        resid += diff * diff;
        u[i][j] = unew[i][j];
      }
    if (resid < 1e-12) break;
  }

  /* A running sum along each row: a true recurrence, serial in j. */
  for (i = 1; i <= N; i++)
    for (j = 2; j <= N; j++)
      u[i][j] += u[i][j - 1];
  printf(" iterations: %4d  residual: %12.5e\n", it, resid);
  return 0;
}
