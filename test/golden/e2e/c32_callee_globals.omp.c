/* Loops whose bounds read globals while their bodies call functions: the
 * callees' summaries say whether a call may change the bound. weight()
 * only reads globals, so the loops around it are counted and parallel;
 * note() changes the global bound, so the loop that calls it is not a
 * counted loop at all; a global scalar that no callee writes is no value
 * flowing between iterations. */
#include <stdio.h>

#define MAXN 200000

int nsize[2] = {MAXN, 300};
double scale = 0.5;
double coef[4] = {1.0, 0.5, 0.25, 0.125};
static double u[MAXN], w[300][300];
int grown = 0;

double weight(int i) {
  return coef[i % 4] * (double)(i % 13);
}

void note(int i) {
  if (i == 100 && grown == 0) {
    grown = 1;
    nsize[1] = nsize[1] - 50;
  }
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for if(nsize[0] >= 100)
  for (int i = 0; i <= nsize[0] - 1; i++)
    u[i] = scale * weight(i);
  // doall: parallel
  #pragma omp parallel for if(nsize[1] >= 4)
  for (int i = 0; i < nsize[1]; i++)
    // doall: either
    for (int j = 0; j < nsize[1]; j++)
      w[i][j] = weight(i + j) - scale * weight(j);
  double s = 0.0;
  // doall: serial -- note() lowers the bound nsize[1] while the loop runs
  for (int i = 0; i < nsize[1]; i++) {
    s += w[i][i];
    note(i);
  }
  double t = 0.0;
  // doall: parallel reduction(+:t)
  #pragma omp parallel for reduction(+:t)
  for (int i = 0; i < MAXN; i++)
    t += u[i];
  printf("%.4f %.4f %d\n", s, t, nsize[1]);
  return 0;
}
