/* Matrices reached through arrays of row pointers (`int **`): nothing in C
 * makes their rows separate objects. Here rows i and i + N/2 of one table
 * are one row of the block under it, and the rows of a second table are
 * the first table's rows shifted by one: a[i][j] and b[i][j] of one
 * iteration are a[i + 1][j] of the next. Where the rows may differ, the
 * subscripts separate nothing; within one row they do. */
#include <stdio.h>
#include <stdlib.h>

#define N 2000
#define M 60

static void shifted(int **a, int **b, int n, int m) {
  // doall: serial -- b[i] is a[i + 1]: the next iteration reads what this one wrote
  for (int i = 0; i < n - 1; i++)
    // doall: either
    for (int j = 0; j < m; j++)
      a[i][j] = b[i][j] * 3 + i;
}

int main(void) {
  int *blk = malloc(sizeof(int) * (N / 2) * M);
  int **rows = malloc(sizeof(int *) * N);
  int **next = malloc(sizeof(int *) * N);
  int **own = malloc(sizeof(int *) * N);
  if (!blk || !rows || !next || !own) return 1;
  // doall: parallel
  for (int i = 0; i < N; i++) {
    rows[i] = blk + (i % (N / 2)) * M;
    next[i] = blk + ((i + 1) % (N / 2)) * M;
    own[i] = malloc(sizeof(int) * M);
  }
  // doall: parallel
  for (int i = 0; i < (N / 2) * M; i++)
    blk[i] = i % 7;
  /* Rows i and i + N/2 are one: both iterations update it. */
  // doall: serial -- rows[i] and rows[i + N/2] point to the same row
  for (int i = 0; i < N; i++)
    // doall: either
    for (int j = 0; j < M; j++)
      rows[i][j] = rows[i][j] * 3 + i;
  shifted(rows, next, N / 2, M);
  /* Rows of their own: a directive would be right here, but nothing proves the rows apart. */
  // doall: either
  for (int i = 0; i < N; i++)
    // doall: either
    for (int j = 0; j < M; j++)
      own[i][j] = i + j;
  long t = 0;
  // doall: serial -- t * 31 + blk[i] is no reduction
  for (int i = 0; i < (N / 2) * M; i++)
    t = (t * 31 + blk[i]) % 1000000007;
  long u = 0;
  // doall: either reduction(+:u)
  for (int i = 0; i < N; i++)
    // doall: either reduction(+:u)
    for (int j = 0; j < M; j++)
      u += own[i][j];
  printf("%ld %ld\n", t, u);
  return 0;
}
