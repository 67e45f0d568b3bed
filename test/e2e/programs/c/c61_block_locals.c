/* Found by fuzzing: an array declared in a loop's body is a new object in
 * every iteration, private by its scope, and a clause naming it before
 * the loop did not compile; and a run-time overlap check whose extent
 * held an element read through an index array (a[iy[100 - 2 * i]])
 * crashed doall. */
#include <stdio.h>

#define N 3000

static long long a[N], c[N + 8], p[N][2];
static int iy[N];

static void shift(long long *pv, int n, int i) {
  long long s0 = 0;
  // doall: runtime if(iy[100 - 2 * i] >= n + 1 || iy[100 - 2 * i] <= 2) reduction(+:s0) -- a[iy[100 - 2 * i]] is read where the loop writes unless it is outside a[3..n]
  for (int j = 3; j <= n; j++) {
    s0 = s0 + a[iy[100 - 2 * i]];
    a[j] = pv[j] + 1;
  }
  p[0][0] = s0;
}

int main(void) {
  int i, j;
  // doall: parallel
  for (j = 0; j < N; j++) {
    a[j] = j % 11;
    iy[j] = j % 50;
    c[j] = j % 7;
  }
  // doall: parallel private(j)
  for (i = 0; i < N; i++) {
    long long wl[32];
    // doall: either
    for (j = 0; j < 32; j++)
      wl[j] = i + j;
    p[i][1] = wl[5] + wl[31];
  }
  shift(c + 3, N - 8, 5);
  long long s1 = 0;
  long long *pa = a + 3;
  int k = 5;
  // doall: serial -- pa[j] is a[j + 3], which the next iteration writes
  for (j = 3; j <= N - 8; j++) {
    s1 = s1 + a[iy[100 - 2 * k]];
    a[j + 2] = pa[j] + 1;
  }
  p[1][0] = s1;
  long long cs = 0;
  // doall: parallel reduction(+:cs)
  for (i = 0; i < N; i++)
    cs += p[i][0] + 3 * p[i][1] + a[i];
  printf("%lld\n", cs);
  return 0;
}
