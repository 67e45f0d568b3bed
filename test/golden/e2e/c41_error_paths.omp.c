/* doall-e2e: tolerance 1e-10 */
/* Callees whose only I/O is an error message before exit(): the message
 * can only end the run, so it does not order the iterations of the loops
 * that call them (issue 14 item 7). A callee that prints on a path that
 * returns (a warning) does order them: its loop stays serial. */
#include <stdio.h>
#include <stdlib.h>

#define N 4000
#define M 16

static double a[N][M], b[N][M];
static int warnings;

static double checked_ratio(double x, double y) {
  if (y == 0.0) {
    fprintf(stderr, "checked_ratio: division by zero\n");
    exit(2);
  }
  return x / y;
}

static void row_scale(double *row, int m, double f) {
  int j;
  if (m < 1 || m > M) {
    printf("row_scale: bad length %d\n", m);
    exit(1);
  }
  // doall: either
  for (j = 0; j < m; j++)
    row[j] *= f;
}

static double warn_ratio(double x, double y) {
  if (y < 1.0) {
    printf("warning: small divisor %g\n", y);
    warnings++;
  }
  return x / y;
}

int main(void) {
  int i, j;
  double s = 0.0, t = 0.0;
  // doall: parallel private(j)
  #pragma omp parallel for private(j)
  for (i = 0; i < N; i++)
    // doall: either
    #pragma omp simd
    for (j = 0; j < M; j++)
      a[i][j] = (double)((i * 7 + j * 3) % 13) + 1.0;
  // doall: parallel private(j)
  #pragma omp parallel for private(j)
  for (i = 0; i < N; i++) {
    // doall: either
    for (j = 0; j < M; j++)
      b[i][j] = checked_ratio(a[i][j], (double)(j + 1));
    row_scale(b[i], M, 0.5);
  }
  // doall: parallel private(j) reduction(+:s)
  #pragma omp parallel for private(j) reduction(+:s)
  for (i = 0; i < N; i++)
    // doall: either reduction(+:s)
    for (j = 0; j < M; j++)
      s += b[i][j];
  // doall: serial -- warn_ratio prints and counts on a path that returns
  for (i = 0; i < 8; i++)
    t += warn_ratio(a[i][0], 0.5 + 0.25 * i);
  printf("%.8f %.8f %d\n", s, t, warnings);
  return 0;
}
