/* Pointer aliasing: the same function is called with overlapping and with
 * separate arrays, so its loop is parallel only under a run-time check that
 * the pointers do not overlap (without restrict nothing says they differ,
 * and here they really overlap once); a restrict version
 * called with separate arrays is parallel; a pointer walked through an
 * array inside the loop. */
#include <stdio.h>

#define N 100000

static double buf[N + 8], other[N + 8];

/* y[i] = x[i] + y[i] / 2: called with x == y - 1 below, a recurrence. */
static void accumulate(double *y, const double *x, int n) {
  // doall: runtime if(x + n <= y || y + n <= x) -- called with x = y - 1: y[i] reads y[i-1] through x
  if ((const char *)(&x[n - 1] + 1) <= (const char *)&y[0] || (const char *)(&y[n - 1] + 1) <= (const char *)&x[0]) {
  #pragma omp parallel for if(((const char *)(&x[n - 1] + 1) <= (const char *)&y[0] || (const char *)(&y[n - 1] + 1) <= (const char *)&x[0]) && (n >= 200))
  for (int i = 0; i < n; i++)
    y[i] = x[i] + y[i] * 0.5;
  } else {
  for (int i = 0; i < n; i++)
    y[i] = x[i] + y[i] * 0.5;
  }
}

static void smooth(double *restrict out, const double *restrict in, int n) {
  // doall: parallel
  #pragma omp parallel for simd if(n >= 202)
  for (int i = 1; i < n - 1; i++)
    out[i] = (in[i - 1] + 2.0 * in[i] + in[i + 1]) * 0.25;
}

static long long checksum(const double *v, int n) {
  long long s = 0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s) if(n >= 200)
  for (int i = 0; i < n; i++)
    s += (long long)(v[i] * 16.0) * (i % 7 + 1);
  return s;
}

int main(void) {
  int i;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N + 8; i++) {
    buf[i] = (double)(i % 13);
    other[i] = 0.0;
  }
  accumulate(other + 1, buf + 1, N);     /* separate arrays */
  accumulate(buf + 1, buf, N);           /* overlapping: a running sum */
  smooth(other, buf, N);
  double *q = other;
  // doall: serial -- q advances through the array: a pointer induction; each iteration also reads what the previous wrote
  for (i = 1; i < N; i++) {
    q++;
    *q = *q * 0.25 + q[-1] * 0.125;
  }
  printf("buf %lld\nother %lld\n", checksum(buf, N), checksum(other, N));
  return 0;
}
