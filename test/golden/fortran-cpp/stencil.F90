#include "sizes.h"
! A Jacobi sweep whose sizes come from the preprocessor.
program stencil
  implicit none
#ifdef USE_REAL4
  real :: a(NX, NY), b(NX, NY)
#else
  double precision :: a(NX, NY), b(NX, NY)
#endif
  integer :: i, j, it
  a = 0
  do it = 1, 10
    do j = 2, NY - 1
      do i = 2, NX - 1
        b(i, j) = 0.25d0 * (IDX(i-1, j) + IDX(i+1, j) + &
                            IDX(i, j-1) + IDX(i, j+1))
      end do
    end do
    a(2:NX-1, 2:NY-1) = b(2:NX-1, 2:NY-1)
  end do
#if NX > 32
  do while (a(1, 1) > 1.0d0)
    a(1, 1) = a(1, 1) / 2
  end do
#endif
  print *, a(NX / 2, NY / 2)
end program stencil
