/* void pointer parameters cast to pointers to arrays (the NPB MG style):
 * the accesses through u, v, r are accesses to the arrays the callers
 * pass. kern is a static function called with different global arrays at
 * every call, so its views never overlap; resid is called with v and r the
 * same array (and then with all three different), so v[k][j][i] and
 * r[k][j][i] are one element, read then written in the same iteration. */
#include <stdio.h>

#define NX 40
#define NY 40
#define NZ 40
#define SZ (NX * NY * NZ)

static double gu[SZ], gv[SZ], gr[SZ];

static void kern(void *ou, void *ov, int n1, int n2, int n3) {
  double (*u)[n2][n1] = (double (*)[n2][n1])ou;
  double (*v)[n2][n1] = (double (*)[n2][n1])ov;
  // doall: parallel
  #pragma omp parallel for if(n3 >= 6)
  for (int k = 1; k < n3 - 1; k++)
    // doall: either
    for (int j = 1; j < n2 - 1; j++)
      // doall: either
      #pragma omp simd
      for (int i = 1; i < n1 - 1; i++)
        u[k][j][i] = v[k][j][i] + 0.5 * (v[k - 1][j][i] + v[k + 1][j][i]) - 0.25 * v[k][j - 1][i + 1];
}

static void resid(void *ou, void *ov, void *or, int n1, int n2, int n3) {
  double (*u)[n2][n1] = (double (*)[n2][n1])ou;
  double (*v)[n2][n1] = (double (*)[n2][n1])ov;
  double (*r)[n2][n1] = (double (*)[n2][n1])or;
  // doall: parallel
  #pragma omp parallel for if(n3 >= 6)
  for (int k = 1; k < n3 - 1; k++)
    // doall: either
    for (int j = 1; j < n2 - 1; j++)
      // doall: either
      #pragma omp simd
      for (int i = 1; i < n1 - 1; i++)
        r[k][j][i] = v[k][j][i] - 2.0 * u[k][j][i] + u[k][j][i - 1] + u[k][j][i + 1];
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < SZ; i++) {
    gu[i] = (double)(i % 7);
    gv[i] = (double)(i % 5);
    gr[i] = 0.0;
  }
  kern(gu, gv, NX, NY, NZ);
  kern(gr, gu, NX, NY, NZ);
  resid(gu, gv, gr, NX, NY, NZ);
  resid(gv, gr, gr, NX, NY, NZ);
  double s = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < SZ; i++)
    s += gr[i] * (i % 3) + gu[i];
  printf("%.6f\n", s);
  return 0;
}
