/* The grid of the row-pipelined sweeps (main.c, sweep.c). */
#define N 160
#define NK 24

extern double u[NK][N][N], v[NK][N][N];
extern double a[N][N], b[N][N];

void coef(int k);
void lower(int k, double x[][N][N], double p[][N], double q[][N]);
void coefu(int k);
void upper(int k, double x[][N][N], double p[][N], double q[][N]);
void coefm(int k);
void mixed(int k, double x[][N][N], double p[][N], double q[][N]);
