/* A work array is private to an iteration only when every element it reads
 * was surely written earlier in that iteration. A goto, break or continue
 * may skip a write: then the read may see the value another iteration
 * left, and the array may not be private. */
#include <stdio.h>

#define N 20000
#define M 8

static double a[N], b[N], c[N], d[N], e[N], w[M];

int main(void) {
  int i, j, k;
  double v[M];
  double sc = 0, sd = 0, se = 0;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) {
    a[i] = (double)((i * 7) % 13) - 6.0;
    b[i] = (double)(i % 5);
  }
  w[0] = 0.0;
  /* A forward goto skips the write in some iterations. */
  // doall: serial -- w[0] carries a value when the goto skips its write
  for (i = 0; i < N; i++) {
    if (b[i] > 2.5) goto skip;
    w[0] = a[i];
  skip:
    c[i] = w[0] * 2.0;
  }
  // doall: either
  for (j = 0; j < M; j++) w[j] = 0.0;
  /* A break leaves the inner loop early: w[4..M-1] are not written in every iteration. */
  // doall: serial -- the break may leave w[M-1] unwritten
  for (i = 0; i < N; i++) {
    // doall: serial
    for (j = 0; j < M; j++) {
      w[j] = a[i] + j;
      if (j >= 3 && b[i] > 3.5) break;
    }
    d[i] = w[0] + w[M - 1];
  }
  /* A continue after the writes skips only what follows it. */
  // doall: parallel private(v, k)
  #pragma omp parallel for private(k, v)
  for (i = 0; i < N; i++) {
    // doall: either
    #pragma omp simd
    for (k = 0; k < M; k++) v[k] = a[i] * k;
    e[i] = v[1];
    if (b[i] < 0.5) continue;
    e[i] = e[i] + v[M - 1];
  }
  // doall: parallel reduction(+:sc, sd, se) -- sums of integers: exact in any order
  #pragma omp parallel for reduction(+:sc, sd, se)
  for (i = 0; i < N; i++) {
    sc += c[i];
    sd += d[i];
    se += e[i];
  }
  printf("sums %16.3f %16.3f %16.3f\n", sc, sd, se);
  printf("ends %16.3f %16.3f %16.3f\n", c[N - 1], d[N - 1], e[N - 1]);
  return 0;
}
