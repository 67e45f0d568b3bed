/* doall-e2e: tolerance 1e-10 */
/* The C side of f39: a restriction onto a coarser grid, as NPB-C MG's
 * rprj3 writes it. The work vectors x1 and y1 are filled at every other
 * element (i1 = 2*j1 - d1) and read at i1 and i1 + 2, of the same parity:
 * every element read was written earlier in the same iteration, so both
 * are private to the j3 loop. In rough, the second loop reads the other
 * parity: a value of the previous iteration flows in, serial. */
#include <stdio.h>

#define N 34
#define M 17

static double r[N][N][N], s[M][M][M];

static void restrict_grid(int d1) {
  double x1[40], y1[40], x2, y2;
  int i1, i2, i3, j1, j2, j3;
  // doall: parallel private(i1, i2, i3, j1, j2, x1, x2, y1, y2)
  #pragma omp parallel for private(i1, i2, i3, j1, j2, x2, y2, x1, y1)
  for (j3 = 1; j3 < M - 1; j3++) {
    i3 = 2 * j3 - 1;
    // doall: either private(i1, i2, j1, x1, x2, y1, y2)
    for (j2 = 1; j2 < M - 1; j2++) {
      i2 = 2 * j2 - 1;
      // doall: either private(i1)
      #pragma omp simd private(i1)
      for (j1 = 1; j1 < M; j1++) {
        i1 = 2 * j1 - d1;
        x1[i1] = r[i3][i2 - 1][i1] + r[i3][i2 + 1][i1];
        y1[i1] = r[i3 - 1][i2 - 1][i1] + r[i3 + 1][i2 + 1][i1];
      }
      // doall: either private(i1, x2, y2)
      #pragma omp simd private(i1, x2, y2)
      for (j1 = 1; j1 < M - 1; j1++) {
        i1 = 2 * j1 - d1 + 1;
        y2 = r[i3 - 1][i2 - 1][i1] + r[i3 + 1][i2 + 1][i1];
        x2 = r[i3][i2 - 1][i1] + r[i3][i2 + 1][i1];
        s[j3][j2][j1] = 0.5 * r[i3][i2][i1] + 0.25 * (x1[i1 - 1] + x1[i1 + 1]) + 0.125 * (y1[i1 - 1] + y1[i1 + 1]) + 0.25 * x2 + 0.125 * y2;
      }
    }
  }
}

static double rough(void) {
  double x[80] = {0}, t = 0.0;
  int i, k;
  // doall: serial -- x[2*i + 1] was written by the previous iteration
  for (k = 0; k < N; k++) {
    // doall: either
    for (i = 0; i < N / 2; i++) x[2 * i] = r[k][0][2 * i];
    // doall: either reduction(+:t)
    for (i = 0; i < N / 2; i++) {
      x[2 * i + 1] += x[2 * i];
      t += x[2 * i + 1];
    }
  }
  return t;
}

int main(void) {
  int i, j, k;
  double total = 0.0;
  // doall: parallel private(i, j)
  #pragma omp parallel for private(i) collapse(2)
  for (k = 0; k < N; k++)
    // doall: either private(i)
    for (j = 0; j < N; j++)
      // doall: either
      #pragma omp simd
      for (i = 0; i < N; i++) r[k][j][i] = ((i * 3 + j * 5 + k * 7) % 17) / 4.0;
  restrict_grid(2);
  // doall: parallel private(i, j) reduction(+:total)
  #pragma omp parallel for private(i) reduction(+:total) collapse(2)
  for (k = 1; k < M - 1; k++)
    // doall: either private(i) reduction(+:total)
    for (j = 1; j < M - 1; j++)
      // doall: either reduction(+:total)
      for (i = 1; i < M - 1; i++) total += s[k][j][i] * (i + j);
  printf("sums %.6f %.6f\n", total, rough());
  return 0;
}
