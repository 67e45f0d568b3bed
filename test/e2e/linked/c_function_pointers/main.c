#include <stdio.h>
#define N 20000
int cnt;
static int a[N], b[N], c[N];
void set_hook(void (*f)(int *));
void local_pointer(int *a, int n);
void static_pointer(int *a, int n);
void plain(int *a, int n);
void bump(int *r) { cnt++; *r = cnt; }
void work(int *r) { *r = 0; }
void hook(int *r) { *r = 1; }
int main(void) {
  set_hook(bump);
  local_pointer(a, N);
  static_pointer(b, N);
  plain(c, N);
  long k = 0;
  // doall: parallel reduction(+:k)
  for (int i = 0; i < N; i++)
    k += a[i] % 97 + 3 * (b[i] % 89) + c[i];
  printf("%d %d %d %d %ld\n", cnt, a[N / 2], a[N - 1], b[N - 1], k);
  return 0;
}
