/* Matrix kernels with variable-length array parameters double a[n][m]
 * and pointer-to-array parameters double (*c)[P]: a rectangular product,
 * A*A^T by dot products, an in-place transpose whose triangular nest
 * touches disjoint pairs, all with sizes known only at run time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define P 90

static void fill(int n, int m, double a[n][m], int seed) {
  // doall: parallel
  #pragma omp parallel for if(n >= 4)
  for (int i = 0; i < n; i++)
    // doall: either
    #pragma omp simd
    for (int j = 0; j < m; j++)
      a[i][j] = (double)((i * j + seed * i + j) % 11 - 5);
}

/* c = a * b with a n x m, b m x P, c n x P. */
static void product(int n, int m, double a[n][m], double (*b)[P], double (*c)[P]) {
  int i, j, k;
  double s;
  // doall: parallel private(j, k, s)
  if (((const char *)(&a[n - 1][m - 1] + 1) <= (const char *)&c[0][0] || (const char *)(&c[n - 1][89] + 1) <= (const char *)&a[0][0]) && ((const char *)(&b[m - 1][89] + 1) <= (const char *)&c[0][0] || (const char *)(&c[n - 1][89] + 1) <= (const char *)&b[0][0])) {
  #pragma omp parallel for private(j, k, s) if((((const char *)(&a[n - 1][m - 1] + 1) <= (const char *)&c[0][0] || (const char *)(&c[n - 1][89] + 1) <= (const char *)&a[0][0]) && ((const char *)(&b[m - 1][89] + 1) <= (const char *)&c[0][0] || (const char *)(&c[n - 1][89] + 1) <= (const char *)&b[0][0])) && (n >= 4))
  for (i = 0; i < n; i++)
    // doall: either private(k, s)
    for (j = 0; j < P; j++) {
      s = 0.0;
      // doall: either reduction(+:s)
      for (k = 0; k < m; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
  } else {
  for (i = 0; i < n; i++)
    // doall: either private(k, s)
    for (j = 0; j < P; j++) {
      s = 0.0;
      // doall: either reduction(+:s)
      for (k = 0; k < m; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
  }
}

static void aat(int n, int m, double a[n][m], double c[n][n]) {
  // doall: parallel
  if ((const char *)(&a[n - 1][m - 1] + 1) <= (const char *)&c[0][0] || (const char *)(&c[n - 1][n - 1] + 1) <= (const char *)&a[0][0]) {
  #pragma omp parallel for if(((const char *)(&a[n - 1][m - 1] + 1) <= (const char *)&c[0][0] || (const char *)(&c[n - 1][n - 1] + 1) <= (const char *)&a[0][0]) && (n >= 4))
  for (int i = 0; i < n; i++)
    // doall: either
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      // doall: either reduction(+:s)
      for (int k = 0; k < m; k++)
        s += a[i][k] * a[j][k];
      c[i][j] = s;
    }
  } else {
  for (int i = 0; i < n; i++)
    // doall: either
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      // doall: either reduction(+:s)
      for (int k = 0; k < m; k++)
        s += a[i][k] * a[j][k];
      c[i][j] = s;
    }
  }
}

/* Iteration i swaps row i right of the diagonal with column i below it. */
static void transpose(int n, double a[n][n]) {
  // doall: parallel
  #pragma omp parallel for schedule(static, 1) if(n >= 5)
  for (int i = 0; i < n - 1; i++)
    // doall: either
    #pragma omp simd
    for (int j = i + 1; j < n; j++) {
      double t = a[i][j];
      a[i][j] = a[j][i];
      a[j][i] = t;
    }
}

int main(void) {
  int n = atoi("110"), m = atoi("70");
  double (*a)[m] = malloc(sizeof(double[n][m]));
  double (*b)[P] = malloc(sizeof(double[m][P]));
  double (*c)[P] = malloc(sizeof(double[n][P]));
  double (*d)[n] = malloc(sizeof(double[n][n]));
  if (!a || !b || !c || !d) return 1;
  fill(n, m, a, 3);
  fill(m, P, b, 5);
  product(n, m, a, b, c);
  aat(n, m, a, d);
  transpose(n, d);
  long long s1 = 0, s2 = 0;
  // doall: parallel reduction(+:s1)
  #pragma omp parallel for reduction(+:s1) if(n >= 4)
  for (int i = 0; i < n; i++)
    // doall: either reduction(+:s1)
    for (int j = 0; j < P; j++)
      s1 += llround(c[i][j]) * ((i + 2 * j) % 9);
  // doall: parallel reduction(+:s2)
  #pragma omp parallel for reduction(+:s2) if(n >= 4)
  for (int i = 0; i < n; i++)
    // doall: either reduction(+:s2)
    for (int j = 0; j < n; j++)
      s2 += llround(d[i][j]) * ((3 * i + j) % 7);
  printf("product %lld\naat %lld\n", s1, s2);
  free(a);
  free(b);
  free(c);
  free(d);
  return 0;
}
