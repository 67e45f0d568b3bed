/* doall-e2e: tolerance 1e-10 */
/* Floating-point reductions over non-integer data: a parallel sum rounds
 * differently from the serial one, so the output is compared within a
 * relative tolerance. Kahan summation is serial: its compensation term
 * is a recurrence, not a reduction. */
#include <float.h>
#include <math.h>
#include <stdio.h>

#define N 200000

static double x[N], y[N];

int main(void) {
  int i;
  double mean = 0.0, var = 0.0, dot = 0.0, nrm = 0.0, smin = DBL_MAX, smax = -DBL_MAX;
  double ks = 0.0, kc = 0.0, kt, ky;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) {
    x[i] = sin((i + 1) * 0.001) + 0.5;
    y[i] = cos((i + 1) * 0.0007) * 2.0;
  }
  // doall: parallel reduction(+:mean)
  #pragma omp parallel for reduction(+:mean)
  for (i = 0; i < N; i++)
    mean += x[i];
  mean /= N;
  // doall: parallel reduction(+:var)
  #pragma omp parallel for reduction(+:var)
  for (i = 0; i < N; i++)
    var += (x[i] - mean) * (x[i] - mean);
  var /= N - 1;
  // doall: parallel reduction(+:dot, nrm)
  #pragma omp parallel for reduction(+:dot, nrm)
  for (i = 0; i < N; i++) {
    dot += x[i] * y[i];
    nrm += y[i] * y[i];
  }
  // doall: parallel reduction(min:smin) reduction(max:smax)
  for (i = 0; i < N; i++) {
    smin = fmin(smin, x[i] * y[i]);
    smax = fmax(smax, x[i] * y[i]);
  }
  // doall: serial -- Kahan summation: the compensation kc carries from one iteration to the next
  for (i = 0; i < N; i++) {
    ky = x[i] - kc;
    kt = ks + ky;
    kc = (kt - ks) - ky;
    ks = kt;
  }
  printf("mean     %.15e\nvariance %.15e\ndot      %.15e\n", mean, var, dot);
  printf("norm     %.15e\nmin, max %.15e %.15e\nkahan    %.15e\n", sqrt(nrm), smin, smax, ks);
  return 0;
}
