/* Loop interchange (seed 004 sec. 3): a serial loop around a parallel one
 * trades places with it when no dependence runs (<, >) across the two and
 * the new innermost loop walks memory with stride one (C's last
 * subscript). The first nest's i loop carries a recurrence along the rows'
 * stride-1 dimension: the j loop goes outside with the directive (its
 * index declared in the for, the other's outside). A (<, >) recurrence
 * forbids it; a recurrence along the first subscript keeps the order; a
 * (<, <) recurrence could be interchanged, but the j loop outside would
 * carry it. */
#include <stdio.h>

#define N 400
#define M 300

static double a[M][N], b[M][N], c[M][N], e[M][N];

int main(void) {
  int i;
  double s = 0.0;
  // doall: parallel private(i)
  for (int j = 0; j < M; j++)
    // doall: either
    for (i = 0; i < N; i++) {
      a[j][i] = (double)((i * j) % 7);
      b[j][i] = (double)((i + j) % 5);
      c[j][i] = (double)((i + 2 * j) % 3);
      e[j][i] = (double)((3 * i + j) % 4);
    }
  // doall: serial -- i carries a[j][i - 1]: doall interchanges it with the j loop
  for (i = 1; i < N; i++)
    // doall: either
    for (int j = 0; j < M; j++)
      a[j][i] = a[j][i - 1] + a[j][i];
  // doall: serial -- b[j][i] reads b[j + 1][i - 1]: (<, >), no interchange
  for (i = 1; i < N; i++)
    // doall: either
    for (int j = 0; j < M - 1; j++)
      b[j][i] = b[j + 1][i - 1] + a[j][i];
  // doall: serial -- j carries c[j - 1][i] along the first subscript
  for (int j = 1; j < M; j++)
    // doall: either
    for (i = 0; i < N; i++)
      c[j][i] = c[j - 1][i] + b[j][i];
  // doall: serial -- e[j][i] reads e[j - 1][i - 1]: (<, <), j outside would carry it
  for (i = 1; i < N; i++)
    // doall: either
    for (int j = 1; j < M; j++)
      e[j][i] = e[j - 1][i - 1] * 0.5 + e[j][i];
  // doall: parallel private(i) reduction(+:s)
  for (int j = 0; j < M; j++)
    // doall: either reduction(+:s)
    for (i = 0; i < N; i++)
      s += a[j][i] + 2.0 * b[j][i] + 3.0 * c[j][i];
  printf("sum %.1f\n", s);
  printf("corners %.1f %.1f %.1f\n", a[M - 1][N - 1], b[M - 2][N - 1], c[M - 1][N - 1]);
  printf("e %.6f %.6f\n", e[M - 1][N - 1], e[M / 3][N / 2]);
  return 0;
}
