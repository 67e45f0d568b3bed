/* The C twin of f28_cpp_header.F90: a header with C comments on
 * #define and #if lines, and a comment over three lines right before a
 * loop, so that doall's directives land where the user's lines are.
 * Values are multiples of 1/4 that stay exact in doubles. */
#include <stdio.h>
#include "grid.h"

int main(void) {
  int i, j, t;
  double total = 0.0;
  // doall: parallel private(i)
  #pragma omp parallel for private(i)
  for (j = 0; j < NY + 2; j++)
    // doall: either
    #pragma omp simd
    for (i = 0; i < NX + 2; i++) /* the halo too */
      u[j][i] = ((i * 3 + j * 5) % 16) * 0.25;
  // doall: serial -- each step reads the previous step's u
  for (t = 0; t < STEPS; t++) {
    /* A comment over three lines, right before a loop:
       the directive for the next loop must still go
       right before it. */
    // doall: parallel private(i)
    #pragma omp parallel for private(i)
    for (j = 1; j <= NY; j++)
      // doall: either
      #pragma omp simd
      for (i = 1; i <= NX; i++)
        v[j - 1][i - 1] = (u[j][i - 1] + u[j][i + 1] + 2 * u[j][i]) * 0.25;
    // doall: parallel private(i)
    #pragma omp parallel for private(i)
    for (j = 1; j <= NY; j++)
      // doall: either
      #pragma omp simd
      for (i = 1; i <= NX; i++)
        u[j][i] = v[j - 1][i - 1]; /* copy back */
  }
  // doall: parallel private(i) reduction(+:total)
  #pragma omp parallel for private(i) reduction(+:total)
  for (j = 1; j <= NY; j++)
    // doall: either reduction(+:total)
    for (i = 1; i <= NX; i++)
      total += u[j][i] * ((i + j) % 5);
  printf("grid total %24.6f\n", total);
  return 0;
}
