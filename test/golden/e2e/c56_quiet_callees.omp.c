/* Callees that time themselves under a global flag (NPB-C FT's
 * Swarztrauber: `if (timers_enabled) timer_start(4);`): while the flag
 * is 0 the timer calls do not run, and a loop calling them is parallel
 * under if(!timeron); with the flag set it runs on one thread, in order,
 * its messages included (the flag is a static of the file whose address
 * no one takes: no pointer can set it). A callee that prints unguarded
 * keeps its loop serial, and so does one whose guarded statement reads
 * its parameter's element (a private copy in the loop would be what it
 * prints). */
#include <stdio.h>

#define N 4000

static int timeron;
static double start[4], elapsed[4];
static double a[N], b[N];

static void tstart(int k) { start[k] = (double)k; }

static void tstop(int k) {
  elapsed[k] = elapsed[k] + (double)k + 1.0 - start[k];
  if (elapsed[k] > 3999.5) printf("timer %10.1f\n", elapsed[k]);
}

static void work(int i, double *x, const double *y) {
  double t;
  int j;
  if (timeron) tstart(1);
  t = 0.0;
  // doall: either reduction(+:t)
  for (j = 1; j <= 50; j++)
    t = t + y[i] * j;
  x[i] = t;
  if (timeron) tstop(1);
}

static void noisy(int i) { printf("noisy %3d %12.2f\n", i, a[i]); }

static void peek(int i, double *x) {
  x[i] = x[i] + 1.0;
  if (timeron) printf("peek %3d %12.2f\n", i, x[i]);
}

static double sweep(void) {
  double s = 0.0;
  int i;
  // doall: runtime if(!timeron)
  #pragma omp parallel for if(!timeron)
  for (i = 0; i < N; i++)
    work(i, a, b);
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < N; i++)
    s += a[i];
  return s;
}

int main(void) {
  double s1, s2, s3 = 0.0;
  int i;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++)
    b[i] = (double)((i * 7) % 13);
  timeron = 0;
  s1 = sweep();
  timeron = 1;
  s2 = sweep();
  timeron = 0;
  // doall: serial -- noisy prints a line in every iteration
  for (i = 1; i <= 3; i++)
    noisy(i);
  timeron = 1;
  // doall: serial -- peek's guarded statement prints its parameter's element
  for (i = 1; i <= 4; i++)
    peek(i, a);
  // doall: parallel reduction(+:s3)
  #pragma omp parallel for reduction(+:s3)
  for (i = 0; i < N; i++)
    s3 += a[i];
  printf("sums %20.4f %20.4f %20.4f\n", s1, s2, s3);
  return 0;
}
