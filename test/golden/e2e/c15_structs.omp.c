/* Struct members: a struct holding two-dimensional arrays, an array of
 * structs, a struct reached through a pointer, and a scalar member used
 * as an accumulator (serial) next to a local accumulator (reduction). */
#include <math.h>
#include <stdio.h>

#define N 150
#define NP 20000

struct grid {
  int n;
  double u[N][N], v[N][N];
  long long total;
};

struct particle {
  double x, y, vx, vy;
  int cell;
};

static struct grid g;
static struct particle pts[NP];
static int counts[16];

static void relax(struct grid *gp) {
  int i, j;
  // doall: parallel private(j)
  for (i = 1; i < gp->n - 1; i++)
    // doall: either
    for (j = 1; j < gp->n - 1; j++)
      gp->v[i][j] = (gp->u[i - 1][j] + gp->u[i + 1][j] + gp->u[i][j - 1] + gp->u[i][j + 1]) * 0.25;
}

int main(void) {
  int i, j;
  long long local = 0;
  g.n = N;
  // doall: parallel private(j)
  for (i = 0; i < g.n; i++)
    // doall: either
    for (j = 0; j < g.n; j++) {
      g.u[i][j] = (double)((i * 3 + j * 7) % 16);
      g.v[i][j] = 0.0;
    }
  relax(&g);
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < NP; i++) {
    pts[i].x = (double)(i % 100);
    pts[i].y = (double)((i * 7) % 100);
    pts[i].vx = (double)(i % 5 - 2) * 0.5;
    pts[i].vy = (double)(i % 3 - 1) * 0.25;
  }
  // doall: serial -- time steps move the same particles
  for (int step = 0; step < 10; step++)
    // doall: parallel
    #pragma omp parallel for simd
    for (i = 0; i < NP; i++) {
      pts[i].x = fmod(pts[i].x + pts[i].vx + 100.0, 100.0);
      pts[i].y = fmod(pts[i].y + pts[i].vy + 100.0, 100.0);
      pts[i].cell = (int)(pts[i].x / 25.0) * 4 + (int)(pts[i].y / 25.0);
    }
  // doall: parallel reduction(+:counts)
  #pragma omp parallel for reduction(+:counts)
  for (i = 0; i < NP; i++)
    counts[pts[i].cell]++;
  g.total = 0;
  // doall: serial -- g.total = g.total * 3 % p + ...: each step uses the previous one
  for (i = 0; i < NP; i++)
    g.total = g.total * 3 % 1000003 + pts[i].cell;
  // doall: parallel private(j) reduction(+:local)
  #pragma omp parallel for private(j) reduction(+:local) if(g.n >= 4)
  for (i = 0; i < g.n; i++)
    // doall: either reduction(+:local)
    for (j = 0; j < g.n; j++)
      local += llround(g.v[i][j] * 4.0) * ((i + j) % 5);
  printf("grid %lld total %lld\ncounts", local, g.total);
  // doall: serial -- prints in order
  for (i = 0; i < 16; i++)
    printf(" %d", counts[i]);
  printf("\n");
  return 0;
}
