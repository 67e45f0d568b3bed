/* A triangular product over two array parameters (PolyBench's trmm):
 * B[i][j] += A[k][i] * B[k][j] for the rows k below i. The loop over j is
 * parallel when A and B do not overlap; which rows of B it touches is
 * B[i][j] or B[k][j] for k = i + 1 .. m - 1, and whether m - 1 or i is the
 * last of them depends on i, so the run-time check also asks m - 1 >= i.
 * The second call passes one buffer as both, shifted by a row: the check
 * fails and the loop runs serially, as written. gesummv writes two
 * vectors and reads three arrays through five parameters: its check
 * tests seven pairs (it is not static: any caller may pass anything); the
 * second call passes tmp and y one element apart. */
#include <stdio.h>

#define M 40
#define N 48

static double a[M][M], b[M][N], buf[(M + 1) * N], g[N][N], h[N][N], v[N], w[2 * N + 1], z[N];

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

void gesummv(int n, double alpha, double beta, double A[N][N], double B[N][N], double tmp[N], double x[N], double y[N]) {
  // doall: runtime if(tmp + n <= y || y + n <= tmp) -- the second call passes tmp and y one element apart
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    // doall: serial -- tmp[i] and y[i] accumulate over j
    for (int j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

int main(void) {
  // doall: parallel
  for (int i = 0; i < M; i++)
    // doall: either
    for (int j = 0; j < M; j++)
      a[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
  // doall: parallel
  for (int i = 0; i < M; i++)
    // doall: either
    for (int j = 0; j < N; j++)
      b[i][j] = (double)((i + 2 * j) % 5) / 5.0;
  // doall: parallel
  for (int x = 0; x < (M + 1) * N; x++)
    buf[x] = (double)(x % 7) / 7.0;
  trmm(M, N, 1.5, a, b);
  // One buffer as both matrices (rows of N doubles read as rows of M): the check sends it down the serial path.
  trmm(M, N, 0.5, (double (*)[M])(buf + N), (double (*)[N])buf);
  // doall: parallel
  for (int i = 0; i < N; i++) {
    // doall: either
    for (int j = 0; j < N; j++) {
      g[i][j] = (double)((i + 3 * j) % 13) / 13.0;
      h[i][j] = (double)((5 * i + j) % 11) / 11.0;
    }
    v[i] = (double)(i % 7) / 7.0;
  }
  gesummv(N, 1.5, 0.5, g, h, z, v, w);
  // tmp and y one element apart: y[i] is the tmp[i + 1] of the next iteration, read before it is written there.
  gesummv(N, 1.5, 0.5, g, h, w + 1, v, w);
  double s = 0.0, t = 0.0, r = 0.0;
  // doall: parallel reduction(+:r)
  for (int i = 0; i <= 2 * N; i++)
    r += w[i] * (i % 5 + 1);
  // doall: parallel reduction(+:r)
  for (int i = 0; i < N; i++)
    r += z[i];
  // doall: parallel reduction(+:s, t)
  for (int i = 0; i < M; i++)
    // doall: either reduction(+:s, t)
    for (int j = 0; j < N; j++) {
      s += b[i][j] * (i + 1);
      t += buf[i * N + j] * (j + 1);
    }
  printf("%.6f %.6f %.6f\n", s, t, r);
  return 0;
}
