/* doall-e2e: tolerance 1e-10 */
/* NPB-C MG's rprj3 in small: a fine grid and a coarse one reached through
 * void * parameters cast to pointers to arrays, both parts of one buffer
 * (&buf[ir[k]]), and subscripts through scalars set from the loop indices
 * (i3 = 2*j3 - d). The two may overlap as far as the types say, so the
 * loop gets a run-time check of the address ranges its subscripts span;
 * in this program's second call the coarse grid lies inside the fine one,
 * the check fails and the loop runs serially, with the serial result. */
#include <stdio.h>

#define NF 18
#define NC 10

static double buf[NF * NF * NF + NC * NC * NC];

static void restrict_grid(void *of, void *oc, int mf, int mc, int d) {
  double (*f)[mf][mf] = (double (*)[mf][mf])of;
  double (*c)[mc][mc] = (double (*)[mc][mc])oc;
  int i1, i2, i3, j1, j2, j3;
  // doall: runtime if(((const char *)(&f[2 * (mc - 2) - d + 1][2 * (mc - 2) - d + 1][2 * (mc - 2) - d + 1] + 1) <= (const char *)&c[1][1][1] || (const char *)(&c[mc - 2][mc - 2][mc - 2] + 1) <= (const char *)&f[2 - d - 1][2 - d - 1][2 - d - 1])) private(i1, i2, i3, j1, j2)
  if ((const char *)(&f[-d + 1 + (mc - 2) * 2][-d + 1 + (mc - 2) * 2][-d + (mc - 2) * 2] + 1) <= (const char *)&c[1][1][1] || (const char *)(&c[mc - 2][mc - 2][mc - 2] + 1) <= (const char *)&f[-d + 1][-d + 1][-d + 2]) {
  #pragma omp parallel for private(i1, i2, i3, j1, j2) if(((const char *)(&f[-d + 1 + (mc - 2) * 2][-d + 1 + (mc - 2) * 2][-d + (mc - 2) * 2] + 1) <= (const char *)&c[1][1][1] || (const char *)(&c[mc - 2][mc - 2][mc - 2] + 1) <= (const char *)&f[-d + 1][-d + 1][-d + 2]) && (mc >= 6))
  for (j3 = 1; j3 < mc - 1; j3++) {
    i3 = 2 * j3 - d;
    // doall: runtime if((const char *)(&f[i3 + 1][-d + 1 + (mc - 2) * 2][-d + (mc - 2) * 2] + 1) <= (const char *)&c[j3][1][1] || (const char *)(&c[j3][mc - 2][mc - 2] + 1) <= (const char *)&f[i3 - 1][-d + 1][-d + 2]) private(i1, i2, j1)
    for (j2 = 1; j2 < mc - 1; j2++) {
      i2 = 2 * j2 - d;
      // doall: runtime if((const char *)(&f[i3 + 1][i2 + 1][-d + (mc - 2) * 2] + 1) <= (const char *)&c[j3][j2][1] || (const char *)(&c[j3][j2][mc - 2] + 1) <= (const char *)&f[i3 - 1][i2 - 1][-d + 2]) private(i1)
      for (j1 = 1; j1 < mc - 1; j1++) {
        i1 = 2 * j1 - d;
        c[j3][j2][j1] = 0.5 * f[i3][i2][i1] + 0.125 * (f[i3 - 1][i2][i1] + f[i3 + 1][i2][i1] + f[i3][i2 - 1][i1] + f[i3][i2 + 1][i1]);
      }
    }
  }
  } else {
  for (j3 = 1; j3 < mc - 1; j3++) {
    i3 = 2 * j3 - d;
    // doall: runtime if((const char *)(&f[i3 + 1][-d + 1 + (mc - 2) * 2][-d + (mc - 2) * 2] + 1) <= (const char *)&c[j3][1][1] || (const char *)(&c[j3][mc - 2][mc - 2] + 1) <= (const char *)&f[i3 - 1][-d + 1][-d + 2]) private(i1, i2, j1)
    for (j2 = 1; j2 < mc - 1; j2++) {
      i2 = 2 * j2 - d;
      // doall: runtime if((const char *)(&f[i3 + 1][i2 + 1][-d + (mc - 2) * 2] + 1) <= (const char *)&c[j3][j2][1] || (const char *)(&c[j3][j2][mc - 2] + 1) <= (const char *)&f[i3 - 1][i2 - 1][-d + 2]) private(i1)
      for (j1 = 1; j1 < mc - 1; j1++) {
        i1 = 2 * j1 - d;
        c[j3][j2][j1] = 0.5 * f[i3][i2][i1] + 0.125 * (f[i3 - 1][i2][i1] + f[i3 + 1][i2][i1] + f[i3][i2 - 1][i1] + f[i3][i2 + 1][i1]);
      }
    }
  }
  }
}

int main(void) {
  int i, ir = NF * NF * NF;
  double s1 = 0.0, s2 = 0.0;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < NF * NF * NF + NC * NC * NC; i++) buf[i] = ((i * 31) % 97) / 8.0;
  restrict_grid(&buf[0], &buf[ir], NF, NC, 1);
  // doall: parallel reduction(+:s1)
  #pragma omp parallel for reduction(+:s1)
  for (i = ir; i < ir + NC * NC * NC; i++) s1 += buf[i] * (i % 7);
  // The coarse grid inside the fine one: the check fails, the loop runs in order.
  restrict_grid(&buf[0], &buf[NF * NF * 4], NF, NC, 1);
  // doall: parallel reduction(+:s2)
  #pragma omp parallel for reduction(+:s2)
  for (i = 0; i < NF * NF * NF; i++) s2 += buf[i] * (i % 5);
  printf("sums %.6f %.6f\n", s1, s2);
  return 0;
}
