! What only an OpenMP compile runs: doall's output is compiled with
! OpenMP, so `!$` lines are code there and _OPENMP is defined, and a
! routine's own OpenMP directives bind to the team of a loop that calls
! it. Found by fuzzing: `!$` lines read as comments, the code under
! #ifdef _OPENMP left out, and a call to a routine with an orphaned
! `omp do` or `master` all let a loop get a directive that changed the
! results, and one with a barrier hung. Now each is analyzed as compiled.
subroutine copy4(x, y)
  implicit none
  integer :: x(4), y(4)
  y = x
  !$omp barrier
end subroutine copy4

subroutine keep(x, y)
  implicit none
  integer :: x, y
  y = 0
  !$omp master
  y = x
  !$omp end master
end subroutine keep

program openmp_compiled
  implicit none
  integer, parameter :: n = 20000
  integer :: a(n + 1), b(4, n), c(4, n), d(n), e(n), i, k
  !$ integer :: nt
  ! doall: parallel
  save a, b, c, d, e
  !$omp parallel do simd
  do i = 1, n + 1
    a(i) = i
  end do
  !$omp end parallel do simd
  ! doall: serial -- the !$ line reads a(i + 1), which the next iteration writes
  do i = 1, n
    a(i) = 0
!$  a(i) = a(i + 1) + 1
  end do
  ! doall: serial -- under _OPENMP, a(i) reads a(i + 1)
  do i = 1, n
#ifdef _OPENMP
    d(i) = a(i + 1) - 1
    a(i) = d(i)
#else
    a(i) = i
#endif
  end do
  ! doall: parallel
  !$omp parallel do
  do i = 1, n
    b(:, i) = i
    e(i) = mod(i, 5)
  end do
  !$omp end parallel do
  ! doall: serial -- copy4 has an omp barrier, which would wait for threads that never come
  do i = 1, n
    call copy4(b(1, i), c(1, i))
  end do
  ! doall: serial -- keep has an omp master
  do i = 1, n
    call keep(e(i), d(i))
  end do
  k = 0
  ! doall: parallel reduction(+:k)
  !$omp parallel do reduction(+:k)
  do i = 1, n
    k = k + a(i) * mod(i, 7) + c(1, i) + c(4, i) + d(i)
  end do
  !$omp end parallel do
  !$ nt = 1
  print *, k
end program openmp_compiled
