/* The functions main.c calls, compiled and analyzed as another file. */
#include "kern.h"

long hits;

double poly(double t) { return coef[0] * t + coef[1]; }

double bump(double t) {
  counter++;
  return t + (double)(counter % 13);
}

double next_value(void) {
  hits = (hits * 31 + 7) % 1000003;
  return (double)(hits % 17);
}
