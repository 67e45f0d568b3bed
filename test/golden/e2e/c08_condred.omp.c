/* Conditional reductions, histograms through an index array (array
 * reductions), a scatter where the last writer must win, and packing,
 * whose output position is a conditional counter. */
#include <stdio.h>

#define N 20000
#define NB 32

static int k[N], h[NB], g[NB], last[NB];
static double x[N], packed[N];

int main(void) {
  int i, npos = 0, m = 0;
  double spos = 0.0, sneg = 0.0;
  long long hsum = 0;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) {
    k[i] = (i * 131 + (i / 7) * 17) % NB;
    x[i] = (double)((i * 37) % 201 - 100);
  }
  // doall: parallel reduction(+:spos, npos)
  #pragma omp parallel for reduction(+:npos, spos)
  for (i = 0; i < N; i++)
    if (x[i] > 0.0) {
      spos += x[i];
      npos++;
    }
  // doall: parallel reduction(+:sneg)
  #pragma omp parallel for reduction(+:sneg)
  for (i = 0; i < N; i++)
    if (x[i] < 0.0) sneg += x[i];
  // doall: parallel reduction(+:h, g)
  #pragma omp parallel for reduction(+:h, g)
  for (i = 0; i < N; i++) {
    h[k[i]]++;
    g[k[i]] += i;
  }
  // doall: serial -- k repeats: the value of the last i with k[i] == b must be the one left in last[b]
  for (i = 0; i < N; i++)
    last[k[i]] = (i * 7) % 1000;
  // doall: serial -- m counts the elements kept so far: positions depend on every earlier iteration
  for (i = 0; i < N; i++)
    if (x[i] > 50.0) packed[m++] = x[i] + i;
  // doall: parallel reduction(+:hsum)
  for (i = 0; i < NB; i++)
    hsum += (long long)h[i] * i + (long long)g[i] * (i % 5) + (long long)last[i] * 3;
  printf("sums %.1f %.1f %d\n", spos, sneg, npos);
  printf("histograms %lld h[0] %d\n", hsum, h[0]);
  printf("packed %d first %.1f last %.1f\n", m, packed[0], packed[m - 1]);
  return 0;
}
