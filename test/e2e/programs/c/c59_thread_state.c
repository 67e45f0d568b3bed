/* State each thread has of its own, or that outlives the loop: errno is
 * a thread's own, so a loop that writes it, or that calls sqrt (which sets
 * it on a negative argument) in a program that reads it after, would leave
 * the initial thread's errno, not the last iteration's. And a callee that
 * ends the program with exit() while other iterations run in parallel
 * leaves the exit handler (atexit) a table that the serial program never
 * filled that far. Each stays serial; a loop of sqrt in a program that did
 * not read errno would not. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 5000

static int a[N], b[N];
static double v[N], r[N];

static void report(void) {
  long s = 0;
  // doall: serial -- s * 31 + b[k] is no reduction
  for (int k = 0; k < N; k++)
    s = (s * 31 + b[k]) % 1000003;
  printf("at exit %ld\n", s);
}

static int step(int x) {
  if (x == 1000) exit(0);
  return x + 1;
}

int main(void) {
  atexit(report);
  // doall: parallel
  for (int k = 0; k < N; k++) {
    a[k] = k % 7;
    v[k] = k == N - 1 ? -1.0 : (double)k;
  }
  // doall: serial -- errno is each thread's own: after the loop, the last iteration's value is expected
  for (int k = 0; k < N; k++)
    errno = a[k];
  printf("errno %d\n", errno);
  errno = 0;
  // doall: serial -- sqrt(-1.0) sets errno in the last iteration, which the program reads after
  for (int k = 0; k < N; k++)
    r[k] = sqrt(v[k]);
  printf("errno %s %.3f\n", errno == EDOM ? "EDOM" : "not EDOM", r[N / 2]);
  // doall: serial -- step() ends the program at 1000: report() must see b[1000..] untouched
  for (int k = 0; k < N; k++)
    b[k] = step(k);
  return 0;
}
