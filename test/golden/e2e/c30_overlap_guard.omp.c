/* Pointers that may overlap: the same functions are called with separate
 * arrays and with overlapping ones (y = x + 1 makes axpy a recurrence,
 * in-place blur reads what it wrote), so their loops are parallel only
 * under a run-time check that the parts of the arrays the loop touches do
 * not overlap; when they do, the loop runs serially and prints what the
 * serial program prints. */
#include <stdio.h>

#define N 100000

static double a[N + 8], b[N + 8];

static void axpy(int n, double s, const double *x, double *y) {
  // doall: runtime if(x + n <= y || y + n <= x) -- called with y = x + 1: y[i] reads the y[i-1] just written
  if ((const char *)(&x[n - 1] + 1) <= (const char *)&y[0] || (const char *)(&y[n - 1] + 1) <= (const char *)&x[0]) {
  #pragma omp parallel for if(((const char *)(&x[n - 1] + 1) <= (const char *)&y[0] || (const char *)(&y[n - 1] + 1) <= (const char *)&x[0]) && (n >= 200))
  for (int i = 0; i < n; i++)
    y[i] = y[i] * 0.5 + s * x[i];
  } else {
  for (int i = 0; i < n; i++)
    y[i] = y[i] * 0.5 + s * x[i];
  }
}

static void blur(int n, const double *in, double *out) {
  // doall: runtime if(in + n + 1 <= out || out + n + 1 <= in) -- called in place: out[i] feeds in[i+1]
  if ((const char *)(&in[n - 1] + 1) <= (const char *)&out[1] || (const char *)(&out[n - 2] + 1) <= (const char *)&in[0]) {
  #pragma omp parallel for if(((const char *)(&in[n - 1] + 1) <= (const char *)&out[1] || (const char *)(&out[n - 2] + 1) <= (const char *)&in[0]) && (n >= 202))
  for (int i = 1; i < n - 1; i++)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0;
  } else {
  for (int i = 1; i < n - 1; i++)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0;
  }
}

static long long sum(const double *v, int n) {
  long long s = 0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s) if(n >= 200)
  for (int i = 0; i < n; i++)
    s += (long long)(v[i] * 64.0) % 1000003;
  return s;
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < N + 8; i++) {
    a[i] = (double)(i % 9);
    b[i] = (double)(i % 4);
  }
  axpy(N, 0.25, a, b);          /* separate */
  printf("separate %lld\n", sum(b, N));
  axpy(N, 0.25, a, a + 1);      /* overlapping: a recurrence */
  printf("overlap %lld\n", sum(a, N));
  blur(N, a, b);                /* separate */
  printf("blur %lld\n", sum(b, N));
  blur(N, b, b);                /* in place */
  printf("in place %lld\n", sum(b, N));
  return 0;
}
