! A local work array filled by a call in every iteration, then read: the
! call's must-write region (all of temp) makes it private, and dead after
! the loop since the next loop's call overwrites it before any read. A
! call that writes only part of the array leaves the rest to flow in from
! the previous iteration: that loop stays serial.
program filled
  implicit none
  integer, parameter :: n = 20000
  double precision :: u(5, n), v(n), temp(5)
  integer :: i, m
  ! doall: parallel private(temp)
  save temp, u, v
  !$omp parallel do private(temp)
  do i = 1, n
    call exact(dble(i) / n, temp)
    ! doall: either
    !$omp simd
    do m = 1, 5
      u(m, i) = temp(m) * 2.0d0
    end do
  end do
  !$omp end parallel do
  ! doall: parallel private(temp)
  !$omp parallel do private(temp)
  do i = 1, n
    call exact(dble(n - i) / n, temp)
    v(i) = temp(1) + temp(5)
  end do
  !$omp end parallel do
  temp(4) = 0
  temp(5) = 0
  ! doall: serial -- half fills temp(1:3); temp(4) and temp(5) come from the previous iteration
  do i = 1, n
    call half(dble(i), temp)
    v(i) = v(i) + temp(1) + temp(5)
    temp(4) = temp(4) + 1.0d0
    temp(5) = temp(4)
  end do
  print '(a, 2f16.6)', 'u ', sum(u(:, 1)), sum(u(:, n))
  print '(a, f20.6)', 'v ', sum(v)
contains
  subroutine exact(x, t)
    double precision, intent(in) :: x
    double precision, intent(out) :: t(5)
    integer :: k
    ! doall: either
    do k = 1, 5
      t(k) = x * k + k * k
    end do
  end subroutine exact
  subroutine half(x, t)
    double precision, intent(in) :: x
    double precision, intent(inout) :: t(5)
    t(1) = x
    t(2) = x * 2
    t(3) = x * 3
  end subroutine half
end program filled
