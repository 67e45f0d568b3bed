/* The C side of f26: what f26 writes with FORALL and DO CONCURRENT, as
 * plain loops. A FORALL reads every right side before it stores: the
 * in-place update c[i] = c[i - 1] + c[i] over the old values runs
 * backwards here (forwards it would be a prefix sum, a different
 * computation); masks are ifs. DO CONCURRENT loops are ordinary loops in C.
 * The output is the same as f26's. */
#include <stdio.h>

#define N 500
#define STEPS 30

static int u[N + 2][N + 2], un[N][N], c[N][N], d[N], e[N];

int main(void) {
  long long total;
  int s;
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < N + 2; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N + 2; i++)
      u[j][i] = 0;
  // doall: parallel
  #pragma omp parallel for
  for (int j = 1; j <= N; j++)
    // doall: either
    #pragma omp simd
    for (int i = 1; i <= N; i++)
      u[j][i] = (i * 7 + j * 3) % 23;
  // doall: serial -- each step reads the grid the step before wrote
  for (int t = 1; t <= STEPS; t++) {
    // doall: parallel
    #pragma omp parallel for
    for (int j = 1; j <= N; j++)
      // doall: either
      #pragma omp simd
      for (int i = 1; i <= N; i++)
        un[j - 1][i - 1] = (u[j][i - 1] + u[j][i + 1] + u[j - 1][i] + u[j + 1][i]) / 4 + t % 3;
    // doall: parallel
    #pragma omp parallel for
    for (int j = 1; j <= N; j++)
      // doall: either
      #pragma omp simd
      for (int i = 1; i <= N; i++)
        u[j][i] = (i + j) % 2 == 0 ? un[j - 1][i - 1] : un[j - 1][i - 1] + 1;
  }
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < N; j++) {
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N; i++)
      c[j][i] = u[j + 1][i + 1];
    // doall: serial -- backwards, so that c[j][i - 1] is still the old value
    for (int i = N - 1; i >= 1; i--)
      c[j][i] = c[j][i - 1] + c[j][i];
  }
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < N; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N; i++)
      c[j][i] = c[j][i] * 2 + u[j + 1][i + 1];
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < N; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N; i++)
      if (c[j][i] > 40)
        c[j][i] -= 40;
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < N; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N; i++)
      if ((i + 1) * (j + 1) % 3 == 0)
        c[j][i] = -c[j][i];
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < N; i++)
    d[i] = 0;
  // doall: serial -- d[1..] reads d[0..] as the step before left it
  for (int t = 1; t <= 200; t++)
    // doall: serial -- backwards, so that d[i - 1] is still the old value
    for (int i = N - 1; i >= 1; i--)
      d[i] = (d[i - 1] * 3 + (i + 1) + t) % 1000;
  // doall: parallel private(s)
  #pragma omp parallel for private(s)
  for (int i = 0; i < N; i++) {
    int neg = 0;
    // doall: either private(s)
    #pragma omp simd private(s)
    for (int j = 0; j < N; j++)
      if (c[j][i] < 0) {
        s = c[j][i] * 2;
        c[j][i] = s + (i + 1);
      }
    // doall: either reduction(+:neg)
    for (int j = 0; j < N; j++)
      neg += c[j][i] < 0;
    e[i] = neg;
  }
  total = 0;
  // doall: parallel reduction(+:total)
  #pragma omp parallel for reduction(+:total)
  for (int j = 0; j < N; j++)
    // doall: either reduction(+:total)
    for (int i = 0; i < N; i++)
      total += c[j][i] * ((i + 1 + 2 * (j + 1)) % 11);
  int us = 0, ds = 0, es = 0;
  // doall: parallel reduction(+:us)
  #pragma omp parallel for reduction(+:us)
  for (int j = 0; j < N + 2; j++)
    // doall: either reduction(+:us)
    for (int i = 0; i < N + 2; i++)
      us += u[j][i];
  // doall: parallel reduction(+:ds, es)
  #pragma omp parallel for reduction(+:ds, es)
  for (int i = 0; i < N; i++) {
    ds += d[i];
    es += e[i];
  }
  printf("total %16lld\n", total);
  printf("u     %12d%12d%12d\n", us, u[1][1], u[N][N]);
  printf("d e   %12d%12d%12d\n", ds, d[N - 1], es);
  return 0;
}
