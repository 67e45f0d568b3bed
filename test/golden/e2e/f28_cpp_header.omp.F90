! A .F90 program (preprocessed by gfortran -cpp, and by doall) whose header
! grid.h uses C comments, on declarations and on #define and #if lines;
! this file has some too, one of them over three lines just before a
! loop, so that doall's directives land where the user's lines are. The
! `//` below is concatenation, never a comment. Values are multiples of
! 1/4 that stay exact in real(8).
program cpp_header
  implicit none
#include "grid.h"
  integer :: i, j, t
  real(8) :: total
  character(len=16) :: label
  ! doall: parallel
  !$omp parallel do
  do j = 0, ny + 1
    ! doall: either
    !$omp simd
    do i = 0, nx + 1 /* the halo too */
      u(i, j) = mod(i * 3 + j * 5, 16) * 0.25d0
    end do
  end do
  !$omp end parallel do
  ! doall: serial -- each step reads the previous step's u
  do t = 1, STEPS
    /* A comment over three lines, as a C programmer writes it:
       gfortran's cpp removes it and leaves the lines empty, and the
       directive for the next loop must still go right before it. */
    ! doall: parallel
    !$omp parallel do
    do j = 1, ny
      ! doall: either
      !$omp simd
      do i = 1, nx
        v(i, j) = (u(i - 1, j) + u(i + 1, j) + 2 * u(i, j)) * 0.25d0
      end do

    ! doall: parallel

      ! doall: either
      do i = 1, nx
        u(i, j) = v(i, j) /* copy back */
      end do
    end do
    !$omp end parallel do
  end do
  total = 0
  ! doall: parallel reduction(+:total)
  !$omp parallel do reduction(+:total)
  do j = 1, ny
    ! doall: either reduction(+:total)
    do i = 1, nx
      total = total + u(i, j) * mod(i + j, 5)
    end do
  end do
  !$omp end parallel do
  label = 'grid' // ' total'
  print '(a, f24.6)', trim(label), total
end program cpp_header
