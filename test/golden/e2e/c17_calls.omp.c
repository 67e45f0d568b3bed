/* Calls inside loops: math library functions (parallel), a pure function
 * of ours (parallel), a function that writes only through its pointer
 * argument at the loop's index (parallel), a random number generator
 * with static state (serial), and a function with a static counter. */
#include <math.h>
#include <stdio.h>

#define N 50000

static double x[N], y[N], z[N];
static unsigned r[N];

static double poly(double t) { return (t * 0.5 + 1.0) * t - 2.0; }

static void square_into(double *dst, double v) { *dst = v * v; }

static unsigned next_random(void) {
  static unsigned state = 12345u;
  state = state * 1103515245u + 12345u;
  return (state >> 8) & 0xffffu;
}

static int counted(int v) {
  static int calls = 0;
  calls++;
  return v + calls;
}

int main(void) {
  int i;
  long long s = 0;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++)
    x[i] = floor(sqrt((double)i)) + fabs((double)(i % 7) - 3.0);
  // doall: parallel -- poly is pure
  #pragma omp parallel for
  for (i = 0; i < N; i++)
    y[i] = poly(x[i]);
  // doall: parallel -- square_into writes only z[i]
  #pragma omp parallel for
  for (i = 0; i < N; i++)
    square_into(&z[i], x[i] - 2.0);
  // doall: serial -- next_random advances a static state: every draw depends on the previous one
  for (i = 0; i < N; i++)
    r[i] = next_random();
  // doall: serial -- counted increments a static counter, and its result depends on it
  for (i = 0; i < N; i += 10)
    r[i] += (unsigned)counted(i);
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < N; i++)
    s += llround(y[i] * 2.0) * (i % 5) + llround(z[i]) + r[i] % 1000;
  printf("checksum %lld\n", s);
  return 0;
}
