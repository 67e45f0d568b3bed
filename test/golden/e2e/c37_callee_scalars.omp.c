/* Global scalars and the functions a loop calls: a scalar the callee only
 * reads (gain) is the same in every iteration, so the loop around the
 * call is parallel; a scalar the callee updates (calls, the count of
 * calls) carries a value from one iteration to the next. */
#include <stdio.h>

#define N 200000

double gain = 1.5;
long calls = 0;
static double x[N], y[N];

double amplify(double v) {
  return gain * v + 0.25;
}

double counted(double v) {
  calls = calls + 1;
  return v * (double)(calls % 3);
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < N; i++)
    x[i] = (double)(i % 11);
  // doall: parallel
  #pragma omp parallel for
  for (int i = 0; i < N; i++)
    y[i] = amplify(x[i]) + gain;
  double s = 0.0;
  // doall: serial -- counted() increments calls, and uses it
  for (int i = 0; i < N; i++)
    s += counted(y[i]);
  double t = 0.0;
  // doall: parallel reduction(+:t)
  #pragma omp parallel for reduction(+:t)
  for (int i = 0; i < N; i++)
    t += y[i];
  printf("%.2f %.2f %ld\n", s, t, calls);
  return 0;
}
