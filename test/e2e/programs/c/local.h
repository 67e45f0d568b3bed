/* Sizes and array-access macros of c16_macros.c: the loops index through
 * these, so the analyzer sees them only after preprocessing. */
#define NR 180
#define NC 150
#define A(i, j) a[(i) * nc + (j)]
#define B(i, j) b[(j) * nr + (i)]
#define SQR(x) ((x) * (x))
#define CLAMP(x, lo, hi) ((x) < (lo) ? (lo) : (x) > (hi) ? (hi) : (x))
