/* 1-D heat equation: explicit Jacobi steps, a copy back, an in-place
 * smoothing pass (serial) and an integer checksum. The data start as
 * small integers and every value is computed by the same operations in
 * any order, so a correct parallel run prints exactly the serial output. */
#include <math.h>
#include <stdio.h>
#include "heat.h"

static double u[N + 2], v[N + 2];

int main(void) {
  int i, it;
  long long sum = 0;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i <= N + 1; i++) {
    u[i] = (double)((i * 37) % 101);
    v[i] = 0.0;
  }
  // doall: serial -- each step reads the previous step's u
  for (it = 0; it < NSTEPS; it++) {
    // doall: parallel
    for (i = 1; i <= N; i++)
      v[i] = (u[i - 1] + 2.0 * u[i] + u[i + 1]) * 0.25;
    // doall: parallel
    for (i = 1; i <= N; i++)
      u[i] = v[i];
  }
  /* In-place smoothing: u[i-1] already holds the new value. */
  // doall: serial -- reads u[i-1] written by the previous iteration
  for (i = 1; i <= N; i++)
    u[i] = (u[i - 1] + u[i]) * 0.5;
  // doall: parallel reduction(+:sum)
  #pragma omp parallel for reduction(+:sum)
  for (i = 0; i <= N + 1; i++)
    sum += llround(u[i] * 1000.0);
  printf("checksum %lld\n", sum);
  // doall: serial -- prints its lines in order
  for (i = N; i >= 1; i -= N / 8)
    printf("%6d %16.6f\n", i, u[i]);
  return 0;
}
