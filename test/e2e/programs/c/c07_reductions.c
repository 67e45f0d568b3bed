/* Reductions over integer data: sum, product (of powers of two, exact in
 * floating point), max, min, max with its index, the first index of the
 * minimum, logical && and ||, bitwise xor/and/or. A maximum kept in an
 * unsigned char is no max reduction: storing x[i] + 1000 there wraps
 * (1500 is 220), so which value ends in it depends on the order. */
#include <limits.h>
#include <math.h>
#include <stdio.h>

#define N 20000

static int x[N], e[N];

int main(void) {
  int i, sum = 0, imax = INT_MIN, imin = INT_MAX, xm = INT_MIN, iarg = -1, ipos = N;
  int allin = 1, anyneg = 0;
  unsigned ux = 0, uand = ~0u, uor = 0;
  unsigned char small = 0;
  double p = 1.0;
  // doall: parallel
  for (i = 0; i < N; i++) {
    x[i] = (i * 7919) % 2003 - 1000;
    e[i] = (i * 13) % 5 - 2;
  }
  // doall: parallel reduction(+:sum)
  for (i = 0; i < N; i++)
    sum += x[i];
  // doall: parallel reduction(*:p)
  for (i = 0; i < N; i++)
    p *= ldexp(1.0, e[i]);
  // doall: parallel reduction(max:imax)
  for (i = 0; i < N; i++)
    if (x[i] > imax) imax = x[i];
  // doall: parallel reduction(min:imin)
  for (i = 0; i < N; i++)
    imin = x[i] < imin ? x[i] : imin;
  /* Max with its index: the first index wins ties. */
  // doall: serial -- max with index: a bare directive races on the pair
  for (i = 0; i < N; i++)
    if (x[i] > xm) {
      xm = x[i];
      iarg = i;
    }
  // doall: serial -- small = x[i] + 1000 wraps modulo 256: the order of the iterations decides
  for (i = 0; i < N; i++)
    if (x[i] + 1000 > small) small = x[i] + 1000;
  // doall: parallel reduction(min:ipos)
  for (i = 0; i < N; i++)
    if (x[i] == imin && i < ipos) ipos = i;
  // doall: parallel reduction(&&:allin) reduction(||:anyneg)
  for (i = 0; i < N; i++) {
    allin = allin && x[i] >= -1000 && x[i] <= 1002;
    anyneg = anyneg || x[i] < -999;
  }
  // doall: parallel reduction(^:ux) reduction(&:uand) reduction(|:uor)
  for (i = 0; i < N; i++) {
    ux ^= (unsigned)x[i] * (unsigned)i;
    uand &= (unsigned)x[i] | 0x10000u;
    uor |= (unsigned)(x[i] + 1000);
  }
  printf("sum %d\nlog2 prod %d\nmax %d min %d\n", sum, ilogb(p), imax, imin);
  printf("argmax %d %d\nargmin %d\nall %d any %d\n", xm, iarg, ipos, allin, anyneg);
  printf("xor %u and %u or %u\nsmall %d\n", ux, uand, uor, small);
  return 0;
}
