/* Calls that work on a row from an element of it: the callee takes a
 * plain pointer and a length the caller only knows at run time, and the
 * caller passes &a[j][0] or b[j] + 1. Each call stays in its row while
 * the length fits the row: then the loop over j is parallel, and doall
 * checks the fit at run time (if(...)). The same loop runs once more
 * with a length that runs past the end of each row into the next one,
 * which the previous iteration wrote: the check fails there and the loop
 * runs serially, in order. The last loop calls a function that clears
 * a local work array through (double *)tm, as NPB UA's laplacian does
 * with r_init: tm is that function's own, so the rows are apart. The
 * loop after it clears a work array of its own the same way in every
 * iteration before filling it: private to each iteration; and so is
 * one filled through a cast to a pointer to its rows,
 * (double (*)[LDA / 2])w2. */
#include <stdio.h>

#define LDA 200
#define NROW 300

static double a[NROW][LDA], b[NROW][LDA];

static void halve(int n, double *y) {
  // doall: either
  for (int i = 0; i < n; i++)
    y[i] = y[i] * 0.5 + i;
}

static void addto(int n, const double *x, double *y) {
  // doall: either
  for (int i = 0; i < n; i++)
    y[i] = y[i] * 0.75 + x[i];
}

static void clear(double *v, int n) {
  // doall: either
  for (int i = 0; i < n; i++)
    v[i] = 0.0;
}

static void smooth(double r[LDA], const double u[LDA]) {
  double tm[2][LDA / 2];
  clear((double *)tm, LDA);
  // doall: either
  for (int k = 0; k < 2; k++)
    // doall: either
    for (int i = 1; i < LDA / 2; i++)
      tm[k][i] += 0.5 * (u[k * (LDA / 2) + i] + u[k * (LDA / 2) + i - 1]);
  // doall: either
  for (int k = 0; k < 2; k++)
    // doall: either
    for (int i = 0; i < LDA / 2; i++)
      r[k * (LDA / 2) + i] = 0.25 * r[k * (LDA / 2) + i] + tm[k][i];
}

static void fill2(double t[][LDA / 2], double v) {
  // doall: either
  for (int k = 0; k < 2; k++)
    // doall: either
    for (int i = 0; i < LDA / 2; i++)
      t[k][i] = v + k;
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < NROW; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < LDA; i++) {
      a[j][i] = (double)((i + 3 * j) % 17);
      b[j][i] = (double)((2 * i + j) % 13);
    }
  /* Lengths known only when the program runs. */
  int m = (int)a[0][2] + LDA - 10;
  int mbig = m + 17;
  // doall: runtime if(m <= 200) -- halve works on a[j][0..m-1]: in row j while m <= LDA
  #pragma omp parallel for if((int)a[0][2] <= 10)
  for (int j = 0; j < NROW; j++)
    halve(m, &a[j][0]);
  // doall: runtime if(m <= 200) -- b[j][1..m] only read: a[j][0..m-1] must fit
  #pragma omp parallel for if(m <= 200)
  for (int j = 0; j < NROW; j++)
    addto(m, b[j] + 1, a[j]);
  // doall: runtime if(mbig <= 200) -- mbig > LDA: each call also updates the start of row j + 1
  #pragma omp parallel for if(m <= 183)
  for (int j = 0; j < NROW - 1; j++)
    halve(mbig, a[j]);
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < NROW; j++)
    smooth(a[j], b[j]);
  double w[2][LDA / 2];
  // doall: parallel private(w)
  #pragma omp parallel for private(w)
  for (int j = 0; j < NROW; j++) {
    clear((double *)w, LDA);
    // doall: either
    #pragma omp simd
    for (int i = 0; i < LDA / 2; i += 2)
      w[j % 2][i] = b[j][i] + 1.0;
    // doall: either
    #pragma omp simd
    for (int i = 0; i < LDA; i++)
      a[j][i] += w[i % 2][i / 2];
  }
  double w2[2][LDA / 2];
  // doall: parallel private(w2)
  #pragma omp parallel for private(w2)
  for (int j = 0; j < NROW; j++) {
    fill2((double (*)[LDA / 2])w2, b[j][1]);
    // doall: either
    #pragma omp simd
    for (int i = 0; i < LDA; i++)
      a[j][i] += w2[i % 2][i / 2];
  }
  double s = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int j = 0; j < NROW; j++)
    // doall: either reduction(+:s)
    for (int i = 0; i < LDA; i++)
      s += a[j][i] * (double)((i + j) % 7 + 1);
  printf("sum %.6f\n", s);
  printf("tops %.6f %.6f %.6f\n", a[1][0], a[99][4], a[NROW - 1][16]);
  return 0;
}
