/* Counters in statics of this file only (as NPB's c_timers.c keeps start
 * and elapsed): the other files cannot name them, and every function of
 * theirs that calls these still has a summary. */
static int started[4], stopped[4];

void timer_start(int n) { started[n]++; }

void timer_stop(int n) { stopped[n]++; }

int timer_count(int n) { return started[n] + stopped[n]; }
