/* args: --arrays */
/* C: arrays passed as pointers may overlap each other and the globals, so
   a store through one is a possible store into every object a pointer can
   reach (the whole-variable edges on a, b and g, and on the "(memory)"
   pseudo-variable). Scalars are passed by value: the call reads n only. */
double g[100];
void use(int n);

void scale(double *a, double *b, int m) {
  int i;
  double t, s = 0.0;
  for (i = 0; i < m; i++) {
    t = a[i] * 2.0;
    b[i] = t + g[i];
    s += t;
  }
  g[0] = s;
  use(m);
}
