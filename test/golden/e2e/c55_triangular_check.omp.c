/* A triangular product over two array parameters (PolyBench's trmm):
 * B[i][j] += A[k][i] * B[k][j] for the rows k below i. The loop over j is
 * parallel when A and B do not overlap; which rows of B it touches is
 * B[i][j] or B[k][j] for k = i + 1 .. m - 1, and whether m - 1 or i is the
 * last of them depends on i, so the run-time check also asks m - 1 >= i.
 * The second call passes one buffer as both, shifted by a row: the check
 * fails and the loop runs serially, as written. */
#include <stdio.h>

#define M 40
#define N 48

static double a[M][M], b[M][N], buf[(M + 1) * N];

static void trmm(int m, int n, double alpha, double A[M][M], double B[M][N]) {
  // doall: serial -- iteration i reads the rows of B that later iterations write
  for (int i = 0; i < m; i++)
    // doall: runtime if(m - 1 >= i && (&A[m - 1][i] + 1 <= &B[i][0] || &B[m - 1][n - 1] + 1 <= &A[i + 1][i])) -- the second call passes one buffer as A and B
    for (int j = 0; j < n; j++) {
      // doall: serial -- B[i][j] accumulates over k
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for collapse(2)
  for (int i = 0; i < M; i++)
    // doall: either
    for (int j = 0; j < M; j++)
      a[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
  // doall: parallel
  #pragma omp parallel for collapse(2)
  for (int i = 0; i < M; i++)
    // doall: either
    for (int j = 0; j < N; j++)
      b[i][j] = (double)((i + 2 * j) % 5) / 5.0;
  // doall: parallel
  #pragma omp parallel for simd
  for (int x = 0; x < (M + 1) * N; x++)
    buf[x] = (double)(x % 7) / 7.0;
  trmm(M, N, 1.5, a, b);
  // One buffer as both matrices (rows of N doubles read as rows of M): the check sends it down the serial path.
  trmm(M, N, 0.5, (double (*)[M])(buf + N), (double (*)[N])buf);
  double s = 0.0, t = 0.0;
  // doall: parallel reduction(+:s, t)
  #pragma omp parallel for reduction(+:s, t) collapse(2)
  for (int i = 0; i < M; i++)
    // doall: either reduction(+:s, t)
    for (int j = 0; j < N; j++) {
      s += b[i][j] * (i + 1);
      t += buf[i * N + j] * (j + 1);
    }
  printf("%.6f %.6f\n", s, t);
  return 0;
}
