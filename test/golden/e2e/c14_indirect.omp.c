/* Indirect accesses: a scatter through a permutation (safe, but only the
 * data say so), a scatter through an index with repeats (serial), a walk
 * along a linked list, a shift by a distance read at run time (parallel
 * only when it is at least the trip count), and shifts by the trip count. */
#include <stdio.h>
#include <stdlib.h>

#define N 20000

struct node {
  int val;
  struct node *next;
};

static int perm[N], idx[N], b[N], c[N], a[3 * N], d[2 * N + 1];
static struct node nodes[N];

static void shift(int *v, int n, int m) {
  // doall: runtime if(m >= n) -- writes v[m..m+n-1], reads v[0..n-1]: they overlap unless m >= n
  #pragma omp parallel for if((m >= n || m <= -n) && (n >= 200))
  for (int i = 0; i < n; i++)
    v[i + m] = v[i] + 1;
}

int main(void) {
  int i, m, cnt = 0;
  long long s = 0, walk = 0;
  /* A permutation: i -> 7919 * i mod N is one-to-one because gcd(7919, N) = 1. */
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++) {
    perm[i] = (int)((7919LL * i) % N);
    idx[i] = (i * i) % 997;
    c[i] = 0;
  }
  // doall: either -- perm is one-to-one, so no two iterations write one element; only the data say so
  for (i = 0; i < N; i++)
    b[perm[i]] = i;
  // doall: serial -- idx repeats values: the last i writing c[idx[i]] must win
  for (i = 0; i < N; i++)
    c[idx[i]] = (i * 13) % 101 + i / 1000;
  /* A linked list through the permutation. */
  // doall: either -- perm is one-to-one, so each iteration writes its own node; only the data say so
  for (i = 0; i < N; i++) {
    nodes[perm[i]].val = (i * 13) % 101;
    nodes[perm[i]].next = i + 1 < N ? &nodes[perm[i + 1]] : NULL;
  }
  // doall: serial -- walks a linked list
  for (struct node *p = &nodes[perm[0]]; p; p = p->next) {
    cnt++;
    walk = (walk * 31 + p->val) % 1000003;
  }
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < 3 * N; i++)
    a[i] = i % 17;
  m = atoi("3");
  shift(a, N, m);
  shift(a, N, N);
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < 2 * N + 1; i++)
    d[i] = (i * 3) % 11;
  /* Reads d[0..N-1], writes d[N..2N-1]: no element is both read and written. */
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < N; i++)
    d[i + N] = d[i] * 2;
  /* One more iteration: iteration N reads d[N], which iteration 0 wrote. */
  // doall: serial -- flow dependence of distance N from iteration 0 to iteration N
  for (i = 0; i <= N; i++)
    d[i + N] = d[i] + 1;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < N; i++)
    s += (long long)b[i] * (i % 9) + c[i % 997] + (long long)a[i + 2 * N] * (i % 5) + (long long)d[i + N] * 7 + a[i + N];
  printf("list length %d walk %lld checksum %lld\nd[2N] %d\n", cnt, walk, s, d[2 * N]);
  return 0;
}
