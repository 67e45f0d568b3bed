/* doall-e2e: tolerance 1e-10 */
/* A local work array whose rows a callee fills through their addresses
 * (&face[s][0], as NPB-C's initialize passes &Pface[ix][0][0] to
 * exact_solution): taking the address is not a read, the call writes the
 * whole row, so every element the loop reads was written in its
 * iteration and face is private. When the callee fills only part of a
 * row, the rest flows in from the previous iteration: serial. */
#include <stdio.h>

#define N 20000

static double out[N];

static void fill(double x, double row[4]) {
  int m;
  // doall: either
  for (m = 0; m < 4; m++)
    row[m] = x * (m + 1) + m * m;
}

static void half(double x, double row[4]) {
  row[0] = x;
  row[1] = 2.0 * x;
}

int main(void) {
  double face[2][4];
  int i, s, m;
  double t, total = 0.0;
  // doall: parallel private(face, s, m, t)
  #pragma omp parallel for private(m, s, t, face)
  for (i = 0; i < N; i++) {
    // doall: either
    for (s = 0; s < 2; s++)
      fill((double)(i + s) / N, &face[s][0]);
    t = 0.0;
    // doall: either reduction(+:t)
    for (m = 0; m < 4; m++)
      t += face[0][m] * face[1][3 - m];
    out[i] = t;
  }
  face[0][2] = 1.0;
  face[0][3] = 1.0;
  // doall: serial -- half writes face[0][0:1]; face[0][2] and face[0][3] come from the previous iteration
  for (i = 0; i < N; i++) {
    half((double)i / N, &face[0][0]);
    out[i] += face[0][0] + face[0][3];
    face[0][3] = face[0][2] + face[0][1];
  }
  // doall: parallel reduction(+:total)
  #pragma omp parallel for reduction(+:total)
  for (i = 0; i < N; i++)
    total += out[i];
  printf("total %.6f\n", total);
  printf("ends %.6f %.6f\n", out[0], out[N - 1]);
  return 0;
}
