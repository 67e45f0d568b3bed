/* Sizes and state of f28_cpp_header.F90's grid. This header is written
   the way C headers are: C comments, which gfortran -cpp removes (its cpp
   runs in traditional mode). doall read them as Fortran before issue 17. */
#define NX 600 /* points along x */
#define NY 400 /* points along y */
#if NX > 100 /* a comment in a condition */
#define STEPS 8
#else
#define STEPS 2
#endif
      integer, parameter :: nx = NX, ny = NY /* the same, for Fortran */
      real(8) :: u(0:nx + 1, 0:ny + 1), v(nx, ny)  /* two grids */
      common /grid/ u, v
