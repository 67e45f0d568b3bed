! 2-D Jacobi iteration on a square grid whose arrays are module variables.
! The largest change per sweep is a max reduction (exact in any order);
! the checksum rounds each value to an integer first, so it is exact too.
module grid2d
  implicit none
  integer, parameter :: n = 200
  double precision :: u(0:n+1, 0:n+1), unew(0:n+1, 0:n+1)
  integer :: sweeps = 0
end module grid2d

program jacobi2d
  use grid2d
  implicit none
  integer :: i, j, it
  double precision :: diff, d
  integer(8) :: isum

  ! doall: parallel
  !$omp parallel do
  do j = 0, n + 1
    ! doall: either
    !$omp simd
    do i = 0, n + 1
      u(i, j) = 0.0d0
      unew(i, j) = 0.0d0
    end do
  end do
  !$omp end parallel do
  ! Boundary values: small integers. The corners are written twice:
  ! u(n+1, 0) by iteration n+1 (first line) and by iteration 0 (last line).
  ! doall: serial -- output dependence at the corners between iterations 0 and n+1
  do i = 0, n + 1
    u(i, 0) = dble(mod(7 * i, 64))
    u(i, n + 1) = dble(mod(11 * i, 64))
    u(0, i) = dble(mod(5 * i, 32))
    u(n + 1, i) = dble(mod(3 * i, 32))
  end do

  diff = 0.0d0
  ! doall: serial -- each sweep reads the previous sweep's u
  do it = 1, 40
    diff = 0.0d0
    ! doall: parallel private(d) reduction(max:diff)
    !$omp parallel do private(d) reduction(max:diff)
    do j = 1, n
      ! doall: either private(d) reduction(max:diff)
      do i = 1, n
        unew(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
        d = abs(unew(i, j) - u(i, j))
        diff = max(diff, d)
      end do
    end do
    !$omp end parallel do
    ! doall: parallel
    !$omp parallel do
    do j = 1, n
      ! doall: either
      !$omp simd
      do i = 1, n
        u(i, j) = unew(i, j)
      end do
    end do
    !$omp end parallel do
    sweeps = sweeps + 1
  end do

  isum = 0
  ! doall: parallel reduction(+:isum)
  !$omp parallel do reduction(+:isum)
  do j = 0, n + 1
    ! doall: either reduction(+:isum)
    do i = 0, n + 1
      isum = isum + nint(u(i, j) * 1.0d4) * mod(i + j, 7)
    end do
  end do
  !$omp end parallel do
  print '(a, i0, a, i0)', 'sweeps ', sweeps, ' checksum ', isum
  print '(a, f16.10)', 'last change ', diff
end program jacobi2d
