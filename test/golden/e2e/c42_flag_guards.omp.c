/* doall-e2e: tolerance 1e-9 */
/* A loop held back only by statements under a flag it never changes (NPB
 * EP's `if (timers_enabled) timer_start(2);`): while the flag is false
 * they do not run and the loop is parallel with if(!trace); with the flag
 * true it runs on one thread, in order, its messages included. Each
 * iteration breaks out of a search loop, then a callee fills the local
 * work array w whole before the loop reads it: w is private. In sweep2 the
 * guarded call reads the previous iteration's t: serial. */
#include <stdio.h>

#define NK 400
#define M 64

static int ticks;

static void tick(int k) {
  ticks++;
  if (k % 100 == 0) printf("at %d\n", k);
}

static void fill(double w[M], double x) {
  int i;
  // doall: either
  for (i = 0; i < M; i++) w[i] = x / (i + 1);
}

static void show(int k, double t) {
  if (k % 100 == 0) printf("before %d %.3f\n", k, t);
}

static double sweep(int trace) {
  double total = 0.0, t, w[M];
  int k, i, kk;
  // doall: runtime if(!trace) private(i, kk, t, w) reduction(+:total)
  #pragma omp parallel for private(i, kk, t, w) reduction(+:total) if(!trace)
  for (k = 1; k <= NK; k++) {
    if (trace) tick(k);
    kk = k;
    // doall: serial -- leaves at the first odd value
    for (i = 0; i < 20; i++) {
      if (kk % 2 == 1) break;
      kk /= 2;
    }
    fill(w, (double)kk);
    t = 0.0;
    // doall: either reduction(+:t)
    for (i = 0; i < M / 2; i++) t += w[2 * i] * w[2 * i + 1];
    if (trace) tick(-k);
    total += t;
  }
  return total;
}

static double sweep2(int trace) {
  double total = 0.0, t = 0.0;
  int k;
  // doall: serial -- the guarded call reads t of the previous iteration
  for (k = 1; k <= 300; k++) {
    if (trace) show(k, t);
    t = k * 0.5;
    total += t;
  }
  return total;
}

int main(void) {
  double s1 = sweep(0);
  double s2 = sweep(1);
  double s3 = sweep2(1);
  printf("sums %.6f %.6f %.6f %d\n", s1, s2, s3, ticks);
  return 0;
}
