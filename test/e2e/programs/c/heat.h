/* Grid size and number of steps of c01_heat1d.c. */
#define N 2000
#define NSTEPS 60
