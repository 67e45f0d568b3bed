/* Loop alignment and peeling (issue 20 sec. 2, seed 004 sec. 3): loops
 * that carry a dependence as written, rewritten so that they carry none.
 * Aligned: a statement reads what an earlier one wrote an iteration (or
 * two) before, so it runs that much later. Peeled: every iteration reads
 * an element the first (or last) iteration writes, so that iteration runs
 * alone. Not when the reader comes first, nor when the shifted statement
 * writes what the other reads in its own iteration. A nest: the outer
 * loop aligned, its inner loops under guards. */
#include <stdio.h>

#define N 90000

static double a[N + 1], b[N], c[N], d[N], e[N], f[N], g[N];
static double q[201][300], r[201][300], t[201][300];

static void smooth(int n, double *restrict x, double *restrict y, const double *restrict z) {
  /* x[i] written, y[i] reads x[i - 1]: aligned. */
  // doall: serial -- as written, y[i] reads x[i - 1] from the iteration before; doall runs it aligned
  #pragma omp parallel for simd if(n >= 101)
  for (int i = 0; i < n; i++) {
    if (i >= 1) x[i] = z[i] * 0.5 + 1.0;
    if ((i + 1) < n) y[i + 1] = x[i] + z[i + 1];
  }
}

int main(void) {
  int n = N;
  // doall: parallel
  #pragma omp parallel for simd if(n >= 40)
  for (int i = 0; i < n; i++) {
    b[i] = (double)(i % 13);
    c[i] = (double)(i % 7) * 0.5;
    e[i] = 0.0;
    f[i] = (double)(i % 5);
    g[i] = 0.0;
  }
  a[0] = 1.0;
  // doall: serial -- each pass reads what the one before wrote
  for (int k = 1; k <= 3; k++) {
    // doall: serial -- as written, a recurrence on a; doall runs it aligned
    #pragma omp parallel for simd if(n >= 68)
    for (int i = 0; i < n; i++) {
      if (i >= 1) a[i] = b[i] * 0.5 + c[i] + k;
      if ((i + 1) < n) d[i + 1] = a[i] + c[i + 1];
      if ((i + 1) < n) e[i + 1] = e[i + 1] + d[i + 1] * 0.25;
    }
    // doall: serial -- as written, f[0] changes in the first iteration; doall peels it
    for (int i = 0; i < n; i++) {
      f[i] = f[0] * 0.5 + e[i];
      break;
    }
    #pragma omp parallel for simd if(n >= 200)
    for (int i = 1; i < n; i++) {
      f[i] = f[0] * 0.5 + e[i];
    }
    // doall: serial -- as written, c[n - 1] changes in the last iteration; doall peels it
    #pragma omp parallel for simd if(n >= 200)
    for (int i = 0; i < n - 1; i++) {
      c[i] = c[n - 1] * 0.25 + b[i] - k;
    }
    for (int i = n - 1; i >= 0; i--) {
      c[i] = c[n - 1] * 0.25 + b[i] - k;
      break;
    }
  }
  smooth(n, e, d, b);
  // doall: serial -- d[i] reads a[i - 1], which the statement after it writes one iteration before
  for (int i = 1; i < n; i++) {
    d[i] = a[i - 1] * 0.5;
    a[i] = d[i] + b[i];
  }
  // doall: serial -- as written, g[i] reads a[i - 2] from two iterations before; doall runs it aligned by two
  #pragma omp parallel for simd if(n >= 102)
  for (int i = 0; i < n; i++) {
    if (i >= 2) a[i] = b[i] * 0.25 + c[i];
    if ((i + 2) < n) g[i + 2] = a[i] + b[i + 2];
  }
  // doall: serial -- e[i] reads a[i - 2], written two iterations before, and a[i] reads e[i] before it changes
  for (int i = 2; i < n; i++) {
    a[i] = b[i] + e[i];
    e[i] = a[i - 2] * 0.5;
  }
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < 201; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < 300; i++)
      r[j][i] = (double)((i + 3 * j) % 11);
  // doall: serial -- as written, t[j][i] reads q[j - 1][i] from the iteration before; doall runs it aligned
  #pragma omp parallel for
  for (int j = 0; j < 201; j++) {
    // doall: either
    if (j >= 1) {
    #pragma omp simd
    for (int i = 0; i < 300; i++)
      q[j][i] = r[j][i] * 0.5 + 1.0;
    }
    // doall: either
    if ((j + 1) < 201) {
    #pragma omp simd
    for (int i = 0; i < 300; i++) {
      if (r[j + 1][i] > 4.0)
        t[j + 1][i] = q[j][i] * 2.0;
      else
        t[j + 1][i] = q[j][i] - r[j + 1][i];
    }
    }
  }
  double s = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int j = 1; j < 201; j++)
    // doall: either reduction(+:s)
    for (int i = 0; i < 300; i++)
      s += t[j][i];
  printf("nest %.4f\n", s);
  s = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s) if(n >= 200)
  for (int i = 0; i < n; i++)
    s += a[i] + c[i] + d[i] + e[i] + f[i] + g[i];
  printf("sum %.4f\n", s);
  printf("a c d e f %.4f %.4f %.4f %.4f %.4f\n", a[7], c[n - 1], d[11], e[n - 1], f[n / 2]);
  return 0;
}
