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
  for (int i = 1; i < n; i++) {
    x[i] = z[i] * 0.5 + 1.0;
    y[i] = x[i - 1] + z[i];
  }
}

int main(void) {
  int n = N;
  // doall: parallel
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
    for (int i = 1; i < n; i++) {
      a[i] = b[i] * 0.5 + c[i] + k;
      d[i] = a[i - 1] + c[i];
      e[i] = e[i] + d[i] * 0.25;
    }
    // doall: serial -- as written, f[0] changes in the first iteration; doall peels it
    for (int i = 0; i < n; i++) {
      f[i] = f[0] * 0.5 + e[i];
    }
    // doall: serial -- as written, c[n - 1] changes in the last iteration; doall peels it
    for (int i = 0; i < n; i++) {
      c[i] = c[n - 1] * 0.25 + b[i] - k;
    }
  }
  smooth(n, e, d, b);
  // doall: serial -- d[i] reads a[i - 1], which the statement after it writes one iteration before
  for (int i = 1; i < n; i++) {
    d[i] = a[i - 1] * 0.5;
    a[i] = d[i] + b[i];
  }
  // doall: serial -- as written, g[i] reads a[i - 2] from two iterations before; doall runs it aligned by two
  for (int i = 2; i < n; i++) {
    a[i] = b[i] * 0.25 + c[i];
    g[i] = a[i - 2] + b[i];
  }
  // doall: serial -- e[i] reads a[i - 2], written two iterations before, and a[i] reads e[i] before it changes
  for (int i = 2; i < n; i++) {
    a[i] = b[i] + e[i];
    e[i] = a[i - 2] * 0.5;
  }
  // doall: parallel
  for (int j = 0; j < 201; j++)
    // doall: either
    for (int i = 0; i < 300; i++)
      r[j][i] = (double)((i + 3 * j) % 11);
  // doall: serial -- as written, t[j][i] reads q[j - 1][i] from the iteration before; doall runs it aligned
  for (int j = 1; j < 201; j++) {
    // doall: either
    for (int i = 0; i < 300; i++)
      q[j][i] = r[j][i] * 0.5 + 1.0;
    // doall: either
    for (int i = 0; i < 300; i++) {
      if (r[j][i] > 4.0)
        t[j][i] = q[j - 1][i] * 2.0;
      else
        t[j][i] = q[j - 1][i] - r[j][i];
    }
  }
  double s = 0.0;
  // doall: parallel reduction(+:s)
  for (int j = 1; j < 201; j++)
    // doall: either reduction(+:s)
    for (int i = 0; i < 300; i++)
      s += t[j][i];
  printf("nest %.4f\n", s);
  s = 0.0;
  // doall: parallel reduction(+:s)
  for (int i = 0; i < n; i++)
    s += a[i] + c[i] + d[i] + e[i] + f[i] + g[i];
  printf("sum %.4f\n", s);
  printf("a c d e f %.4f %.4f %.4f %.4f %.4f\n", a[7], c[n - 1], d[11], e[n - 1], f[n / 2]);
  return 0;
}
