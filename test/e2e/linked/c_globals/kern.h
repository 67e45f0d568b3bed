/* What main.c knows of kern.c: coef and counter are defined in main.c;
 * hits, kern.c's own global, is not declared here. */
extern double coef[2];
extern long counter;
double poly(double t);
double bump(double t);
double next_value(void);
