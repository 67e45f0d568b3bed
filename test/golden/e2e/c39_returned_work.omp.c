/* A work array filled and used in every iteration of a loop: private when
 * nothing reads it after the loop, serial when the function returns one of
 * its elements (the value the last iteration left), and serial when a
 * global work array is read by the caller after the call. */
#include <stdio.h>

#define N 4000
#define M 16

static double a[N][M];
static double g[M];

/* Nothing reads w after the loop: w is private to each k. */
double spread(int n) {
  double w[M];
  double s = 0.0;
  int k, i;
  // doall: parallel private(i, w) reduction(+:s)
  #pragma omp parallel for private(i, w) reduction(+:s) if(n >= 7)
  for (k = 0; k < n; k++) {
    // doall: either
    #pragma omp simd
    for (i = 0; i < M; i++)
      w[i] = a[k][i] * 0.5 + (double)i;
    // doall: either reduction(+:s)
    for (i = 0; i < M; i++)
      s += w[i] * w[M - 1 - i];
  }
  return s;
}

/* The return reads w[3]: the last iteration's value is needed. */
double last_of(int n) {
  double w[M];
  double s = 0.0;
  int k, i;
  // doall: serial -- w[3] is returned after the loop: the last k's value
  for (k = 0; k < n; k++) {
    // doall: either
    for (i = 0; i < M; i++)
      w[i] = a[k][i] + (double)k;
    // doall: either reduction(+:s)
    for (i = 0; i < M; i++)
      s += w[i];
  }
  return w[3] + s;
}

/* g is global and main reads it after the call. */
void fill_global(int n) {
  int k, i;
  // doall: serial -- main prints g, the values of the last k
  for (k = 0; k < n; k++) {
    // doall: either
    for (i = 0; i < M; i++)
      g[i] = a[k][i] * (double)(k % 7);
  }
}

int main(void) {
  int k, i;
  // doall: parallel private(i)
  #pragma omp parallel for private(i)
  for (k = 0; k < N; k++)
    // doall: either
    #pragma omp simd
    for (i = 0; i < M; i++)
      a[k][i] = (double)((k * 31 + i * 7) % 23);
  double s1 = spread(N);
  double s2 = last_of(N);
  fill_global(N);
  printf("%.6f %.6f %.6f %.6f\n", s1, s2, g[2], g[M - 1]);
  return 0;
}
