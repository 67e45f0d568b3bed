/* Integer hashing and bit manipulation: a per-element hash (parallel),
 * and/or/xor and popcount reductions, a checksum that feeds each step
 * into the next (serial), and a scatter through the bit-reversal
 * permutation (safe, but only the data say so). */
#include <stdio.h>

#define LG 14
#define N (1 << LG)

static unsigned h[N], r[N];

int main(void) {
  unsigned k, ix = 0, uand = ~0u, uor = 0, crc = 0, rev, m;
  int i, b, nbits = 0;
  // doall: parallel private(k)
  #pragma omp parallel for private(k) reduction(^:ix) reduction(+:nbits) reduction(&:uand) reduction(|:uor)
  for (i = 0; i < N; i++) {
    k = (unsigned)i * 1103u + 12345u;
    k ^= k >> 7;
    k ^= (k & 0xfffffu) << 9;
    h[i] = k & 0xffffffu;

  // doall: parallel reduction(&:uand) reduction(|:uor) reduction(^:ix) reduction(+:nbits)

    uand &= h[i] | 0x10000u;
    uor |= h[i];
    ix ^= h[i];
    nbits += __builtin_popcount(h[i]);
  }
  // doall: serial -- each step of the checksum uses the previous one
  for (i = 0; i < N; i++) {
    crc = ((crc & 0x7fffffu) << 1) ^ h[i];
    if (crc & (1u << 22)) crc ^= 4129u;
  }
  // doall: either private(b, rev, m) -- the bit reversal of i is a permutation; only the data say so
  for (i = 0; i < N; i++) {
    rev = 0;
    m = (unsigned)i;
    // doall: serial -- m is shifted and rev built up bit by bit
    for (b = 0; b < LG; b++) {
      rev = (rev << 1) | (m & 1u);
      m >>= 1;
    }
    r[rev] = h[i];
  }
  ix = 0;
  // doall: parallel reduction(^:ix)
  #pragma omp parallel for reduction(^:ix)
  for (i = 0; i < N; i++)
    ix ^= r[i] * (unsigned)(i % 7);
  printf("and %u or %u xor %u bits %d\ncrc %u\n", uand, uor, ix, nbits, crc);
  return 0;
}
