/* A work array is private to an iteration only when what the iteration
 * reads of it, it wrote first. Which element a read takes depends on the
 * scalars of its subscript, so a scalar the walk remembers (n = 10) must
 * be forgotten wherever it may change: in `m = n++`, in a function that
 * changes the global it is, in a loop that names no array. Each iteration
 * here writes a[0..10] and then reads an element past it, which holds what
 * was there before the loop: a private copy would read garbage. */
#include <stdio.h>

#define M 4000

int a[M];
int g;

int grow(void) {
  g += 15;
  return 1;
}

int main(void) {
  int n, m, s = 0;
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < M; i++)
    a[i] = i;
  /* n moves on in the right-hand side of another assignment. */
  // doall: serial -- reads a[11], which no iteration writes
  for (int k = 0; k < 300; k++) {
    n = 10;
    // doall: either
    for (int j = 0; j <= n; j++)
      a[j] = k + j;
    m = n++;
    s += a[n] + m;
  }
  /* The global g moves on in a function the loop calls. */
  // doall: serial -- grow() moves g to 25 before a[g] is read
  for (int k = 0; k < 300; k++) {
    g = 10;
    // doall: either
    for (int j = 0; j <= g; j++)
      a[j] = k - j;
    s += grow();
    s += a[g];
  }
  /* n moves on in a loop that names no array. */
  // doall: serial -- reads a[20], past the a[0..10] written
  for (int k = 0; k < 300; k++) {
    n = 10;
    // doall: either
    for (int j = 0; j <= n; j++)
      a[j] = k * j;
    // doall: either reduction(+:n)
    for (int i = 0; i < 5; i++)
      n += 2;
    s += a[n];
  }
  printf("%d %d\n", s, g);
  return 0;
}
