/* restrict promises nothing about pointers based on the restrict one: a
 * pointer made from out (out + 1) reaches out's object, so the loop that
 * writes through it and reads through out is a recurrence, and only a
 * run-time check (which fails here) could let it run in parallel. The
 * loop over out and a separate restrict input is parallel. */
#include <stdio.h>

#define N 100000

static double a[N + 1], b[N + 1];

static void shift_scale(int n, double *restrict out, const double *restrict in) {
  double *next = out + 1;
  // doall: parallel
  #pragma omp parallel for simd if(n >= 200)
  for (int i = 0; i < n; i++)
    out[i] = 0.5 * in[i] + 1.0;
  // doall: runtime if(n <= 1) -- next[i] is out[i+1]: each iteration reads what the previous wrote
  if ((const char *)(&out[n - 1] + 1) <= (const char *)&next[0] || (const char *)(&next[n - 1] + 1) <= (const char *)&out[0]) {
  #pragma omp parallel for if(((const char *)(&out[n - 1] + 1) <= (const char *)&next[0] || (const char *)(&next[n - 1] + 1) <= (const char *)&out[0]) && (n >= 200))
  for (int i = 0; i < n; i++)
    next[i] = out[i] * 0.5 + in[i];
  } else {
  for (int i = 0; i < n; i++)
    next[i] = out[i] * 0.5 + in[i];
  }
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i <= N; i++) {
    a[i] = 0.0;
    b[i] = (double)(i % 7);
  }
  shift_scale(N, a, b);
  long long s = 0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i <= N; i++)
    s += (long long)(a[i] * 1024.0) % 100003;
  printf("%lld\n", s);
  return 0;
}
