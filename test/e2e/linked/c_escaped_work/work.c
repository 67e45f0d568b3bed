#include <stdio.h>
#include "work.h"

static int *kept;
int *q = tmp3;

void keep(int *x) { kept = x; }

void show(void) { printf("%d %d\n", kept[3], q[5]); }

void fill(int *x, int k) {
  int j;
  // doall: either
  for (j = 0; j < M; j++)
    x[j] = k + j;
}

void fill3(int k) {
  int j;
  // doall: either
  for (j = 0; j < M; j++)
    tmp3[j] = k * 2 + j;
}

void fill4(int k) {
  int j;
  // doall: either
  for (j = 0; j < M; j++)
    tmp4[j] = k * 3 + j;
}
