/* Macros for sizes and for array access (row-major A(i,j), column-major
 * B(i,j)) from a local header, a transpose through them, a clamped
 * smoothing, and a running maximum along each row (serial in j). */
#include <stdio.h>
#include <stdlib.h>
#include "local.h"

int main(void) {
  int nr = NR, nc = NC, i, j;
  int *a = malloc(sizeof(int) * NR * NC), *b = malloc(sizeof(int) * NR * NC);
  long long s = 0;
  if (!a || !b) return 1;
  // doall: parallel private(j)
  #pragma omp parallel for private(j) if(nr >= 4)
  for (i = 0; i < nr; i++)
    // doall: either
    #pragma omp simd
    for (j = 0; j < nc; j++)
      A(i, j) = (i * 31 + j * 17) % 200 - 100;
  /* Transpose into column-major storage. */
  // doall: parallel private(j)
  if (nc >= 0 && nr >= 0 && ((const char *)(&a[nc - 1 + (nr - 1) * nc] + 1) <= (const char *)&b[0] || (const char *)(&b[(nc - 1) * nr + (nr - 1)] + 1) <= (const char *)&a[0])) {
  #pragma omp parallel for private(j) if((nc >= 0 && nr >= 0 && ((const char *)(&a[nc - 1 + (nr - 1) * nc] + 1) <= (const char *)&b[0] || (const char *)(&b[(nc - 1) * nr + (nr - 1)] + 1) <= (const char *)&a[0])) && (nr >= 4))
  for (i = 0; i < nr; i++)
    // doall: either
    for (j = 0; j < nc; j++)
      B(i, j) = CLAMP(A(i, j), -50, 50);
  } else {
  for (i = 0; i < nr; i++)
    // doall: either
    for (j = 0; j < nc; j++)
      B(i, j) = CLAMP(A(i, j), -50, 50);
  }
  /* Running maximum along each row: serial in j, parallel across rows. */
  // doall: parallel private(j)
  #pragma omp parallel for private(j) if(nr >= 4)
  for (i = 0; i < nr; i++)
    // doall: serial -- A(i, j) reads A(i, j-1) written by the previous iteration
    for (j = 1; j < nc; j++)
      A(i, j) = A(i, j - 1) > A(i, j) ? A(i, j - 1) : A(i, j);
  // doall: parallel private(j) reduction(+:s)
  #pragma omp parallel for private(j) reduction(+:s) if(nr >= 4)
  for (i = 0; i < nr; i++)
    // doall: either reduction(+:s)
    for (j = 0; j < nc; j++)
      s += (long long)SQR(B(i, j)) * ((i + j) % 3) + A(i, j);
  printf("checksum %lld\n", s);
  free(a);
  free(b);
  return 0;
}
