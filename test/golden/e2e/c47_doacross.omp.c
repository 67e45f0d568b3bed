/* Pipelined (doacross) loops, issue 20 sec. 4: each iteration does a lot
 * of work of its own, then adds its result to a running sum that the next
 * iteration reads. doall writes ordered(1) with depend(sink) before the
 * sum and depend(source) after it, and the iterations overlap. A loop
 * whose recurrence runs through its work stays serial, and so does one
 * where a continue would skip the ordered lines (the next iteration would
 * wait for ever). */
#include <stdio.h>

#define N 200
#define M 50000

static double x[N], s[N], w[M], r[N], q[N];

#ifdef _OPENMP
#include <omp.h>
#endif
int main(void) {
  // doall: parallel
  #pragma omp parallel for simd
  for (int k = 0; k < M; k++)
    w[k] = (double)(k % 13) / 7.0;
  s[0] = 0.0;
  // doall: serial -- s[i] reads s[i - 1]: doall pipelines it
  #pragma omp parallel for ordered(1) schedule(static, 1) if(omp_get_max_threads() <= omp_get_num_procs())
  for (int i = 1; i < N; i++) {
    double t = 0.0;
    // doall: either reduction(+:t)
    for (int k = 0; k < M; k++)
      t += (double)((i * k) % 17) * w[k];
    x[i] = t;
    #pragma omp ordered depend(sink: i - 1)
    s[i] = s[i - 1] + x[i];
    #pragma omp ordered depend(source)
    x[i] = x[i] * 0.5;
  }
  r[0] = 1.0;
  // doall: serial -- the work itself reads r[i - 1]: nothing to overlap
  for (int i = 1; i < N; i++) {
    r[i] = 0.0;
    // doall: serial -- r[i] accumulates over k
    for (int k = 0; k < M; k++)
      r[i] += r[i - 1] * w[k] * 1.0e-4;
  }
  // doall: serial -- q[i] reads q[i - 1], and the continue of i = 7 would skip the ordered lines
  for (int i = 1; i < N; i++) {
    double t = 0.0;
    // doall: either reduction(+:t)
    for (int k = 0; k < M; k++)
      t += (double)((i * k) % 19) * w[k];
    if (i == 7) continue;
    q[i] = q[i - 1] + t;
  }
  printf("q %.6f\n", q[N - 1]);
  printf("sum %.6f\n", s[N - 1]);
  printf("x, r %.6f %.6f\n", x[N - 1], r[N - 1]);
  return 0;
}
