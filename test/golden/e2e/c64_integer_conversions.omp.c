/* Found by fuzzing: C's integer conversions change values a loop's text
 * seems to keep. (unsigned char)i and a store into an unsigned char are i
 * modulo 256; an unsigned offset may stand for a negative one (x[i + off]
 * with off = (size_t)-1 is x[i - 1]); `for (int i = lo; i < n; i++)` with
 * an unsigned n compares in unsigned arithmetic; `s += d[i]` into an int
 * truncates at every step. And an array reduction needs each thread's copy
 * on its stack: not one of a 4 MB histogram, nor over `long h[5]`, a
 * parameter whose declared extent bounds nothing. Each of those loops stays
 * serial; the same loops without the conversion are parallel. */
#include <stddef.h>
#include <stdio.h>

#define N 300000
#define H 1000000

static int a[N + 8], idx[N], hist[H];
static long h10[10];
static double d[N];

static void shift(int *x, size_t n, size_t off) {
  /* doall: serial -- off may be (size_t)-1: x[i + off] is x[i - 1] */
  for (size_t i = 1; i < n; i++)
    x[i] = x[i + off] + 1;
}

static void count(long h[5], const int *k, int n) {
  /* doall: serial -- h reaches past its declared 5 elements */
  for (int i = 0; i < n; i++)
    h[k[i]] += 1;
}

static void small(long h[5], int n) {
  /* doall: either reduction(+:h[0:5]) -- every subscript is an index of the inner loop, within h[0:5] */
  #pragma omp parallel for reduction(+:h[0:5]) if(n >= 40)
  for (int i = 0; i < n; i++)
    /* doall: either -- inside the reduced loop */
    #pragma omp simd
    for (int m = 0; m < 5; m++)
      h[m] += i % 3;
}

int main(void) {
  long s = 0;
  /* doall: serial -- (unsigned char)i repeats every 256 iterations */
  for (int i = 0; i < N; i++)
    a[(unsigned char)i] = i;
  /* doall: parallel reduction(+:s) */
  #pragma omp parallel for reduction(+:s)
  for (int k = 0; k < 256; k++)
    s += a[k];
  printf("%ld\n", s);

  unsigned char c = 0;
  /* doall: serial -- c wraps at 256 */
  for (int i = 0; i < N; i++) {
    a[c] = i;
    c++;
  }
  s = 0;
  /* doall: parallel reduction(+:s) */
  #pragma omp parallel for reduction(+:s)
  for (int k = 0; k < 256; k++)
    s += a[k];
  printf("%ld\n", s);

  /* doall: parallel */
  #pragma omp parallel for simd
  for (int i = 0; i < N; i++)
    a[i] = 0;
  shift(a, N, (size_t)-1);
  printf("%d\n", a[N - 1]);

  unsigned n = N;
  int lo = -5;
  /* doall: serial -- i < n compares as unsigned: no iteration runs */
  for (int i = lo; i < n; i++)
    a[i + 5] = 1;
  s = 0;
  /* doall: parallel reduction(+:s) */
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("%ld\n", s);

  /* doall: parallel */
  #pragma omp parallel for simd
  for (int i = 0; i < N; i++) {
    d[i] = 1.5;
    idx[i] = (int)((i * 7919L) % 1000 * 997 % H);
  }
  d[0] = -1000000.0;
  int t = 0;
  /* doall: serial -- t = (int)(t + d[i]) truncates at every step */
  for (int i = 0; i < N; i++)
    t += d[i];
  printf("%d\n", t);

  /* doall: serial -- a reduction of hist would put 4 MB on every thread's stack */
  for (int i = 0; i < N; i++)
    hist[idx[i]] += 1;
  s = 0;
  /* doall: parallel reduction(+:s) */
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < H; i += 1000)
    s += hist[i];
  printf("%ld\n", s);

  /* doall: parallel */
  #pragma omp parallel for simd
  for (int i = 0; i < N; i++)
    idx[i] = (int)((i * 7919L) % 10);
  count(h10, idx, N);
  small(h10, N);
  /* doall: serial -- prints in order */
  for (int j = 0; j < 10; j++) printf("%ld ", h10[j]);
  printf("\n");
  return 0;
}
