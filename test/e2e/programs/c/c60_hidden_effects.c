/* Effects a loop's text hides, found by fuzzing: each made a directive
 * that changed the results. `s = s || e` skips e once s is true, and a
 * thread's private s starts false; a pointer taken to a variable before
 * the loop reaches the shared variable, never a private copy of it;
 * lgamma sets the global signgam, strtol stores where its second argument
 * points; and `m = u > m ? u : m` with an unsigned u and an int m
 * compares as unsigned, which OpenMP's max of an int does not; and the
 * code under #ifdef _OPENMP is what the output, compiled with OpenMP,
 * runs. Each stays serial; the same loops without the hidden effect do
 * not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 5000

static int b[N], c[N], w[N];
static unsigned u[N];
static char txt[N][8];
int g;
int *gp = &g;

int main(void) {
  int i;
  // doall: parallel
  for (i = 0; i < N; i++) {
    b[i] = i == 0;
    c[i] = (i * 7) % 11;
    u[i] = i == N / 2 ? 0x90000000u : (unsigned)i;
  }
  // doall: serial -- sprintf is I/O
  for (i = 0; i < N; i++)
    sprintf(txt[i], "%d", i % 97);
  int lor = 0;
  // doall: serial -- b[i]++ runs only until lor is true
  for (i = 0; i < N; i++)
    lor = lor || b[i]++;
  int any = 0;
  // doall: parallel reduction(||:any)
  for (i = 0; i < N; i++)
    any = any || c[i] > 9;
  long sb = 0;
  // doall: parallel reduction(+:sb)
  for (i = 0; i < N; i++)
    sb += b[i];
  printf("or %d %d %ld\n", lor, any, sb);
  int t = 0;
  int *pt = &t;
  // doall: serial -- *pt reads the shared t, not a private copy
  for (i = 0; i < N; i++) {
    t = c[i] + i;
    w[i] = *pt;
  }
  printf("pointer %d %d\n", w[9], w[N - 1]);
  // doall: serial -- *gp reads the shared g
  for (i = 0; i < N; i++) {
    g = c[i] * 2;
    w[i] = *gp + 1;
  }
  printf("global %d %d\n", w[9], w[N - 1]);
  double lg = 0.0;
  // doall: serial -- lgamma sets signgam
  for (i = 0; i < N; i++)
    lg += lgamma(i == N - 1 ? -0.5 : 0.5 + c[i]);
  printf("lgamma %d %.3f\n", signgam, lg);
  long tot = 0;
  char *end = txt[0];
  // doall: serial -- strtol stores the end of each number in end
  for (i = 0; i < N; i++)
    tot += strtol(txt[i], &end, 10);
  printf("strtol %ld %d\n", tot, (int)(end - txt[0]));
  int mx = 0;
  // doall: serial -- u[i] > mx compares as unsigned
  for (i = 0; i < N; i++)
    mx = u[i] > mx ? u[i] : mx;
  int mc = -1;
  // doall: parallel reduction(max:mc)
  for (i = 0; i < N; i++)
    mc = c[i] > mc ? c[i] : mc;
  printf("max %d %d\n", mx, mc);
  // doall: serial -- compiled with OpenMP, w[i] reads w[i + 1]
  for (i = 0; i < N - 1; i++) {
#ifdef _OPENMP
    w[i] = w[i + 1] + c[i];
#else
    w[i] = c[i];
#endif
  }
  printf("openmp %d %d\n", w[0], w[N / 2]);
  return 0;
}
