/* A program in three files: main.c defines the globals of work.h but
 * never names w, t1 or t2 after the steps; sweep.c uses them as work
 * arrays; timers.c counts calls in statics of its own. */
#include <stdio.h>
#include "work.h"

double u[NK][NI + 1];
double out[NK][NI + 1];
double w[NI + 1][2];
double t1, t2;
double v[NI + 1];
int grid[2] = {NK, NI};

void step(void) {
  sweep();
  smooth();
}

int main(void) {
  int i, k, s;
  double sum = 0.0;
  // doall: parallel private(i)
  for (k = 0; k < NK; k++)
    // doall: either
    for (i = 0; i <= NI; i++)
      u[k][i] = (double)((k * 7 + i * 13) % 29) / 29.0;
  // doall: serial -- each step reads what the one before wrote
  for (s = 0; s < 20; s++)
    step();
  // doall: parallel private(i) reduction(+:sum)
  for (k = 0; k < NK; k++)
    // doall: either reduction(+:sum)
    for (i = 0; i <= NI; i++)
      sum += out[k][i] * (double)(1 + (i + k) % 5);
  keep_last();
  printf("sum %.10e timers %d %d last %.10e\n", sum, timer_count(1), timer_count(2), v[7] + v[NI]);
  return 0;
}
