/* Sizes and state of c28_cpp_header.c's grid, with the comments a C
   header has: block comments on #define and #if lines, and // ones. */
#define NX 600 /* points along x */
#define NY 400 // points along y
#if NX > 100 /* a comment in a condition */
#define STEPS 8
#else
#define STEPS 2
#endif
static double u[NY + 2][NX + 2], v[NY][NX]; /* two grids */
