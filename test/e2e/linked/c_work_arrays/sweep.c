/* Loops over k whose iterations each fill the global work arrays w, t1
 * and t2 before reading them, through a callee too (ends): private to
 * each iteration, since nothing reads them after sweep and smooth return
 * (main.c's continuation, through a file that does not declare them). */
#include "work.h"

void ends(double v[][2], int size) {
  int m;
  for (m = 0; m < 2; m++) {
    v[0][m] = 0.5;
    v[size][m] = -0.5;
  }
}

void sweep(void) {
  int i, k, isize;
  timer_start(1);
  isize = grid[1] - 1;
  // doall: parallel private(i, t1, t2, w)
  for (k = 0; k < grid[0]; k++) {
    // doall: either private(t1, t2)
    for (i = 1; i <= isize - 1; i++) {
      t1 = u[k][i];
      t2 = t1 * t1;
      w[i][0] = t2 - t1;
      w[i][1] = t1 + 0.25 * t2;
    }
    ends(w, isize);
    // doall: either
    for (i = 1; i <= isize; i++)
      out[k][i] = w[i - 1][0] + w[i][1] + 0.125 * w[i][0];
  }
  timer_stop(1);
}

void smooth(void) {
  int i, k;
  timer_start(2);
  // doall: parallel private(i, t1)
  for (k = 0; k < grid[0]; k++) {
    // doall: either private(t1)
    for (i = 1; i < grid[1]; i++) {
      t1 = 0.5 * (out[k][i] + out[k][i - 1]);
      u[k][i] = t1 / (1.0 + t1 * t1);
    }
  }
  timer_stop(2);
}

void keep_last(void) {
  int i, k;
  // doall: serial -- v is written whole in every iteration, but main.c prints what the last one left
  for (k = 0; k < grid[0]; k++) {
    // doall: either
    for (i = 0; i <= NI; i++)
      v[i] = u[k][i] * (double)(k + 1);
  }
}
