#define N 4000
#define M 200
extern int tmp1[M], tmp2[M], tmp3[M], tmp4[M];
void keep(int *x);
void show(void);
void fill(int *x, int k);
void fill3(int k);
void fill4(int k);
