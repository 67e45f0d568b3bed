/* A program in two files (linked.test.ts gives both to one doall
 * parallelize run): its loops call functions of kern.c, which read or
 * write the globals defined here, or a global of kern.c's own. */
#include <math.h>
#include <stdio.h>
#include "kern.h"

#define N 200000

double x[N], y[N], z[N];
double coef[2] = {3.0, -7.0};
long counter = 0;

int main(void) {
  long long s = 0;
  int i;
  // doall: parallel
  for (i = 0; i < N; i++)
    x[i] = (double)((i * 37) % 101);
  // doall: parallel -- poly (kern.c) only reads coef
  for (i = 0; i < N; i++)
    y[i] = poly(x[i]);
  // doall: serial -- bump (kern.c) increments counter and uses it
  for (i = 0; i < N; i++)
    z[i] = bump(y[i]);
  // doall: serial -- next_value (kern.c) advances hits, which main.c does not declare
  for (i = 0; i < N; i++)
    z[i] += next_value();
  // doall: parallel reduction(+:s)
  for (i = 0; i < N; i++)
    s += llround(z[i]) % 1000 * (i % 7) + llround(y[i]);
  printf("sum %lld calls %ld\n", s, counter);
  return 0;
}
