/* Loops that must stay serial: a first-order recurrence, a prefix sum, a
 * second-order recurrence, output inside the loop, an early exit (break),
 * and a call to a function that updates global state. The long ones run
 * over enough elements that any parallel execution shows. */
#include <stdio.h>

#define N 400000

static long long a[N], p[N], f[N], b[N];
static int ncalls;
static long long total;

static void bump(long long v) {
  ncalls++;
  total = (total * 7 + v) % 1000000007;
}

int main(void) {
  int i, first = -1;
  long long limit;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) {
    b[i] = ((i % 1009) * 7919) % 1009;
    a[i] = p[i] = f[i] = 0;
  }
  a[0] = 1;
  p[0] = b[0];
  f[0] = f[1] = 1;
  // doall: serial -- a[i] reads a[i-1] of the previous iteration
  for (i = 1; i < N; i++)
    a[i] = (a[i - 1] * 31 + b[i]) % 1000003;
  // doall: serial -- prefix sum
  for (i = 1; i < N; i++)
    p[i] = p[i - 1] + b[i];
  // doall: serial -- f[i] reads f[i-1] and f[i-2]
  for (i = 2; i < N; i++)
    f[i] = (f[i - 1] + f[i - 2]) % 1000007;
  // doall: serial -- prints its lines in order
  for (i = 0; i < N; i += N / 10)
    printf("%8d %10lld %14lld %10lld\n", i, a[i], p[i], f[i]);
  limit = p[N - 1] / 3;
  // doall: serial -- leaves at the first element past the limit
  for (i = 0; i < N; i++)
    if (p[i] > limit) {
      first = i;
      break;
    }
  printf("first past limit %d\n", first);
  // doall: serial -- bump updates ncalls and total in order
  for (i = 0; i < N; i += 4)
    bump(a[i]);
  printf("calls %d total %lld\n", ncalls, total);
  return 0;
}
