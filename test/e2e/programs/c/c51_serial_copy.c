/* Loops whose if() clause pays only with a serial copy (issue 17): vector
 * routines called thousands of times from a serial loop, on lengths that
 * change from call to call. A false if() clause would still enter the
 * OpenMP runtime on each call, so each loop gets its clause together with
 * an `if` on the same condition around the directive and the loop as
 * written in the else branch. One routine has no restrict: its copy also
 * runs when the two arrays overlap, as they do in every other call. */
#include <stdio.h>

#define NMAX 60000

static double a[NMAX + 1], b[NMAX];

static void axpy(double *restrict x, const double *restrict y, double c, int n) {
  // doall: parallel
  for (int i = 0; i < n; i++)
    x[i] += c * y[i];
}

static void blend(double *x, const double *y, int n) {
  // doall: runtime if(x + n <= y || y + n <= x) -- x and y overlap in every other call
  for (int i = 0; i < n; i++)
    x[i] = 0.5 * (x[i] + y[i]);
}

int main(void) {
  // doall: parallel
  for (int i = 0; i < NMAX; i++) {
    a[i] = 0.0;
    b[i] = (double)(i % 17);
  }
  a[NMAX] = 1.0;
  // doall: serial -- each call reads what the one before wrote
  for (int k = 1; k <= 1500; k++) {
    int m = (k * 7919) % NMAX + 1;
    axpy(a, b, 0.5, m);
    if (k % 2)
      blend(a, b, m);
    else
      blend(a, a + 1, m);
  }
  double s = 0.0;
  // doall: parallel reduction(+:s)
  for (int i = 0; i < NMAX; i++)
    s += a[i];
  printf("%.8e\n", s);
  return 0;
}
