/* Calls through function pointer variables named like functions of the
 * other file: `work` a local pointer set to bump, `hook` a static pointer
 * that main sets to bump. main.c also defines functions work and hook that
 * only write their argument; found by fuzzing: the calls were taken for
 * those, and the loops got directives. A call of the function work itself
 * is followed as usual. */
void bump(int *r);
void work(int *r);
static void (*hook)(int *);

void set_hook(void (*f)(int *)) { hook = f; }

void local_pointer(int *a, int n) {
  void (*work)(int *) = bump;
  // doall: serial -- work points to bump, which counts in cnt
  for (int i = 0; i < n; i++)
    work(&a[i]);
}

void static_pointer(int *a, int n) {
  // doall: serial -- hook points to bump
  for (int i = 0; i < n; i++)
    hook(&a[i]);
}

void plain(int *a, int n) {
  // doall: parallel
  for (int i = 0; i < n; i++)
    work(&a[i]);
}
