! Found by fuzzing: a DO loop's bounds are read once, before the first
! iteration, but in the parallel loop each thread reads them as it
! starts; a bound read from an array element the body writes (k(2), when
! the loop writes k(i)) then gives a late thread another iteration space.
! Such a loop stays serial; one whose bound array it does not write is
! parallel.
program bound_elements
  implicit none
  integer, parameter :: n = 20000
  integer :: b(n), k(n), c(n), i, s
  ! doall: parallel
  save b, c, k
  !$omp parallel do simd
  do i = 1, n
    b(i) = mod(i * 7, 13)
    k(i) = n
  end do
  !$omp end parallel do simd
  ! doall: serial -- its bound k(2) is written by the second iteration
  do i = 1, k(2)
    k(i) = n / 2 + b(i)
  end do
  ! doall: serial -- its lower bound k(n) is written by its last iteration
  do i = k(n) - n / 2, n
    k(i) = 2
  end do
  ! doall: parallel
  !$omp parallel do simd if(k(3) >= 200)
  do i = 1, k(3)
    c(i) = b(i) + 1
  end do
  !$omp end parallel do simd
  s = 0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + mod(k(i) * 3 + c(i), 1000)
  end do
  !$omp end parallel do
  print *, s
end program bound_elements
