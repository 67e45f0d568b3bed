/* Regressions of issue 22, the C side of f24. Integer literals past 2^53:
 * 9007199254740992LL - 9007199254740993LL is -1, so b[i + ...] reads
 * b[i - 1], a recurrence. A for loop that follows another statement on its
 * line has no room for a pragma line before it: doall does not split the
 * line, and leaves the loop serial. A long sum is still a reduction. */
#include <stdio.h>

#define N 20000

static long long a[N], b[N], c[N];

int main(void) {
  long long s;
  int i;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++)
    b[i] = i % 3;
  // doall: serial -- b[i + 2^53 - (2^53 + 1)] is b[i - 1]: a prefix sum
  for (i = 1; i < N; i++)
    b[i] = b[i + 9007199254740992LL - 9007199254740993LL] + b[i];
  // doall: either -- parallel, but no pragma line can go right before a for that follows a statement on its line
  a[0] = 0; for (i = 0; i < N; i++) a[i] = 3 * i - b[i];
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) { c[i] = a[i] + 1; } a[0] = -1;
  s = 0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < N; i++)
    s = s + c[i] + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17
      + 18 + 19 + 20 + 21 + 22 + 23 + 24 + 25 + 26 + 27 + 28 + 29 + 30 + 31 + 32 + 33 + 34
      - 35 - 36 - 37 - 38 - 39 - 40 - 41 - 42 - 43 - 44 - 45 - 46 - 47 - 48 - 49 - 50 - 51;
  printf("b[N-1] %lld\n", b[N - 1]);
  printf("a c    %lld %lld %lld\n", a[N / 2], c[N - 1], a[0]);
  printf("s      %lld\n", s);
  return 0;
}
