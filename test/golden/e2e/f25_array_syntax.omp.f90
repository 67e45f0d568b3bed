! Array syntax and WHERE (issue 17): whole-array and section assignments,
! shifts whose sections overlap (the standard reads the whole right side
! before it stores anything), WHERE/ELSEWHERE masks, a mask the construct
! itself changes (evaluated once, at the WHERE), a work array filled by a
! section in every iteration, an allocatable array. These statements are
! not DO loops and carry no marker; the loops around them do.
program array_syntax
  implicit none
  integer, parameter :: n = 600, m = 400, nv = 30000
  integer :: a(n, m), b(n, m), w(n), v(nv), h(m)
  integer, allocatable :: z(:)
  integer :: i, j, k
  integer(8) :: total
  ! doall: parallel
  save a, b, h, v, w
  !$omp parallel do
  do j = 1, m
    ! doall: either
    !$omp simd
    do i = 1, n
      a(i, j) = mod(i * 37 + j * 11, 101) - 50
    end do
  end do
  !$omp end parallel do
  b = 0
  b(1:n:2, :) = 1
  b(n:1:-3, m) = 5
  ! doall: parallel
  !$omp parallel do
  do j = 1, m
    b(:, j) = b(:, j) + a(:, j) * 2
    where (b(:, j) > 20)
      b(:, j) = b(:, j) - 20
    elsewhere (b(:, j) < -20)
      b(:, j) = -b(:, j)
    elsewhere
      b(:, j) = b(:, j) * 3
    end where
  end do
  !$omp end parallel do
  ! doall: serial -- b(:, j) reads b(:, j - 1), written the iteration before
  do j = 2, m
    b(:, j) = b(:, j - 1) / 2 + b(:, j)
  end do
  ! doall: parallel
  !$omp parallel do simd
  do k = 1, nv
    v(k) = mod(k * 13, 17)
  end do
  !$omp end parallel do simd
  ! doall: serial -- every step shifts the whole of v by one element
  do k = 1, 40
    v(2:) = mod(v(:nv - 1) * 3 + k, 1000) - v(2:) / 2
  end do
  v(nv:1:-1) = v
  ! doall: parallel private(w)
  !$omp parallel do private(w)
  do j = 1, m
    w = a(:, j)
    w(2:n) = w(1:n - 1) + w(2:n)
    h(j) = sum(w) + maxval(w(1:10))
  end do
  !$omp end parallel do
  ! A mask the construct changes: the second assignment uses the mask as it was at the WHERE.
  where (a > 0)
    a = -a
    b = b + 1
  end where
  allocate (z(m))
  z = 1
  ! doall: parallel
  !$omp parallel do simd
  do j = 1, m
    z(j) = z(j) + h(j) + a(1, j)
  end do
  !$omp end parallel do simd
  z = z * 2
  total = 0
  ! doall: parallel reduction(+:total)
  !$omp parallel do reduction(+:total)
  do j = 1, m
    ! doall: either reduction(+:total)
    do i = 1, n
      total = total + a(i, j) * mod(i, 7) + b(i, j) * mod(j, 5)
    end do
  end do
  !$omp end parallel do
  print '(a, i16)', 'total ', total
  print '(a, 3i12)', 'h     ', sum(h), h(1), h(m)
  print '(a, 3i16)', 'v     ', sum(int(v, 8)), v(1), v(nv)
  print '(a, 2i12)', 'z     ', sum(z), z(m)
end program array_syntax
