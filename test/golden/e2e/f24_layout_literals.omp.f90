! Regressions of issue 22. Integer literals past 2^53 have no exact double:
! 9007199254740992_8 - 9007199254740993_8 is -1, so b(i + ... ) reads
! b(i - 1), a recurrence, though a double-precision reading of the two
! literals sees an offset of 0. And loops that share their line with other
! statements: no directive line can go right before a DO that follows
! another statement on its line, and the END directive cannot go right
! after an END DO that another statement follows (it is left out).
! A 52-term sum, which the parser regroups so that nothing downstream
! recurses 52 levels deep, still reads as the reduction it is.
program layout_literals
  implicit none
  integer, parameter :: n = 20000
  integer :: b(n), i
  integer :: a(n), c(n)
  integer(8) :: s
  ! doall: parallel
  save a, b, c
  !$omp parallel do simd
  do i = 1, n
    b(i) = mod(i, 3)
  end do
  !$omp end parallel do simd
  ! doall: serial -- b(i + 2**53 - (2**53 + 1)) is b(i - 1): a prefix sum
  do i = 2, n
    b(i) = b(i + 9007199254740992_8 - 9007199254740993_8) + b(i)
  end do
  ! doall: either -- parallel, but no directive can go right before a DO that follows a statement on its line
  a = 0; do i = 1, n; a(i) = 3 * i - b(i); end do
  ! doall: parallel
  !$omp parallel do simd
  do i = 1, n; c(i) = a(i) + 1; end do; a(1) = -1
  ! doall: parallel
  !$omp parallel do simd
  do i = 1, n
    c(i) = c(i) + a(i)
  end do; b(1) = 7
  s = 0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + c(i) + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17 &
      + 18 + 19 + 20 + 21 + 22 + 23 + 24 + 25 + 26 + 27 + 28 + 29 + 30 + 31 + 32 + 33 + 34 &
      - 35 - 36 - 37 - 38 - 39 - 40 - 41 - 42 - 43 - 44 - 45 - 46 - 47 - 48 - 49 - 50 - 51
  end do
  !$omp end parallel do
  print '(a, i12)', 'b(n)  ', b(n)
  print '(a, 3i12)', 'a c b1', a(n / 2), c(n - 1), b(1)
  print '(a, i16)', 's     ', s
end program layout_literals
