#include <stdio.h>
#include <stdlib.h>
#include "kernel.h"

double u[N][M + 1];
static double a[N * N];

/* 2-D stencil through a macro: counted loops over a flattened array. */
void smooth(int n)
{
  int i, j;
  for (j = 1; j < n - 1; j++)
    for (i = 1; i < n - 1; i++)
      IDX(i, j) = 0.25 * (IDX(i - 1, j) + IDX(i + 1, j) + IDX(i, j - 1) + IDX(i, j + 1));
}

/* A pointer-to-array parameter and a C99 VLA parameter. */
void copy(int n, int m, double (*dst)[M + 1], double src[n][m])
{
  for (int i = n - 1; i >= 0; i--) {
    for (int j = 0; j <= m - 1; j += 2) {
      dst[i][j] = src[i][j];
    }
  }
}

/* Loops that are not counted, each for its own reason. */
int search(double *x, int n, double key)
{
  int i = 0, lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (x[mid] < key) lo = mid + 1; else hi = mid - 1;
  }
  for (i = 0; i < n; i++) {
    if (x[i] == key) break;
    if (x[i] < 0) i += 2;
  }
  do { n--; } while (n > 0 && x[n] > key);
  return i;
}

double norm(dcomplex *z, int n)
{
  double s = 0.0;
  int k;
#pragma omp parallel for reduction(+:s)
  for (k = 0; k < n; k++)
    s += sqrt(z[k].re * z[k].re + z[k].im * z[k].im);
  printf("norm = %f\n", s);
  if (s < 0) exit(1);
  return s;
}
