/* Linear-algebra kernels written as functions over array and pointer
 * parameters, the way C benchmark suites write them (our own code): the
 * parameters may share storage as far as C knows, unless declared
 * restrict. Run with no argument: prints a checksum of every result. */
#include <stdio.h>

#define N 320

void gemm(int n, double alpha, double beta, double C[N][N], double A[N][N], double B[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = beta * C[i][j] + alpha * s;
    }
}

void gemv(int n, const double *A, const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = 0; j < n; j++)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

void atax(int n, double (*A)[N], double *x, double *tmp, double *y) {
  for (int i = 0; i < n; i++)
    y[i] = 0.0;
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < n; j++)
      tmp[i] += A[i][j] * x[j];
  }
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      y[j] += A[i][j] * tmp[i];
}

void mm2(int n, double (*restrict T)[N], double (*restrict D)[N], double (*A)[N], double (*B)[N], double (*C)[N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      T[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        T[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = D[i][j];
      for (int k = 0; k < n; k++)
        s += T[i][k] * C[k][j];
      D[i][j] = s;
    }
}

void syrk(int n, double alpha, double C[N][N], double A[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++)
        s += A[i][k] * A[j][k];
      C[i][j] += alpha * s;
    }
}

void trisolve(int n, double L[N][N], double *x, const double *b) {
  for (int i = 0; i < n; i++) {
    double s = b[i];
    for (int j = 0; j < i; j++)
      s -= L[i][j] * x[j];
    x[i] = s / L[i][i];
  }
}

void axpy_rows(int n, double a, double *restrict Y, const double *restrict X) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      Y[i * n + j] += a * X[i * n + j];
}

static double A[N][N], B[N][N], C[N][N], D[N][N], T[N][N], x[N], y[N], t[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 13) / 13.0;
      B[i][j] = (double)((i + j * 5) % 11) / 11.0;
      C[i][j] = (double)((i * j) % 7) / 7.0;
      D[i][j] = 0.0;
    }
  for (int i = 0; i < N; i++) {
    x[i] = (double)(i % 5);
    A[i][i] += N;
  }
  gemm(N, 1.5, 0.5, C, A, B);
  gemv(N, &A[0][0], x, y);
  atax(N, A, x, t, y);
  mm2(N, T, D, A, B, C);
  syrk(N, 0.5, C, A);
  trisolve(N, A, t, y);
  axpy_rows(N, 0.25, &D[0][0], &T[0][0]);
  double s = 0.0;
  for (int i = 0; i < N; i++) {
    s += y[i] + t[i];
    for (int j = 0; j < N; j++)
      s += C[i][j] + D[i][j];
  }
  printf("%.6e\n", s);
  return 0;
}
