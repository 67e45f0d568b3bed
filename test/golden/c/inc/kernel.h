/* Sizes and accessors shared by the kernels. */
#ifndef KERNEL_H
#define KERNEL_H
#include <math.h>
#ifndef N
#define N 64
#endif
#define M (N / 2)
#define IDX(i, j) a[(j) * N + (i)]
typedef struct { double re, im; } dcomplex;
extern double u[N][M + 1];
#endif
