/* Conway's game of life on a torus with int board[N][N]: each generation
 * reads the old board and writes the new one (parallel), generations
 * follow each other (serial). Neighbours wrap with %, so the subscripts
 * are not affine, but they only read the old board. */
#include <stdio.h>

#define N 128
#define GENS 40

static int old[N][N], new_[N][N];

int main(void) {
  int i, j, gen, pop = 0, diag[9] = {0};
  // doall: parallel private(j)
  #pragma omp parallel for private(j)
  for (i = 0; i < N; i++)
    // doall: either
    #pragma omp simd
    for (j = 0; j < N; j++)
      old[i][j] = (j * 7 + i * 13 + i * j) % 5 == 0;
  // doall: serial -- generation g reads generation g-1
  for (gen = 0; gen < GENS; gen++) {
    // doall: parallel private(j)
    #pragma omp parallel for private(j)
    for (i = 0; i < N; i++)
      // doall: either
      #pragma omp simd
      for (j = 0; j < N; j++) {
        int im = (i + N - 1) % N, ip = (i + 1) % N, jm = (j + N - 1) % N, jp = (j + 1) % N;
        int cnt = old[im][jm] + old[im][j] + old[im][jp] + old[i][jm] + old[i][jp] + old[ip][jm] + old[ip][j] + old[ip][jp];
        new_[i][j] = cnt == 3 || (cnt == 2 && old[i][j]);
      }
    // doall: parallel private(j)
    #pragma omp parallel for private(j)
    for (i = 0; i < N; i++)
      // doall: either
      #pragma omp simd
      for (j = 0; j < N; j++)
        old[i][j] = new_[i][j];
  }
  // doall: parallel private(j) reduction(+:pop, diag)
  #pragma omp parallel for private(j) reduction(+:pop, diag)
  for (i = 0; i < N; i++)
    // doall: either reduction(+:pop, diag)
    for (j = 0; j < N; j++) {
      pop += old[i][j];
      diag[(i + j) % 9] += old[i][j];
    }
  printf("population %d\ndiagonals", pop);
  // doall: serial -- prints in order
  for (i = 0; i < 9; i++)
    printf(" %d", diag[i]);
  printf("\n");
  return 0;
}
