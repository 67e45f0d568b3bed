/* Loop fusion (issue 20 sec. 3): adjacent loops over the same range that
 * each run in parallel become one loop under one directive when the loop
 * running both bodies is parallel too: the first loop's closing brace and
 * the second loop's header become empty lines. Not when the second reads
 * what a later iteration of the first writes (d[i + 1]: a backward
 * dependence once fused), nor when it reads the scalar the first leaves. */
#include <stdio.h>

#define N 60000

static double a[N], b[N], c[N], d[N + 1], e[N], f[N];

int main(void) {
  int i, k;
  double t, u, s = 0.0;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) {
    b[i] = (double)(i % 17);
    f[i] = 0.0;
  }
  d[N] = 0.0;
  // doall: serial -- each pass reads what the one before wrote (f, b)
  for (k = 1; k <= 3; k++) {
    // doall: parallel
    #pragma omp parallel for simd private(t)
    for (i = 0; i < N; i++) {
      a[i] = b[i] * 0.5 + k;

    /* The same range: fused with the loop above (c reads a[i], the same iteration's): no directive of its own. */
    // doall: either private(t)

      t = a[i] + 1.0;
      c[i] = t * t;
    }
    // doall: parallel
    #pragma omp parallel for simd
    for (i = 0; i < N; i++) {
      d[i] = c[i] - b[i];
    }
    /* Not fused with the loop above: it reads d[i + 1], which a later iteration there writes. */
    // doall: parallel
    #pragma omp parallel for simd
    for (i = 0; i < N; i++) {
      e[i] = d[i + 1] * 0.5;
    }
    b[0] = b[0] + 1.0;
    // doall: parallel lastprivate(u)
    #pragma omp parallel for simd lastprivate(u)
    for (i = 0; i < N; i++) {
      u = e[i] * 0.25;
      b[i] = b[i] + u;
    }
    /* Not fused with the loop above: it reads u, the value that loop left. */
    // doall: parallel
    #pragma omp parallel for simd
    for (i = 0; i < N; i++) {
      f[i] = f[i] + u + b[i];
    }
  }
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < N; i++)
    s += a[i] + c[i] + d[i] + e[i] + f[i];
  printf("sum %.1f\n", s);
  printf("a c e f %.4f %.4f %.4f %.4f\n", a[6], c[10], e[N - 1], f[N / 2]);
  return 0;
}
