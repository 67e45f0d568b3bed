/* Static functions handed global arrays as pointer parameters, the NPB CG
 * way: spmv(rowstr, colidx, a, p, q) is called only with distinct globals,
 * so its row loop writes q[] while reading a[] and p[] in parallel (the
 * parameters cannot overlap: every call binds them to different arrays).
 * shift(dst, src) is also called with the same array for both (shift(v, v)),
 * so its loop must stay serial. */
#include <stdio.h>

#define NR 3000
#define PER 7
#define NZ (NR * PER)

static int rowstr[NR + 1], colidx[NZ];
static double a[NZ], p[NR], q[NR], v[NR], w[NR];

static void spmv(int *rows, int *cols, double *vals, double *x, double *y, int n) {
  int j, k;
  double sum;
  // doall: parallel private(k, sum)
  #pragma omp parallel for private(k, sum) if(n >= 4)
  for (j = 0; j < n; j++) {
    sum = 0.0;
    // doall: either reduction(+:sum)
    for (k = rows[j]; k < rows[j + 1]; k++)
      sum = sum + vals[k] * x[cols[k]];
    y[j] = sum;
  }
}

static void shift(double *dst, double *src, int n) {
  int i;
  // doall: runtime if(src + n <= dst || dst + n <= src) -- shift(v, v) makes dst[i] the src[i+1] of the previous iteration
  if ((const char *)(&src[n - 2] + 1) <= (const char *)&dst[1] || (const char *)(&dst[n - 1] + 1) <= (const char *)&src[0]) {
  #pragma omp parallel for if(((const char *)(&src[n - 2] + 1) <= (const char *)&dst[1] || (const char *)(&dst[n - 1] + 1) <= (const char *)&src[0]) && (n >= 201))
  for (i = 0; i < n - 1; i++)
    dst[i + 1] = src[i] * 0.5 + 1.0;
  } else {
  for (i = 0; i < n - 1; i++)
    dst[i + 1] = src[i] * 0.5 + 1.0;
  }
}

int main(void) {
  int i, k, it;
  double s;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i <= NR; i++)
    rowstr[i] = i * PER;
  // doall: parallel
  #pragma omp parallel for simd
  for (k = 0; k < NZ; k++) {
    colidx[k] = (k * 37 + k / PER) % NR;
    a[k] = (k % 11) * 0.25 - 1.0;
  }
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < NR; i++) {
    p[i] = (i % 13) * 0.5;
    v[i] = i % 5;
    w[i] = 0.0;
  }
  // doall: serial -- p feeds the next product
  for (it = 0; it < 20; it++) {
    spmv(rowstr, colidx, a, p, q, NR);
    // doall: parallel
    #pragma omp parallel for simd
    for (i = 0; i < NR; i++)
      p[i] = q[i] * 0.125;
  }
  shift(w, v, NR);
  shift(v, v, NR);
  s = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < NR; i++)
    s = s + p[i] * (i % 3) + v[i] + w[i];
  printf("checksum %.6f\n", s);
  return 0;
}
