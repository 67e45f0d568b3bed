#include "comments.h"
#define N 5 /* five */
#define M 7 // seven
#if N > 3 /* a comment in a condition */
program main
  character(len=8) :: s
  integer :: a = N, b = M
  s = 'ab' // 'cd'   ! concatenation
  s = 'x /* y */'
  print *, s, a /* inline */, b
  print *, SCALE, TWICE(3), nx, ny, hs, hq
#endif /* N */
end program
