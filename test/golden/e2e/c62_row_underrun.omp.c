/* A routine given a row of a matrix (&A[i][0]) that reaches before the
 * row's start: r[j - 1] at j = 0 is the last element of the row before,
 * which the previous iteration writes. Found by fuzzing: the row's start
 * was taken as the lowest element the callee reaches, and the loop got a
 * directive. One that stays in its row is parallel. */
#include <stdio.h>

#define N 600

static double A[N][N], B[N][N];

static void chain(double *r, int m) {
  // doall: serial -- r[j] reads r[j - 1]
  for (int j = 0; j < m; j++)
    r[j] = r[j - 1] + 1;
}

static void inrow(double *r, int m) {
  // doall: serial -- r[j] reads r[j - 1]
  for (int j = 1; j < m; j++)
    r[j] = r[j - 1] + 1;
}

int main(void) {
  // doall: serial -- chain(&A[i][0]) reads A[i - 1][N - 1]
  for (int i = 1; i < N; i++)
    chain(&A[i][0], N);
  // doall: parallel
  #pragma omp parallel for
  for (int i = 1; i < N; i++)
    inrow(&B[i][0], N);
  long s = 0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < N; i++)
    s += (long)A[i][N - 1] + (long)B[i][N - 1];
  printf("%ld\n", s);
  return 0;
}
