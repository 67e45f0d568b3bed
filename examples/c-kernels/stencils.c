/* Stencil kernels written as functions over array and pointer parameters
 * (our own code): Jacobi sweeps over two arrays, a 3-D heat step through
 * pointers to arrays, an FDTD-like update of three fields, a 3x3 filter
 * over two image buffers, and a Gauss-Seidel sweep that must stay serial.
 * Run with no argument: prints a checksum. */
#include <stdio.h>

#define N 400
#define M 64
#define W 512
#define H 384

void jacobi1d(int n, double *A, double *B) {
  for (int i = 1; i < n - 1; i++)
    B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
  for (int i = 1; i < n - 1; i++)
    A[i] = (B[i - 1] + B[i] + B[i + 1]) / 3.0;
}

void jacobi2d(int n, double A[N][N], double B[N][N]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
}

void heat3d(int n, double (*A)[M][M], double (*B)[M][M]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < M - 1; j++)
      for (int k = 1; k < M - 1; k++)
        B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                     0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
}

void fdtd(int nx, int ny, double (*ex)[N], double (*ey)[N], double (*hz)[N]) {
  for (int i = 1; i < nx; i++)
    for (int j = 0; j < ny; j++)
      ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
  for (int i = 0; i < nx; i++)
    for (int j = 1; j < ny; j++)
      ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
  for (int i = 0; i < nx - 1; i++)
    for (int j = 0; j < ny - 1; j++)
      hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
}

void box3(int w, int h, const unsigned char (*in)[W], unsigned char (*out)[W]) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y][x] = (unsigned char)((in[y - 1][x - 1] + in[y - 1][x] + in[y - 1][x + 1] + in[y][x - 1] + in[y][x] + in[y][x + 1] + in[y + 1][x - 1] +
                                   in[y + 1][x] + in[y + 1][x + 1]) / 9);
}

void seidel(int n, double (*A)[N]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j]) / 5.0;
}

static double a1[N * N], b1[N * N], P[N][N], Q[N][N], H3a[M][M][M], H3b[M][M][M], EX[N][N], EY[N][N], HZ[N][N];
static unsigned char img[H][W], out[H][W];

int main(void) {
  for (int i = 0; i < N * N; i++) {
    a1[i] = (double)(i % 17);
    b1[i] = 0.0;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      P[i][j] = (double)((i * 3 + j) % 8);
      Q[i][j] = 0.0;
      EX[i][j] = (double)(i % 3);
      EY[i][j] = (double)(j % 5);
      HZ[i][j] = (double)((i + j) % 7);
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < M; k++) {
        H3a[i][j][k] = (double)((i + 2 * j + 3 * k) % 9);
        H3b[i][j][k] = 0.0;
      }
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      img[y][x] = (unsigned char)((x * 7 + y * 13) % 256);
      out[y][x] = 0;
    }
  for (int t = 0; t < 4; t++) {
    jacobi1d(N * N, a1, b1);
    jacobi2d(N, P, Q);
    jacobi2d(N, Q, P);
    heat3d(M, H3a, H3b);
    heat3d(M, H3b, H3a);
    fdtd(N, N, EX, EY, HZ);
  }
  box3(W, H, img, out);
  seidel(N, P);
  double s = 0.0;
  long long q = 0;
  for (int i = 0; i < N * N; i++)
    s += a1[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += P[i][j] + HZ[i][j];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < M; k++)
        s += H3a[i][j][k];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      q += out[y][x];
  printf("%.6e %lld\n", s, q);
  return 0;
}
