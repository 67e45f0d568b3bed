/* A flag that only its own guarded statements may change (the guards of
 * c42, one step further): with the flag false when the loop starts, the
 * guarded statements do not run, nothing else writes the flag, so it
 * stays false and the loop is parallel with if(!trace). In once(), the
 * guarded block clears the flag itself (trace the first iteration only);
 * in hooked(), it calls through a function pointer, which doall cannot
 * follow, so the call may write any global, trace included. In raised(),
 * the flag is set by a statement outside its guards: the loop stays
 * serial. */
#include <stdio.h>

#define N 500

int trace = 0;
static double a[N], b[N];

static void hook(int i) {
  if (i % 100 == 0) printf("hook %d\n", i);
  if (i >= 300) trace = 0;
}

static void once(int n) {
  // doall: runtime if(!trace)
  #pragma omp parallel for if((!trace) && (n >= 50))
  for (int i = 0; i < n; i++) {
    if (trace) {
      printf("first %d\n", i);
      trace = 0;
    }
    a[i] = b[i] * 2.0 + i;
  }
}

static void hooked(int n, void (*f)(int)) {
  // doall: runtime if(!trace)
  #pragma omp parallel for if((!trace) && (n >= 67))
  for (int i = 0; i < n; i++) {
    a[i] = a[i] + b[i] / (i + 1);
    if (trace) f(i);
  }
}

static void raised(int n) {
  // doall: serial -- the flag is raised outside its guards, mid-loop
  for (int i = 0; i < n; i++) {
    if (trace) a[i] = -a[i];
    if (i == 250) trace = 1;
    a[i] = a[i] + b[i];
  }
}

int main(void) {
  // doall: parallel
  #pragma omp parallel for simd
  for (int i = 0; i < N; i++) b[i] = (7 * i) % 11 + 0.5;
  trace = 0;
  once(N);
  trace = 1;
  once(N);
  trace = 0;
  hooked(N, hook);
  trace = 1;
  hooked(N, hook);
  trace = 0;
  raised(N);
  double s = 0.0;
  // doall: parallel reduction(+:s)
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < N; i++) s += a[i] * (i + 1);
  printf("sum %.4f %d\n", s, trace);
  return 0;
}
