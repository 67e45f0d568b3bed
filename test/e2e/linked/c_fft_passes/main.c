#include <stdio.h>
#include "fft.h"

static cplx u[N3][N2][N1 + 1], v[N3][N2][N1 + 1];

/* A sum of the field's values weighted by position: which elements moved where shows. */
static double checksum(cplx w[N3][N2][N1 + 1]) {
  double s = 0.0;
  int i, j, k;
  // doall: parallel private(i, j) reduction(+:s)
  for (k = 0; k < N3; k++)
    // doall: either private(i) reduction(+:s)
    for (j = 0; j < N2; j++)
      // doall: either reduction(+:s)
      for (i = 0; i < N1; i++) s += w[k][j][i].re * (1 + (i + 2 * j + 3 * k) % 7) + w[k][j][i].im * (1 + (i + j) % 5);
  return s;
}

int main(int argc, char **argv) {
  int t;
  timers_on = argc > 5;
  initial(N1, N2, N3, u);
  printf("start %.9e\n", checksum(u));
  /* Into another array, then in place: x and xout one array. */
  fft3(N1, N2, N3, u, (cplx *)v);
  printf("out   %.9e\n", checksum(v));
  // doall: serial -- each step transforms the previous step's field
  for (t = 0; t < 3; t++) {
    fft3(N1, N2, N3, u, (cplx *)u);
    printf("step %d %.9e\n", t, checksum(u));
  }
  if (timers_on) printf("time %f\n", timer_read(1));
  return 0;
}
