/* Sizes, a work area and the field, as globals every file of the program declares. */
#define NMAX 60
#define MMAX 200
extern int dims[1], n, m;
extern double lhs[NMAX + 1][4], q[NMAX + 1];
extern double u[MMAX][NMAX + 1], f[MMAX][NMAX + 1];
void sweep(void);
void sweep2(void);
void initlhs(void);
