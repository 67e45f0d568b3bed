/* Found by fuzzing: a bound read through a pointer into an array the body
 * writes by name (lim = &B[100], i < *lim; hdr = &recs[100], i < hdr->n)
 * is evaluated once by OpenMP but again after every iteration serially,
 * and a callee's static struct (a member, an element of an array member)
 * is shared by all iterations. Each stays serial (and so, conservatively,
 * does a loop bounded through a pointer while it writes another array). */
#include <stdio.h>

#define N 20000

struct Rec { int n; int v; };
struct Buf { int buf[4]; };

static int B[N], C[N], D[N];
static struct Rec recs[N];

static int prev(int x) {
  static struct Rec p;
  int r = p.v;
  p.v = x;
  return r;
}

static int ring(int x) {
  static struct Buf t;
  t.buf[x & 3] = x;
  return t.buf[(x + 1) & 3];
}

int main(void) {
  int i;
  // doall: parallel
  for (i = 0; i < N; i++) {
    B[i] = i % 10;
    recs[i].n = N;
    recs[i].v = i % 7;
  }
  B[100] = N;
  int *lim = &B[100];
  // doall: serial -- i < *lim reads B[100], which iteration 100 writes
  for (i = 0; i < *lim; i++)
    B[i] = 7;
  struct Rec *hdr = &recs[100];
  // doall: serial -- hdr->n is recs[100].n, which iteration 100 writes
  for (i = 0; i < hdr->n; i++)
    recs[i].n = 5;
  // doall: either -- *lim is B[100], which this loop does not write; doall does not follow where lim points
  for (i = 0; i < *lim; i++)
    C[i] = i % 3;
  // doall: serial -- prev keeps the last x in its static struct
  for (i = 0; i < N; i++)
    D[i] = prev(i);
  // doall: serial -- ring keeps values in its static struct's array
  for (i = 0; i < N; i++)
    C[i] += ring(i);
  long s = 0;
  // doall: parallel reduction(+:s)
  for (i = 0; i < N; i++)
    s += B[i] + recs[i].n + 3 * C[i] + D[i] % 1000;
  printf("%ld\n", s);
  return 0;
}
