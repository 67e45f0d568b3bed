/* Stencils written as functions over array parameters (double A[N][N]):
 * C passes pointers, so A and B may be the same array. jacobi is called
 * with two arrays and once with the same one (then each point reads
 * neighbours already updated: Gauss-Seidel order matters), so its loops
 * are parallel only under a run-time check; matvec is called once with
 * its result in the last row of its matrix. */
#include <stdio.h>

#define N 400

static double p[N][N], q[N][N], x[N], y[N];

static void jacobi(int n, double A[N][N], double B[N][N]) {
  // doall: runtime if(&A[n - 1][N - 1] < &B[0][0] || &B[n - 1][N - 1] < &A[0][0]) -- called with B = A: B[i][j] reads B[i-1][j] updated
  if ((const char *)(&A[n - 1][399] + 1) <= (const char *)&B[1][1] || (const char *)(&B[n - 2][398] + 1) <= (const char *)&A[0][0]) {
  #pragma omp parallel for if(((const char *)(&A[n - 1][399] + 1) <= (const char *)&B[1][1] || (const char *)(&B[n - 2][398] + 1) <= (const char *)&A[0][0]) && (n >= 6))
  for (int i = 1; i < n - 1; i++)
    // doall: runtime if(&A[n - 1][N - 1] < &B[0][0] || &B[n - 1][N - 1] < &A[0][0])
    for (int j = 1; j < N - 1; j++)
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
  } else {
  for (int i = 1; i < n - 1; i++)
    // doall: runtime if(&A[n - 1][N - 1] < &B[0][0] || &B[n - 1][N - 1] < &A[0][0])
    for (int j = 1; j < N - 1; j++)
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
  }
}

static void matvec(int n, double A[][N], const double *v, double *r) {
  // doall: runtime if(r + n <= &A[0][0] || &A[n - 1][N - 1] < r) -- called with r the last row of A: row n-1 is read after r[i] wrote it
  if ((const char *)(&A[n - 1][399] + 1) <= (const char *)&r[0] || (const char *)(&r[n - 1] + 1) <= (const char *)&A[0][0]) {
  #pragma omp parallel for if(((const char *)(&A[n - 1][399] + 1) <= (const char *)&r[0] || (const char *)(&r[n - 1] + 1) <= (const char *)&A[0][0]) && (n >= 4))
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    // doall: either reduction(+:s)
    for (int j = 0; j < N; j++)
      s += A[i][j] * v[j];
    r[i] = s;
  }
  } else {
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    // doall: either reduction(+:s)
    for (int j = 0; j < N; j++)
      s += A[i][j] * v[j];
    r[i] = s;
  }
  }
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    // doall: either
    #pragma omp simd
    for (int j = 0; j < N; j++) {
      p[i][j] = (double)((i * 3 + j) % 8);
      q[i][j] = 0.0;
    }
    x[i] = (double)(i % 3);
  }
  jacobi(N, p, q);
  jacobi(N, q, q);
  matvec(N, q, x, y);
  matvec(N, q, x, &q[N - 1][0]);
  double s = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < N; i++)
    s += y[i] + q[N - 1][i];
  printf("%.6f\n", s);
  return 0;
}
