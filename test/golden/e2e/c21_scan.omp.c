/* Prefix sums two ways: the plain serial scan, and a blocked scan whose
 * block sums and final additions are parallel while the scan of the block
 * sums stays serial; then a segmented scan (serial) and a do-while loop. */
#include <stdio.h>

#define N 240000
#define NBLK 64

static long long x[N], p1[N], p2[N], bsum[NBLK], boff[NBLK + 1];
static int seg[N];

int main(void) {
  int i, blk, len = N / NBLK;
  long long s = 0;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) {
    x[i] = (i * 37) % 1001 - 500;
    seg[i] = i % 997 == 0;
  }
  p1[0] = x[0];
  // doall: serial -- prefix sum
  for (i = 1; i < N; i++)
    p1[i] = p1[i - 1] + x[i];
  // doall: parallel private(i)
  #pragma omp parallel for private(i) schedule(static, 1)
  for (blk = 0; blk < NBLK; blk++) {
    long long t = 0;
    // doall: serial -- the scan within a block
    for (i = blk * len; i < (blk + 1) * len; i++) {
      t += x[i];
      p2[i] = t;
    }
    bsum[blk] = t;
  }
  boff[0] = 0;
  // doall: serial -- prefix sum of the block sums
  for (blk = 0; blk < NBLK; blk++)
    boff[blk + 1] = boff[blk] + bsum[blk];
  // doall: parallel private(i)
  #pragma omp parallel for private(i) schedule(static, 1)
  for (blk = 1; blk < NBLK; blk++)
    // doall: either
    #pragma omp simd
    for (i = blk * len; i < (blk + 1) * len; i++)
      p2[i] += boff[blk];
  /* Segmented scan: restart at each segment head. */
  // doall: serial -- x[i] accumulates the previous element unless a segment starts
  for (i = 1; i < N; i++)
    if (!seg[i]) x[i] += x[i - 1];
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < N; i++)
    s += (p1[i] - p2[i]) * 1000 + (p1[i] % 97) + x[i] % 89;
  i = 0;
  long long h = 0;
  // doall: serial -- a do-while walk with a data-dependent stride
  do {
    h = (h * 131 + p1[i]) % 1000003;
    i += 1 + (int)((p1[i] % 7 + 7) % 7);
  } while (i < N);
  printf("checksum %lld\nwalk %lld\n", s, h);
  return 0;
}
