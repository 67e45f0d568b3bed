/* 3-D seven-point Jacobi on heap arrays addressed through a macro, with
 * the size read from a string at run time (so it is symbolic). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define U(i, j, k) u[((size_t)(i) * (n + 2) + (j)) * (n + 2) + (k)]
#define V(i, j, k) v[((size_t)(i) * (n + 2) + (j)) * (n + 2) + (k)]

static void init(double *u, double *v, int n) {
  // doall: parallel
  for (int i = 0; i <= n + 1; i++)
    // doall: either
    for (int j = 0; j <= n + 1; j++)
      // doall: either
      for (int k = 0; k <= n + 1; k++) {
        U(i, j, k) = (double)((k + 3 * j + 7 * i) % 17);
        V(i, j, k) = U(i, j, k);
      }
}

static void sweep(const double *u, double *v, int n) {
  // doall: parallel
  for (int i = 1; i <= n; i++)
    // doall: either
    for (int j = 1; j <= n; j++)
      // doall: either
      for (int k = 1; k <= n; k++)
        V(i, j, k) = (U(i - 1, j, k) + U(i + 1, j, k) + U(i, j - 1, k) + U(i, j + 1, k) + U(i, j, k - 1) + U(i, j, k + 1) + 2.0 * U(i, j, k)) * 0.125;
}

static void copy(double *u, const double *v, int n) {
  // doall: parallel
  for (int i = 1; i <= n; i++)
    // doall: either
    for (int j = 1; j <= n; j++)
      // doall: either
      for (int k = 1; k <= n; k++)
        U(i, j, k) = V(i, j, k);
}

int main(void) {
  int n;
  if (sscanf("40", "%d", &n) != 1) return 1;
  size_t cells = (size_t)(n + 2) * (n + 2) * (n + 2);
  double *u = malloc(cells * sizeof *u), *v = malloc(cells * sizeof *v);
  if (!u || !v) return 1;
  init(u, v, n);
  // doall: serial -- each step reads the previous step's field
  for (int it = 0; it < 8; it++) {
    sweep(u, v, n);
    copy(u, v, n);
  }
  long long sum = 0, weighted = 0;
  // doall: parallel reduction(+:sum, weighted)
  #pragma omp parallel for reduction(+:sum, weighted) if(n >= 2)
  for (int i = 0; i <= n + 1; i++)
    // doall: either reduction(+:sum, weighted)
    for (int j = 0; j <= n + 1; j++)
      // doall: either reduction(+:sum, weighted)
      for (int k = 0; k <= n + 1; k++) {
        sum += llround(U(i, j, k) * 1e6);
        weighted += llround(U(i, j, k) * 1e3) * ((i + j + k) % 5);
      }
  printf("sum      %lld\nweighted %lld\ncenter   %.8f\n", sum, weighted, U(n / 2, n / 2, n / 2));
  free(u);
  free(v);
  return 0;
}
