/* restrict parameters (C99 6.7.3.1): an object a restrict pointer reaches
 * and modifies is reached through nothing else during the call, so the
 * loops over restrict parameters are parallel with no check; the syntax
 * `double a[restrict n]` says the same. */
#include <stdio.h>

#define N 200000
#define M 300

static float xs[N], ys[N];
static double g1[M][M], g2[M][M], da[N], db[N];

static void saxpy(int n, float a, const float *restrict x, float *restrict y) {
  // doall: parallel
  #pragma omp parallel for simd if(n >= 200)
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

static void smooth(int n, double (*restrict out)[M], double (*in)[M]) {
  // doall: parallel
  #pragma omp parallel for if(n >= 6)
  for (int i = 1; i < n - 1; i++)
    // doall: either
    #pragma omp simd
    for (int j = 1; j < M - 1; j++)
      out[i][j] = 0.25 * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
}

static void scale(int n, double a[restrict n], const double b[n], double f) {
  // doall: parallel
  #pragma omp parallel for simd if(n >= 200)
  for (int i = 0; i < n; i++)
    a[i] = f * b[i] + a[i];
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < N; i++) {
    xs[i] = (float)(i % 17);
    ys[i] = (float)(i % 5);
  }
  // doall: parallel
  #pragma omp parallel for
  for (int i = 0; i < M; i++)
    // doall: either
    #pragma omp simd
    for (int j = 0; j < M; j++) {
      g1[i][j] = (double)((i * 7 + j * 3) % 11);
      g2[i][j] = 0.0;
    }
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < N; i++) {
    da[i] = (double)(i % 3);
    db[i] = (double)(i % 7);
  }
  saxpy(N, 2.0f, xs, ys);
  smooth(M, g2, g1);
  scale(N, da, db, 4.0);
  double s = 0.0, t = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < N; i++)
    s += ys[i] + da[i];
  // doall: parallel reduction(+:t)
  #pragma omp parallel for reduction(+:t)
  for (int i = 0; i < M; i++)
    // doall: either reduction(+:t)
    for (int j = 0; j < M; j++)
      t += g1[i][j] * (j % 3);
  printf("y %.1f\ng %.4f\n", s, t);
  return 0;
}
