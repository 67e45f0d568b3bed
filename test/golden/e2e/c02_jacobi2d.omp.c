/* 2-D Jacobi iteration on static two-dimensional arrays double a[N][M].
 * The largest change per sweep is a max reduction (exact in any order);
 * the checksum rounds each value to an integer first. */
#include <math.h>
#include <stdio.h>

#define N 200

static double u[N + 2][N + 2], unew[N + 2][N + 2];

int main(void) {
  int i, j, it, sweeps = 0;
  double diff = 0.0, d;
  long long sum = 0;

  // doall: parallel private(j)
  #pragma omp parallel for private(j)
  for (i = 0; i < N + 2; i++)
    // doall: either
    #pragma omp simd
    for (j = 0; j < N + 2; j++) {
      u[i][j] = 0.0;
      unew[i][j] = 0.0;
    }
  /* Boundary values. The corners are written twice: u[N+1][0] by
     iteration N+1 (first line) and by iteration 0 (last line). */
  // doall: serial -- output dependence at the corners between iterations 0 and N+1
  for (i = 0; i < N + 2; i++) {
    u[i][0] = (double)((7 * i) % 64);
    u[i][N + 1] = (double)((11 * i) % 64);
    u[0][i] = (double)((5 * i) % 32);
    u[N + 1][i] = (double)((3 * i) % 32);
  }
  // doall: serial -- each sweep reads the previous sweep's u
  for (it = 0; it < 40; it++) {
    diff = 0.0;
    // doall: parallel private(j, d) reduction(max:diff)
    #pragma omp parallel for private(d, j) reduction(max:diff)
    for (i = 1; i <= N; i++)
      // doall: either private(d) reduction(max:diff)
      for (j = 1; j <= N; j++) {
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        d = fabs(unew[i][j] - u[i][j]);
        if (d > diff) diff = d;
      }
    // doall: parallel private(j)
    #pragma omp parallel for private(j)
    for (i = 1; i <= N; i++)
      // doall: either
      #pragma omp simd
      for (j = 1; j <= N; j++)
        u[i][j] = unew[i][j];
    sweeps++;
  }
  // doall: parallel private(j) reduction(+:sum)
  #pragma omp parallel for private(j) reduction(+:sum)
  for (i = 0; i < N + 2; i++)
    // doall: either reduction(+:sum)
    for (j = 0; j < N + 2; j++)
      sum += llround(u[i][j] * 1e4) * ((i + j) % 7);
  printf("sweeps %d checksum %lld\n", sweeps, sum);
  printf("last change %16.10f\n", diff);
  return 0;
}
