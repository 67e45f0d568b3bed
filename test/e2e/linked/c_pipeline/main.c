/* A plane-by-plane lower sweep, as NPB-C LU's ssor does it: for each
 * plane k, coef (coef.c) fills the coefficients a and b of the plane from
 * u, in globals, over rows jst..jend-1; then lower (lower.c) solves the
 * plane through pointers to its planes k and k - 1 that it makes from its
 * argument. Only lower's reading of plane k - 1 is carried from one plane
 * to the next: doall runs the k loop pipelined (ordered), coef's work of
 * plane k overlapping lower's of plane k - 1, with a and b threadprivate
 * in every file that declares them, while trace is off. The relaxation
 * steps stop early once the field settles (a break), as ssor's do.
 * n comes from pipe.data, or is 120 (the tests give no file). */
#include <stdio.h>
#include "grid.h"

int n, jst, jend, trace;
double v[NK][LD][LD], u[NK][LD][LD];
double a[LD][LD], b[LD][LD];

void tick(int k) {
  printf("plane %d\n", k);
}

static void relax(void) {
  int it, k;
  // doall: serial -- the relaxation steps: each reads the last
  for (it = 0; it < 3; it++) {
    // doall: serial -- lower reads plane k - 1: doall pipelines it
    for (k = 1; k < NK; k++) {
      if (trace) tick(k);
      coef(k);
      lower(k, v, a, b, n);
      if (trace) tick(-k);
    }
    if (v[1][1][1] > 1.0e30) break;
  }
}

int main(void) {
  FILE *fp;
  int i, j, k, result = 0, nn = 120;
  long long s;
  if ((fp = fopen("pipe.data", "r")) != NULL) {
    result = fscanf(fp, "%d", &nn);
    fclose(fp);
  }
  if (result < 0 || nn > LD - 1 || nn < 2) return 1;
  n = nn;
  jst = 1;
  jend = n;
  trace = 0;
  // doall: parallel
  for (k = 0; k < NK; k++)
    // doall: either
    for (j = 0; j < LD; j++)
      // doall: either
      for (i = 0; i < LD; i++) {
        u[k][j][i] = (double)((3 * i + 5 * j + 7 * k) % 23) / 23.0;
        v[k][j][i] = (double)((i + 2 * j + 3 * k) % 11) / 11.0;
      }
  relax();
  s = 0;
  // doall: parallel reduction(+:s)
  for (k = 0; k < NK; k++)
    // doall: either
    for (j = 0; j < LD; j++)
      // doall: either
      for (i = 0; i < LD; i++)
        s += (long long)(v[k][j][i] * 1.0e4 + 0.5) * (i + j + k);
  printf(" checksum %lld\n", s);
  return 0;
}
