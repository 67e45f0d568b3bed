/* Blocked (tiled) kernels, written the way cache-minded C codes write
 * them (our own code): a loop over blocks of BS (or of a size given at
 * run time), and inner loops from the block's start to MIN(start + BS,
 * n), so the last block may be short. Two blocks never share an element
 * they write: the loop over the blocks is the one to run in parallel.
 * Run with no argument: prints a checksum of every result. */
#include <stdio.h>

#define N 384
#define BS 32
#define MIN(a, b) ((a) < (b) ? (a) : (b))

void gemm_tiled(int n, double C[N][N], double A[N][N], double B[N][N]) {
  for (int ii = 0; ii < n; ii += BS)
    for (int kk = 0; kk < n; kk += BS)
      for (int i = ii; i < MIN(ii + BS, n); i++)
        for (int k = kk; k < MIN(kk + BS, n); k++)
          for (int j = 0; j < n; j++)
            C[i][j] += A[i][k] * B[k][j];
}

void transpose_tiled(int n, int bs, double T[N][N], double A[N][N]) {
  for (int ii = 0; ii < n; ii += bs)
    for (int jj = 0; jj < n; jj += bs)
      for (int i = ii; i < MIN(ii + bs, n); i++)
        for (int j = jj; j < MIN(jj + bs, n); j++)
          T[j][i] = A[i][j];
}

void smooth_rows(int n, int bs, double X[N][N]) {
  for (int ii = 1; ii < n - 1; ii += bs)
    for (int i = ii; i < MIN(ii + bs, n - 1); i++)
      for (int j = 1; j < n - 1; j++)
        X[i][j] = 0.5 * X[i][j] + 0.25 * (X[i][j - 1] + X[i][j + 1]);
}

static double A[N][N], B[N][N], C[N][N], T[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 3 + j) % 17) - 8.0;
      B[i][j] = (double)((i + 5 * j) % 13) * 0.25;
      C[i][j] = 0.0;
    }
  gemm_tiled(N, C, A, B);
  transpose_tiled(N, 24, T, C);
  smooth_rows(N, 40, T);
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += T[i][j] * (double)((i + j) % 7 + 1);
  printf("%.6e\n", s);
  return 0;
}
