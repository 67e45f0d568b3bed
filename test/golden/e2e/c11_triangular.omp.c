/* Triangular nests over integers modulo a prime, with the size read at
 * run time: a lower-triangular matrix-vector product (parallel over rows),
 * forward and backward substitution (serial), loops written
 * for (i = n-1; i >= 0; i--), and strides i += 3 and i += 2. */
#include <stdio.h>
#include <stdlib.h>

#define P 1009

static long long mod(long long v) { return ((v % P) + P) % P; }

int main(void) {
  int n, i, j;
  if (sscanf("300", "%d", &n) != 1) return 1;
  long long (*l)[n] = malloc(sizeof(long long[n][n]));
  long long *b = malloc(n * sizeof *b), *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  long long *z = malloc(n * sizeof *z), *q = malloc(n * sizeof *q), *v = calloc(n + 3, sizeof *v);
  long long s;
  if (!l || !b || !x || !y || !z || !q || !v) return 1;
  // doall: parallel private(j)
  if ((const char *)(&l[n - 1][n - 1] + 1) <= (const char *)&b[0] || (const char *)(&b[n - 1] + 1) <= (const char *)&l[0][0]) {
  #pragma omp parallel for private(j) schedule(static, 1) if(((const char *)(&l[n - 1][n - 1] + 1) <= (const char *)&b[0] || (const char *)(&b[n - 1] + 1) <= (const char *)&l[0][0]) && (n >= 4))
  for (i = 0; i < n; i++) {
    // doall: either
    #pragma omp simd
    for (j = 0; j < i; j++)
      l[i][j] = (i * 7 + j * 3) % 5 - 2;
    l[i][i] = 1;
    // doall: either
    #pragma omp simd
    for (j = i + 1; j < n; j++)
      l[i][j] = 0;
    b[i] = (i * 31) % P;
  }
  } else {
  for (i = 0; i < n; i++) {
    // doall: either
    for (j = 0; j < i; j++)
      l[i][j] = (i * 7 + j * 3) % 5 - 2;
    l[i][i] = 1;
    // doall: either
    for (j = i + 1; j < n; j++)
      l[i][j] = 0;
    b[i] = (i * 31) % P;
  }
  }
  /* Lower-triangular product z = L * b: row i reads b[0..i]. */
  // doall: parallel private(j, s)
  for (i = 0; i < n; i++) {
    s = 0;
    // doall: either reduction(+:s)
    for (j = 0; j <= i; j++)
      s += l[i][j] * b[j];
    z[i] = mod(s);
  }
  /* Forward substitution L x = b (mod P). */
  // doall: serial -- x[i] reads x[0..i-1] computed by earlier iterations
  for (i = 0; i < n; i++) {
    s = b[i];
    // doall: either reduction(+:s)
    for (j = 0; j < i; j++)
      s -= l[i][j] * x[j];
    x[i] = mod(s);
  }
  /* Backward substitution L^T y = b (mod P), from the last row up. */
  // doall: serial -- y[i] reads y[i+1..n-1] computed by earlier iterations
  for (i = n - 1; i >= 0; i--) {
    s = b[i];
    // doall: either reduction(+:s)
    for (j = i + 1; j < n; j++)
      s -= l[j][i] * y[j];
    y[i] = mod(s);
  }
  /* Downwards with independent iterations. */
  // doall: parallel
  if (((const char *)(&x[n - 1] + 1) <= (const char *)&q[0] || (const char *)(&q[n - 1] + 1) <= (const char *)&x[0]) && ((const char *)(&y[n - 1] + 1) <= (const char *)&q[0] || (const char *)(&q[n - 1] + 1) <= (const char *)&y[n - 1 - (n - 1)])) {
  #pragma omp parallel for if((((const char *)(&x[n - 1] + 1) <= (const char *)&q[0] || (const char *)(&q[n - 1] + 1) <= (const char *)&x[0]) && ((const char *)(&y[n - 1] + 1) <= (const char *)&q[0] || (const char *)(&q[n - 1] + 1) <= (const char *)&y[n - 1 - (n - 1)])) && (n >= 100))
  for (i = n - 1; i >= 0; i--)
    q[i] = mod(x[i] + 2 * y[n - 1 - i]);
  } else {
  for (i = n - 1; i >= 0; i--)
    q[i] = mod(x[i] + 2 * y[n - 1 - i]);
  }
  /* Stride 3: iteration i writes v[i] and v[i+1], never another iteration's. */
  // doall: parallel
  if (((const char *)(&x[n - 1] + 1) <= (const char *)&v[0] || (const char *)(&v[n] + 1) <= (const char *)&x[0]) && ((const char *)(&v[n] + 1) <= (const char *)&y[0] || (const char *)(&y[n - 1] + 1) <= (const char *)&v[0])) {
  #pragma omp parallel for if((((const char *)(&x[n - 1] + 1) <= (const char *)&v[0] || (const char *)(&v[n] + 1) <= (const char *)&x[0]) && ((const char *)(&v[n] + 1) <= (const char *)&y[0] || (const char *)(&y[n - 1] + 1) <= (const char *)&v[0])) && (n >= 298))
  for (i = 0; i < n; i += 3) {
    v[i] = x[i];
    v[i + 1] = y[i];
  }
  } else {
  for (i = 0; i < n; i += 3) {
    v[i] = x[i];
    v[i + 1] = y[i];
  }
  }
  /* Stride 2: writes odd elements, reads even ones. */
  // doall: parallel
  #pragma omp parallel for simd if(n >= 400)
  for (i = 1; i < n; i += 2)
    v[i] = v[i - 1] + v[i + 1];
  /* Stride 2 again, but reading what the previous iteration wrote. */
  // doall: serial -- v[i] reads v[i-2], written by the previous iteration
  for (i = 2; i < n; i += 2)
    v[i] = mod(v[i - 2] * 3 + v[i]);
  s = 0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s) if(n >= 200)
  for (i = 0; i < n; i++)
    s += z[i] * (i % 7) + x[i] * 3 + y[i] * 5 + q[i] + v[i] * (i % 4);
  printf("n %d checksum %lld\nx[n-1] %lld y[0] %lld z[n-1] %lld\n", n, s, x[n - 1], y[0], z[n - 1]);
  free(l);
  free(b);
  free(x);
  free(y);
  free(z);
  free(q);
  free(v);
  return 0;
}
