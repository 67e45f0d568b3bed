/* Work arrays shared by the files of this program (as NPB-C's work_lhs.h
 * shares fjac, lhs and tmp1 between x_solve, y_solve and z_solve). */
#define NK 40
#define NI 300

extern double u[NK][NI + 1];
extern double out[NK][NI + 1];
extern double w[NI + 1][2];
extern double t1, t2;
extern double v[NI + 1];
extern int grid[2];

void ends(double v[][2], int size);
void sweep(void);
void smooth(void);
void keep_last(void);
void timer_start(int n);
void timer_stop(int n);
int timer_count(int n);
