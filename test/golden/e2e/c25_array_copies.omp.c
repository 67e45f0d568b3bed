/* The C side of f25: the computations f25 writes with array syntax and
 * WHERE, as plain loops. Fortran reads the whole right side of an array
 * assignment before it stores anything; C spells that out: a shift whose
 * source and destination overlap goes through a temporary (or runs
 * backwards), a masked update is an if per element. The output is the
 * same as f25's. */
#include <stdio.h>
#include <string.h>

#define N 600
#define M 400
#define NV 30000

static int a[M][N], b[M][N], v[NV], tmp[NV], h[M], z[M];

int main(void) {
  int w[N];
  long long total, vs;
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < M; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N; i++)
      a[j][i] = ((i + 1) * 37 + (j + 1) * 11) % 101 - 50;
  memset(b, 0, sizeof b);
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < M; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N; i += 2)
      b[j][i] = 1;
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = N - 1; i >= 0; i -= 3)
    b[M - 1][i] = 5;
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < M; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N; i++) {
      b[j][i] += a[j][i] * 2;
      if (b[j][i] > 20)
        b[j][i] -= 20;
      else if (b[j][i] < -20)
        b[j][i] = -b[j][i];
      else
        b[j][i] *= 3;
    }
  // doall: serial -- b[j] reads b[j - 1], written the iteration before
  for (int j = 1; j < M; j++)
    // doall: either
    for (int i = 0; i < N; i++)
      b[j][i] = b[j - 1][i] / 2 + b[j][i];
  // doall: parallel
  #pragma omp parallel for simd
  for (int k = 0; k < NV; k++)
    v[k] = ((k + 1) * 13) % 17;
  // doall: serial -- every step shifts the whole of v by one element
  for (int k = 1; k <= 40; k++) {
    // doall: parallel
    #pragma omp parallel for simd
    for (int i = 1; i < NV; i++)
      tmp[i] = (v[i - 1] * 3 + k) % 1000 - v[i] / 2;
    memcpy(&v[1], &tmp[1], (NV - 1) * sizeof v[0]);
  }
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < NV; i++)
    tmp[i] = v[NV - 1 - i];
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < NV; i++)
    v[i] = tmp[i];
  // doall: parallel private(w)
  #pragma omp parallel for private(w)
  for (int j = 0; j < M; j++) {
    int s = 0, mx;
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N; i++)
      w[i] = a[j][i];
    // doall: serial -- backwards, so that w[i - 1] is still the old value; forwards it would be a prefix sum
    for (int i = N - 1; i >= 1; i--)
      w[i] = w[i - 1] + w[i];
    mx = w[0];
    // doall: either reduction(+:s) reduction(max:mx)
    for (int i = 0; i < N; i++) {
      s += w[i];
      if (i < 10 && w[i] > mx)
        mx = w[i];
    }
    h[j] = s + mx;
  }
  /* where (a > 0): a = -a and b = b + 1, both where a was positive before the first. */
  // doall: parallel
  #pragma omp parallel for
  for (int j = 0; j < M; j++)
    // doall: either
    #pragma omp simd
    for (int i = 0; i < N; i++)
      if (a[j][i] > 0) {
        a[j][i] = -a[j][i];
        b[j][i] += 1;
      }
  // doall: parallel
  #pragma omp parallel for simd
  for (int j = 0; j < M; j++)
    z[j] = 1;
  // doall: parallel
  #pragma omp parallel for simd
  for (int j = 0; j < M; j++)
    z[j] = z[j] + h[j] + a[j][0];
  // doall: parallel
  #pragma omp parallel for simd
  for (int j = 0; j < M; j++)
    z[j] *= 2;
  total = 0;
  // doall: parallel reduction(+:total)
  #pragma omp parallel for reduction(+:total)
  for (int j = 0; j < M; j++)
    // doall: either reduction(+:total)
    for (int i = 0; i < N; i++)
      total += a[j][i] * ((i + 1) % 7) + b[j][i] * ((j + 1) % 5);
  int hs = 0, zs = 0;
  vs = 0;
  // doall: parallel reduction(+:hs, zs)
  #pragma omp parallel for reduction(+:hs, zs)
  for (int j = 0; j < M; j++) {
    hs += h[j];
    zs += z[j];
  }
  // doall: parallel reduction(+:vs)
  #pragma omp parallel for reduction(+:vs)
  for (int k = 0; k < NV; k++)
    vs += v[k];
  printf("total %16lld\n", total);
  printf("h     %12d%12d%12d\n", hs, h[0], h[M - 1]);
  printf("v     %16lld%16d%16d\n", vs, v[0], v[NV - 1]);
  printf("z     %12d%12d\n", zs, z[M - 1]);
  return 0;
}
