/* Sorting: odd-even transposition sort (passes serial, the swaps of one
 * pass parallel with i += 2), counting sort (histogram parallel, prefix
 * and scatter serial), insertion sort (serial, with a while loop), and a
 * binary search per query (parallel, with a while loop inside). */
#include <stdio.h>

#define N 1000
#define NK 64
#define NQ 3000

static int a[N], b[N], c[N], key[N], cnt[NK], start[NK + 1], q[NQ], pos[NQ];

int main(void) {
  int i, k, pass, t, lo, hi, mid, v, j;
  long long s = 0;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) {
    a[i] = (i * 7919) % 10007;
    b[i] = a[i];
    key[i] = a[i] % NK;
  }
  // doall: serial -- each pass works on the previous pass's order
  for (pass = 0; pass < N; pass++)
    // doall: parallel private(t)
    for (i = pass % 2; i < N - 1; i += 2)
      if (a[i] > a[i + 1]) {
        t = a[i];
        a[i] = a[i + 1];
        a[i + 1] = t;
      }
  // doall: parallel
  for (k = 0; k < NK; k++)
    cnt[k] = 0;
  // doall: parallel reduction(+:cnt)
  #pragma omp parallel for reduction(+:cnt)
  for (i = 0; i < N; i++)
    cnt[key[i]]++;
  start[0] = 0;
  // doall: serial -- prefix sum of the counts
  for (k = 0; k < NK; k++)
    start[k + 1] = start[k] + cnt[k];
  // doall: serial -- start[key[i]] is a running position shared by every i with that key
  for (i = 0; i < N; i++)
    c[start[key[i]]++] = i;
  // doall: serial -- each element is inserted into the part sorted by earlier iterations
  for (i = 1; i < N; i++) {
    v = b[i];
    j = i - 1;
    // doall: serial -- a search that shifts as it goes
    while (j >= 0 && b[j] > v) {
      b[j + 1] = b[j];
      j--;
    }
    b[j + 1] = v;
  }
  // doall: parallel private(lo, hi, mid)
  #pragma omp parallel for private(hi, lo, mid)
  for (i = 0; i < NQ; i++) {
    q[i] = (i * 31) % 10007;
    lo = 0;
    hi = N;
    // doall: serial -- a search: each step halves the interval left by the previous one
    while (lo < hi) {
      mid = (lo + hi) / 2;
      if (a[mid] < q[i])
        lo = mid + 1;
      else
        hi = mid;
    }
    pos[i] = lo;
  }
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < N; i++) {
    s += (long long)a[i] * (i % 7) + (long long)b[i] * (i % 5) + (long long)c[i] * (i % 3);
    if (a[i] != b[i]) s += 1000000;
  }
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < NQ; i++)
    s += (long long)pos[i] * (i % 11);
  printf("checksum %lld\n", s);
  return 0;
}
