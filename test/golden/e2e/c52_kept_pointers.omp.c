/* A local whose address is only handed to a function that updates it
 * through the pointer and keeps no copy of it (NPB's randlc(&x, a) on a
 * seed): once the call returns no pointer reaches it, so a later loop
 * that writes through a pointer into the array cannot change it, and the
 * loop that uses it needs no last value from it. A local whose address a
 * function keeps stays in reach of such writes. */
#include <stdio.h>

#define LDA 200
#define NROW 300

static double a[NROW][LDA], b[NROW][LDA];
static double *kept;

static void bump(double *x, double v) {
  *x = *x * 0.5 + v;
}

static void remember(double *x) {
  kept = x;
}

/* y's address is kept: writes through kept reach it. */
static double settle(void) {
  double y = 1.0;
  remember(&y);
  // doall: serial -- kept points to y: the loop writes y through it in every iteration and reads it back
  for (int j = 1; j < NROW; j++)
    *kept = *kept * 0.5 + a[j][0] - a[j - 1][0] * 0.25 + y * 0.125;
  kept = 0;
  return y;
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < NROW; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < LDA; i++)
      b[j][i] = (double)((i + j) % 7);
  double x;
  double *row = &a[0][0];
  // doall: parallel private(x)
  #pragma omp parallel for private(x)
  for (int j = 0; j < NROW; j++) {
    // doall: either private(x)
    for (int k = 0; k < 3; k++) {
      x = b[j][k];
      bump(&x, 1.0);
      a[j][k] += x;
    }
  }
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < LDA * NROW; i++)
    row[i] = row[i] * 2.0 + 1.0;
  double y = settle();
  printf("%.6f %.6f %.6f\n", a[3][2], a[NROW - 1][LDA - 1], y);
  return 0;
}
