! Induction variables: k = k + 2 as a subscript, a decreasing k = k - 1,
! j = 2*i + 1 computed from the index, a geometric sequence, and a packed
! triangular index k = k + 1 in a triangular nest (serial across rows
! unless rewritten into the closed form, which the second nest uses).
program induction
  implicit none
  integer, parameter :: n = 30000, m = 120
  integer :: a(2 * n + 4), b(n), c(2 * n + 2), packed(m * (m + 1) / 2), packed2(m * (m + 1) / 2)
  integer :: i, j, k
  integer(8) :: x, geo(n), s

  ! doall: parallel
  save a, b, c, geo, packed, packed2
  !$omp parallel do simd
  do i = 1, 2 * n + 4
    a(i) = 0
  end do
  !$omp end parallel do simd
  k = 1
  ! doall: parallel linear(k:2)
  !$omp parallel do simd linear(k:2)
  do i = 1, n
    k = k + 2
    a(k) = i * 3
    a(k + 1) = -i
  end do
  !$omp end parallel do simd
  print '(a, i0)', 'k after the stride-2 loop: ', k

  k = n + 1
  ! doall: parallel linear(k:-1)
  !$omp parallel do simd private(j) linear(k:-1)
  do i = 1, n
    k = k - 1
    b(k) = i


  ! doall: parallel private(j)

    j = 2 * i + 1
    c(j - 1) = i
    c(j) = mod(i * i, 1000)
  end do
  !$omp end parallel do simd

  x = 1
  ! doall: serial -- x is multiplied every iteration: a geometric sequence (closed form needs a power)
  do i = 1, n
    x = mod(x * 3_8, 1000003_8)
    geo(i) = x
  end do

  k = 0
  ! doall: serial -- k carries over from row to row; the closed form i*(i-1)/2 + j needs a rewrite
  do i = 1, m
    ! doall: either linear(k:1)
    do j = 1, i
      k = k + 1
      packed(k) = i * 1000 + j
    end do
  end do

  ! doall: parallel
  do i = 1, m
    ! doall: either
    do j = 1, i
      packed2(i * (i - 1) / 2 + j) = i * 1000 + j
    end do
  end do

  s = 0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + int(a(2 * i), 8) * mod(i, 7) + int(a(2 * i + 1), 8) + int(b(i), 8) * mod(i, 5) &
      + int(c(2 * i), 8) * 3 + int(c(2 * i + 1), 8) + mod(geo(i), 1000_8)
  end do
  !$omp end parallel do
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do i = 1, m * (m + 1) / 2
    s = s + int(packed(i), 8) * mod(i, 3) - int(packed2(i), 8) * mod(i, 2)
  end do
  !$omp end parallel do
  print '(a, i0, a, i0)', 'checksum ', s, ' last packed index ', k
end program induction
