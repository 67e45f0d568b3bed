/* Sizes, the field, the coefficients of one plane and a flag: every file
 * of the program includes this header. */
#define LD 128
#define NK 24

extern int n, jst, jend, trace;
extern double v[NK][LD][LD], u[NK][LD][LD];
extern double a[LD][LD], b[LD][LD];

void coef(int k);
void lower(int k, double x[][LD][LD], double p[][LD], double q[][LD], int m);
void tick(int k);
