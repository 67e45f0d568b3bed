! Substrings of array elements, w(i)(1:2): a part of element w(i). Found
! by fuzzing: they were no reference at all, so a loop copying
! w(i + 1)(1:1) into w(i)(1:1) (each iteration reads what the next one
! writes) got a directive. A loop whose iterations touch parts of their
! own element only is parallel.
program substrings
  implicit none
  integer, parameter :: n = 20000
  character(len=4) :: w(n)
  character(len=1) :: c(n)
  integer :: i, k
  ! doall: parallel
  save c, w
  !$omp parallel do simd
  do i = 1, n
    w(i) = achar(65 + mod(i, 26)) // achar(97 + mod(i, 7)) // 'xy'
    c(i) = achar(48 + mod(i, 10))
  end do
  !$omp end parallel do simd
  ! doall: serial -- w(i)(1:1) reads w(i + 1)(1:1), which the next iteration writes
  do i = 1, n - 1
    w(i)(1:1) = w(i + 1)(1:1)
  end do
  ! doall: serial -- w(i)(3:4) is written after the iteration before read w(i)(2:3)
  do i = 2, n
    w(i)(3:4) = w(i - 1)(2:3)
  end do
  ! doall: parallel
  !$omp parallel do simd
  do i = 1, n
    w(i)(2:2) = w(i)(4:4)
    c(i) = w(i)(1:1)
  end do
  !$omp end parallel do simd
  k = 0
  ! doall: parallel reduction(+:k)
  !$omp parallel do reduction(+:k)
  do i = 1, n
    k = k + ichar(w(i)(1:1)) * mod(i, 7) + ichar(w(i)(2:2)) + 3 * ichar(w(i)(3:3)) + ichar(c(i))
  end do
  !$omp end parallel do
  print *, k, w(1), w(n / 2), w(n)
end program substrings
