/* doall-e2e: tolerance 1e-12 */
/* Norms returned through pointer parameters, as NPB-C MG's norm2u3 does
 * (`if (a > *rnmu) *rnmu = a;`): the callers pass the addresses of their
 * own scalars, one of them through a function that passes on whichever
 * grid it was given, so the out-parameter never overlaps the grid and
 * *rnmu is a max reduction over rnmu[0:1]. In scan_into, a caller passes
 * an element of the scanned array itself as the out-parameter: serial. */
#include <math.h>
#include <stdio.h>

#define N 6000

static double u[N], v[N];

static void norms(const double *g, int n, double *rnm2, double *rnmu) {
  double s = 0.0, a;
  int i;
  *rnmu = 0.0;
  // doall: parallel private(a) reduction(+:s) reduction(max:rnmu[0:1])
  #pragma omp parallel for private(a) reduction(+:s) reduction(max:rnmu[0:1]) if(n >= 50)
  for (i = 0; i < n; i++) {
    s += g[i] * g[i];
    a = fabs(g[i]);
    if (a > *rnmu) *rnmu = a;
  }
  *rnm2 = sqrt(s / n);
}

static void report(const double *g, int n, const char *title) {
  double r2, ru;
  norms(g, n, &r2, &ru);
  printf("%s %.6f %.6f\n", title, r2, ru);
}

static void scan_into(double *g, int n, double *best) {
  int i;
  // doall: serial -- best is g[n - 1], which the loop reads
  for (i = 0; i < n; i++)
    if (g[i] > *best) *best = g[i];
}

int main(void) {
  int i;
  double r2, ru;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) {
    u[i] = ((i * 37) % 101) / 10.0 - 4.0;
    v[i] = ((i * 53) % 89) / 7.0 - 6.0;
  }
  norms(u, N, &r2, &ru);
  printf("u %.6f %.6f\n", r2, ru);
  report(u, N, "u again");
  report(v, N, "v");
  v[N - 1] = -100.0;
  scan_into(v, N, &v[N - 1]);
  printf("best %.6f\n", v[N - 1]);
  return 0;
}
