/* Gauss-Seidel relaxation twice: in place in natural order (every loop
 * carries a dependence) and in red-black order, where the points of one
 * colour only read points of the other: `i += 2` from a start that
 * depends on the row and the colour. */
#include <math.h>
#include <stdio.h>

#define N 160

static double u[N + 2][N + 2], w[N + 2][N + 2];

static void setup(double a[N + 2][N + 2]) {
  int i, j;
  // doall: parallel private(j)
  #pragma omp parallel for private(j)
  for (i = 0; i < N + 2; i++)
    // doall: either
    #pragma omp simd
    for (j = 0; j < N + 2; j++) {
      a[i][j] = 0.0;
      if (i == 0 || j == 0) a[i][j] = (double)((j + 2 * i) % 9);
      if (i == N + 1 || j == N + 1) a[i][j] = (double)((3 * j + i) % 11);
    }
}

static long long checksum(double a[N + 2][N + 2]) {
  long long s = 0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int i = 1; i <= N; i++)
    // doall: either reduction(+:s)
    for (int j = 1; j <= N; j++)
      s += llround(a[i][j] * 1e6) * ((i * j) % 13);
  return s;
}

int main(void) {
  int i, j, it, color;
  setup(u);
  setup(w);
  // doall: serial -- sweeps
  for (it = 0; it < 12; it++)
    // doall: serial -- u[i-1][j] was updated earlier in this sweep
    for (i = 1; i <= N; i++)
      // doall: serial -- u[i][j-1] was updated by the previous iteration
      for (j = 1; j <= N; j++)
        u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);

  // doall: serial -- sweeps
  for (it = 0; it < 12; it++)
    // doall: serial -- the second colour reads the first colour's new values
    for (color = 0; color < 2; color++)
      // doall: parallel private(j)
      for (i = 1; i <= N; i++)
        // doall: either
        for (j = 1 + (i + color) % 2; j <= N; j += 2)
          w[i][j] = 0.25 * (w[i - 1][j] + w[i + 1][j] + w[i][j - 1] + w[i][j + 1]);

  printf("natural   %lld\n", checksum(u));
  printf("red-black %lld\n", checksum(w));
  printf("middle    %14.8f %14.8f\n", u[N / 2][N / 2], w[N / 2][N / 2]);
  return 0;
}
