/* Global work arrays a loop fills and reads in every iteration: private
 * to each iteration (threadprivate: callees fill them), unless a pointer
 * may hold their address, which a copy would not move. Here one pointer
 * is made in main before the loop and read in it, one is kept by a
 * routine of the other file and read after the loop, one is set by an
 * initializer at file scope in the other file; the last array has none. */
#include <stdio.h>
#include "work.h"

int tmp1[M], tmp2[M], tmp3[M], tmp4[M];
int r[N];

int main(void) {
  int i, j, s;
  int *p = tmp1;
  keep(tmp2);
  // doall: serial -- p[j] reads the shared tmp1, not a private copy
  for (i = 0; i < N; i++) {
    // doall: either
    for (j = 0; j < M; j++)
      tmp1[j] = i + j;
    s = 0;
    // doall: either reduction(+:s)
    for (j = 0; j < M; j++)
      s += p[j];
    r[i] = s;
  }
  // doall: serial -- show() reads tmp2 through the pointer keep() kept: the last iteration's values
  for (i = 0; i < N; i++) {
    fill(tmp2, i);
    s = 0;
    // doall: either reduction(+:s)
    for (j = 0; j < M; j++)
      s += tmp2[j];
    r[i] += s;
  }
  // doall: serial -- q, set to tmp3 at file scope in work.c, is read after the loop
  for (i = 0; i < N; i++) {
    fill3(i);
    s = 0;
    // doall: either reduction(+:s)
    for (j = 0; j < M; j++)
      s += tmp3[j];
    r[i] += s;
  }
  // doall: parallel private(j, s)
  for (i = 0; i < N; i++) {
    fill4(i);
    s = 0;
    // doall: either reduction(+:s)
    for (j = 0; j < M; j++)
      s += tmp4[j];
    r[i] += s;
  }
  s = 0;
  // doall: parallel reduction(+:s)
  for (i = 0; i < N; i++)
    s += r[i] % 1000;
  printf("%d\n", s);
  show();
  return 0;
}
