/* Blocked (tiled) loops, as cache-minded C codes write them: the outer
 * loop steps over blocks of BS rows, the inner one runs from the block's
 * start to MIN(start + BS, N), so the last block may be short. Two blocks
 * never share a row: the loop over the blocks is parallel. A block loop
 * whose inner range reaches one row past its block updates the first row
 * of the next block too, and stays serial. */
#include <stdio.h>

#define N 300
#define BS 32
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static double a[N][N], b[N][N], c[N][N], t[N][N];

/* Blocks of a size the caller gives: the loop over the blocks is parallel
 * when nb is at least 1, which the directive checks at run time. */
void blkadd(int n, int nb, double x[n][n]) {
  // doall: runtime if(nb >= 1) -- blocks of nb rows, nb known only at run time
  #pragma omp parallel for schedule(static, 1) if(nb >= 1)
  for (int ii = 0; ii < n; ii += nb)
    // doall: either
    for (int i = ii; i < MIN(ii + nb, n); i++)
      // doall: either
      #pragma omp simd
      for (int j = 0; j < n; j++)
        x[i][j] = x[i][j] + (double)(i - j) / (double)(ii + 1);
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for
  for (int i = 0; i < N; i++)
    // doall: either
    #pragma omp simd
    for (int j = 0; j < N; j++) {
      a[i][j] = (double)((i + 2 * j) % 11) - 5.0;
      b[i][j] = (double)((3 * i + j) % 7) * 0.5;
      c[i][j] = 0.0;
    }
  // doall: parallel -- blocks of rows of c: no two share a row
  #pragma omp parallel for schedule(static, 1)
  for (int ii = 0; ii < N; ii += BS)
    // doall: serial -- every kk block adds into the same rows
    for (int kk = 0; kk < N; kk += BS)
      // doall: either
      for (int i = ii; i < MIN(ii + BS, N); i++)
        // doall: serial -- c[i][j] accumulates over k
        for (int k = kk; k < MIN(kk + BS, N); k++)
          // doall: either
          #pragma omp simd
          for (int j = 0; j < N; j++)
            c[i][j] += a[i][k] * b[k][j];
  /* A blocked transpose, the blocks' starts from MAX(): each (ii, jj)
   * block writes its own part of t. */
  // doall: parallel
  #pragma omp parallel for collapse(2)
  for (int ii = 0; ii < N; ii += 25)
    // doall: either
    for (int jj = 0; jj < N; jj += 25)
      // doall: either
      for (int i = MAX(ii, 0); i < MIN(ii + 25, N); i++)
        // doall: either
        #pragma omp simd
        for (int j = MAX(jj, 0); j < MIN(jj + 25, N); j++)
          t[j][i] = c[i][j];
  // doall: serial -- i = ii + BS is also the first row of the next block
  for (int ii = 0; ii < N; ii += BS)
    // doall: either
    #pragma omp parallel for if((ii + 32 < 300 - 1 ? ii + 32 : 300 - 1) - ii >= 3)
    for (int i = ii; i <= MIN(ii + BS, N - 1); i++)
      // doall: either
      #pragma omp simd
      for (int j = 0; j < N; j++)
        t[i][j] = t[i][j] * 0.5 + ii;
  blkadd(N, 24, t);
  double s = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < N; i++)
    // doall: either reduction(+:s)
    for (int j = 0; j < N; j++)
      s += t[i][j] * (double)((i + j) % 5 + 1);
  printf("sum %.6f\n", s);
  printf("corners %.6f %.6f %.6f\n", c[0][0], c[N - 1][N - 1], t[7][250]);
  return 0;
}
