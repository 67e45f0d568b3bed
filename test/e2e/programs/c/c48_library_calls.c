/* Library routines around loops (issue 15 sec. 5: C library calls keep
 * their known effects). A global work array that every iteration writes
 * before it reads it is private to the iterations even though the program
 * times itself with clock() after the loop: clock() reaches no variable of
 * the program. A loop that calls rand() stays serial: its values come from
 * the library's sequence, in order. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 400
#define M 2000

double w[M], out[N][M], seed[M];
double t0, t1;

static void sweep(void) {
  int i, k;
  t0 = (double)clock();
  // doall: parallel private(i, w)
  for (k = 0; k < N; k++) {
    // doall: either
    for (i = 0; i < M; i++) w[i] = seed[i] * (k + 1) + i;
    // doall: either
    for (i = 1; i < M; i++) out[k][i] = w[i - 1] + 2.0 * w[i];
  }
  t1 = (double)clock();
}

int main(void) {
  int i, k;
  double s = 0.0;
  srand(7);
  // doall: serial -- rand() draws from the library's sequence, in order
  for (i = 0; i < M; i++) seed[i] = (double)(rand() % 100);
  sweep();
  // doall: parallel private(i) reduction(+:s)
  for (k = 0; k < N; k++)
    // doall: either reduction(+:s)
    for (i = 1; i < M; i++) s += out[k][i];
  printf("sum %.1f\n", s);
  printf("out %.1f %.1f\n", out[7][11], out[N - 1][M - 1]);
  printf("timed %d\n", t1 >= t0);
  return 0;
}
