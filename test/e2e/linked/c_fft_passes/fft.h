/* A small 3-D FFT in the shape of NPB-C FT: blocks of rows handed to a
 * Stockham pass that sees them as a matrix through a `void *`, a scratch
 * matrix and a work vector that are statics of fft.c, a block size in a
 * static global that steps the block loops, and timers under a flag. */
#define N1 32
#define N2 16
#define N3 16
#define BMAX 4
#define CACHE 64

typedef struct {
  double re;
  double im;
} cplx;

extern int timers_on;
void timer_start(int n);
void timer_stop(int n);
double timer_read(int n);
void fft3(int n1, int n2, int n3, cplx x[n3][n2][n1 + 1], cplx xout[(n1 + 1) * n2 * n3]);
void initial(int d1, int d2, int d3, cplx u[d3][d2][d1 + 1]);
