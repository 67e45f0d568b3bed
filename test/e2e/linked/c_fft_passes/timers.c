#include <sys/time.h>
#include "fft.h"

/* Wall-clock timers (as NPB's c_timers.c): the clock is state no loop may
 * read out of order, so a loop that times itself stays serial unless the
 * flag is off. */
int timers_on;
static double started[4], elapsed[4];

static double now(void) {
  struct timeval tv;
  gettimeofday(&tv, (void *)0);
  return tv.tv_sec + 1.0e-6 * tv.tv_usec;
}

void timer_start(int n) { started[n] = now(); }

void timer_stop(int n) { elapsed[n] += now() - started[n]; }

double timer_read(int n) { return elapsed[n]; }
