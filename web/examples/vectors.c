/* Vector kernels over global arrays. */
#define N 100000

double x[N], y[N], a[N];

double dot(void) {
  double s = 0.0;
  for (int i = 0; i < N; i++)
    s += x[i] * y[i];
  return s;
}

void axpy(double alpha) {
  for (int i = 0; i < N; i++)
    y[i] = alpha * x[i] + y[i];
}

void prefix_sum(void) {
  for (int i = 1; i < N; i++)
    a[i] = a[i] + a[i - 1];
}

void shift(int k) {
  for (int i = 0; i < N / 2; i++)
    a[i + k] = a[i] * 0.5;
}

double max_abs(int *where) {
  double m = 0.0;
  int w = -1;
  for (int i = 0; i < N; i++) {
    double v = x[i] < 0 ? -x[i] : x[i];
    if (v > m) {
      m = v;
      w = i;
    }
  }
  *where = w;
  return m;
}
