/* A header written for C and Fortran alike: C comments, as gfortran -cpp
   accepts them (its cpp runs in traditional mode and removes them). */
      integer, parameter :: nx = 10  /* trailing comment */
// not a comment for gfortran's cpp: this line reaches the compiler
      integer, parameter :: ny = 20  // concatenation, not a comment
#define SCALE 2 /* scale factor */
#define TWICE(x) (2*(x)) // kept in the body
      character(len=*), parameter :: hs = 'a' // 'b'
      character(len=*), parameter :: hq = 'x /* in a literal */ y'
