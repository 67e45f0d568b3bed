/* Privatization in C, where variables declared outside a loop are shared
 * unless a clause says otherwise: a scalar temporary, a temporary summed
 * over an inner loop, a work array defined and used in each iteration, a
 * scalar needed after the loop (lastprivate), and two conditionally
 * defined scalars that must not be privatized. */
#include <math.h>
#include <stdio.h>

#define N 3000
#define M 64

static double a[N][M], b[N], c[N], d[N], e[N], f[N], g[N];

int main(void) {
  int i, j, jlast = -1;
  double w[M], t, s, u = 0.0, r;
  long long sum = 0;
  // doall: parallel private(j)
  #pragma omp parallel for private(j) lastprivate(t)
  for (i = 0; i < N; i++) {
    b[i] = (double)((i * 7) % 10) * 0.125;
    if (i >= (N * 3) / 5) b[i] = 0.0;
    // doall: either
    #pragma omp simd
    for (j = 0; j < M; j++)
      a[i][j] = (double)((i + j * 5) % 9 - 4);

  /* A scalar temporary. */
  // doall: parallel private(t)

    t = b[i] * 2.0 + 1.0;
    c[i] = t * t - t;
  }
  /* A temporary summed over an inner loop, then used. */
  // doall: parallel private(j, s)
  #pragma omp parallel for private(j, s)
  for (i = 0; i < N; i++) {
    s = 0.0;
    // doall: either reduction(+:s)
    for (j = 0; j < M; j++)
      s += a[i][j];
    d[i] = s * 0.5;
  }
  /* A work array filled, then read, in every iteration. */
  // doall: parallel private(j, w, s)
  #pragma omp parallel for private(j, s, w) lastprivate(t)
  for (i = 0; i < N; i++) {
    // doall: either
    #pragma omp simd
    for (j = 0; j < M; j++)
      w[j] = a[i][j] * b[i] + j;
    s = 0.0;
    // doall: either reduction(+:s)
    for (j = 0; j < M; j++)
      s += w[j] * w[M - 1 - j];
    e[i] = s;

  /* t is needed after the loop: its value from the last iteration. */
  // doall: parallel lastprivate(t)

    t = i * 0.5;
    f[i] = t + b[i];
  }
  /* jlast is set only in some iterations and read after the loop; its
     values do not grow with i, so not even a max reduction could do. */
  // doall: serial -- jlast is defined only when b[i] > 0.8 and is live after the loop
  for (i = 0; i < N; i++)
    if (b[i] > 0.8) jlast = (i * 7) % 1000;
  /* u is set only when b[i] > 0.5: other iterations reuse an old value. */
  // doall: serial -- u flows from the iteration that last set it
  for (i = 0; i < N; i++) {
    if (b[i] > 0.5) u = b[i];
    g[i] = u;
  }
  /* r is set on both branches before its use: private again. */
  // doall: parallel private(r)
  #pragma omp parallel for simd private(r)
  for (i = 0; i < N; i++) {
    if (b[i] > 0.5)
      r = b[i];
    else
      r = -b[i];
    g[i] += r * 2.0;
  }
  // doall: parallel reduction(+:sum)
  #pragma omp parallel for reduction(+:sum)
  for (i = 0; i < N; i++)
    sum += llround(c[i] * 64.0) + llround(d[i] * 2.0) * 3 + llround(e[i] * 64.0) * 5 + llround(f[i] * 8.0) + llround(g[i] * 8.0) * (i % 11);
  printf("checksum %lld\nafter %.3f %d %.3f\n", sum, t, jlast, u);
  return 0;
}
