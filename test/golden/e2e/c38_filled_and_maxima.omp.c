/* A local work array filled by a call in every iteration, through an array
 * parameter (double t[5]: a pointer the function never moves), then read:
 * the call surely writes t[0..4], so t is private. Maxima and minima
 * written with the conditional operator are reductions. */
#include <stdio.h>

#define N 20000

static double u[N][5], v[N], a[N];

static void exact(double x, double t[5]) {
  // doall: either
  for (int k = 0; k < 5; k++) t[k] = x * (k + 1) + k * k;
}

int main(void) {
  double t[5], mx = -1.0e30, mn = 1.0e30;
  int i, m;
  // doall: parallel private(t, m)
  #pragma omp parallel for private(m, t)
  for (i = 0; i < N; i++) {
    exact((double)(i % 100), t);
    // doall: either
    #pragma omp simd
    for (m = 0; m < 5; m++) u[i][m] = t[m] * 2.0;
  }
  // doall: parallel private(t)
  #pragma omp parallel for private(t)
  for (i = 0; i < N; i++) {
    exact((double)((N - i) % 100), t);
    v[i] = t[0] + t[4];
  }
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) a[i] = (double)((i * 37) % 1001) - 500.0;
  // doall: parallel reduction(max:mx) reduction(min:mn)
  #pragma omp parallel for reduction(min:mn) reduction(max:mx)
  for (i = 0; i < N; i++) {
    mx = (a[i] > mx) ? a[i] : mx;
    mn = mn < a[i] ? mn : a[i];
  }
  double s = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < N; i++) s += u[i][0] + u[i][4] + v[i];
  printf("s %.4f\nmax %.1f min %.1f\n", s, mx, mn);
  return 0;
}
