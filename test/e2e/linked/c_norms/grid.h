#define NX 48
#define NY 40

extern double u[NY][NX][5];
extern double dx, dy, dz;

void fill(void);
void error_norm(double rms[5]);
void scaled_norm(double rms[5], double *out);
