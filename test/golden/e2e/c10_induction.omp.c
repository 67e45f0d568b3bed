/* Induction variables: k += 2 as a subscript, a decreasing k--,
 * j = 2*i + 1 computed from the index, a geometric sequence, and a packed
 * triangular index k++ in a triangular nest (serial across rows unless
 * rewritten into the closed form, which the second nest uses). */
#include <stdio.h>

#define N 30000
#define M 120

static int a[2 * N + 4], b[N], c[2 * N + 2], packed[M * (M + 1) / 2], packed2[M * (M + 1) / 2];
static long long geo[N];

int main(void) {
  int i, j, k;
  long long x, s = 0;
  // doall: parallel
  #pragma omp parallel for simd
  for (i = 0; i < 2 * N + 4; i++)
    a[i] = 0;
  k = 0;
  // doall: parallel linear(k:2)
  #pragma omp parallel for simd linear(k:2)
  for (i = 0; i < N; i++) {
    k += 2;
    a[k] = i * 3;
    a[k + 1] = -i;
  }
  printf("k after the stride-2 loop: %d\n", k);
  k = N;
  // doall: parallel linear(k:-1)
  #pragma omp parallel for simd private(j) linear(k:-1)
  for (i = 0; i < N; i++) {
    k--;
    b[k] = i;

  // doall: parallel private(j)

    j = 2 * i + 1;
    c[j - 1] = i;
    c[j] = (i * i) % 1000;
  }
  x = 1;
  // doall: serial -- x is multiplied every iteration: a geometric sequence (closed form needs a power)
  for (i = 0; i < N; i++) {
    x = (x * 3) % 1000003;
    geo[i] = x;
  }
  k = 0;
  // doall: serial -- k carries over from row to row; the closed form i*(i+1)/2 + j needs a rewrite
  for (i = 0; i < M; i++)
    // doall: either linear(k:1)
    for (j = 0; j <= i; j++) {
      packed[k] = i * 1000 + j;
      k++;
    }
  // doall: parallel private(j)
  for (i = 0; i < M; i++)
    // doall: either
    for (j = 0; j <= i; j++)
      packed2[i * (i + 1) / 2 + j] = i * 1000 + j;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < N; i++)
    s += (long long)a[2 * i + 2] * (i % 7) + a[2 * i + 3] + (long long)b[i] * (i % 5) + (long long)c[2 * i] * 3 + c[2 * i + 1] + geo[i] % 1000;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < M * (M + 1) / 2; i++)
    s += (long long)packed[i] * (i % 3) - (long long)packed2[i] * (i % 2);
  printf("checksum %lld last packed index %d\n", s, k);
  return 0;
}
