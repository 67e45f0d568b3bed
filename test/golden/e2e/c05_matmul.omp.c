/* Matrix products on double a[N][N] in three loop orders (ijk with a
 * scalar sum, ikj, kij) and a transpose. Entries are small integers, so
 * every order gives the same bits. */
#include <math.h>
#include <stdio.h>

#define N 120

static double a[N][N], b[N][N], c1[N][N], c2[N][N], c3[N][N], t[N][N];

int main(void) {
  int i, j, k, nbad = 0;
  double s, aik;
  long long sum = 0, trace = 0;

  // doall: parallel private(j)
  #pragma omp parallel for private(j)
  for (i = 0; i < N; i++)
    // doall: either
    #pragma omp simd
    for (j = 0; j < N; j++) {
      a[i][j] = (double)((j + 2 * i) % 7 - 3);
      b[i][j] = (double)((3 * j + i) % 5 - 2);
    }
  /* ijk: the k loop sums into a scalar. */
  // doall: parallel private(j, k, s)
  #pragma omp parallel for private(j, k, s)
  for (i = 0; i < N; i++)
    // doall: either private(k, s)
    for (j = 0; j < N; j++) {
      s = 0.0;
      // doall: either reduction(+:s)
      for (k = 0; k < N; k++)
        s += a[i][k] * b[k][j];
      c1[i][j] = s;
    }
  /* ikj: row i of c2 accumulates over k. */
  // doall: parallel private(j, k, aik)
  #pragma omp parallel for private(aik, j, k)
  for (i = 0; i < N; i++) {
    // doall: either
    #pragma omp simd
    for (j = 0; j < N; j++)
      c2[i][j] = 0.0;
    // doall: serial -- c2[i][:] accumulates over k: only a whole-row reduction would do
    for (k = 0; k < N; k++) {
      aik = a[i][k];
      // doall: either
      #pragma omp simd
      for (j = 0; j < N; j++)
        c2[i][j] += aik * b[k][j];
    }
  }
  /* kij: the whole of c3 accumulates over the outer loop. */
  // doall: parallel private(j)
  #pragma omp parallel for private(j)
  for (i = 0; i < N; i++)
    // doall: either
    #pragma omp simd
    for (j = 0; j < N; j++)
      c3[i][j] = 0.0;
  // doall: serial -- every c3[i][j] accumulates over k
  #pragma omp parallel for private(j, k)
  for (i = 0; i < N; i++)
    // doall: parallel private(j)
    for (k = 0; k < N; k++)
      // doall: either
      #pragma omp simd
      for (j = 0; j < N; j++)
        c3[i][j] += a[i][k] * b[k][j];
  /* Transpose. */
  // doall: parallel private(j)
  #pragma omp parallel for private(j)
  for (i = 0; i < N; i++)
    // doall: either
    #pragma omp simd
    for (j = 0; j < N; j++)
      t[j][i] = c1[i][j];
  // doall: parallel private(j) reduction(+:nbad, sum)
  #pragma omp parallel for private(j) reduction(+:nbad, sum)
  for (i = 0; i < N; i++)
    // doall: either reduction(+:nbad, sum)
    for (j = 0; j < N; j++) {
      if (c1[i][j] != c2[i][j] || c1[i][j] != c3[i][j]) nbad++;
      sum += llround(t[i][j]) * ((j + 3 * i) % 13);
    }
  // doall: parallel reduction(+:trace)
  for (i = 0; i < N; i++)
    trace += llround(t[i][i]);
  printf("mismatches %d\nchecksum %lld\ntrace %lld\n", nbad, sum, trace);
  return 0;
}
