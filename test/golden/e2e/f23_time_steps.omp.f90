! Time stepping, the NPB shape: a serial time loop around sweeps that are
! parallel, and a routine called for every cell inside the time loop and
! once after it. How often each loop starts a region decides where doall
! puts directives: the sweeps of a few thousand points, entered once per
! step, get one; relax's short loop, entered for every cell of every step,
! does not. The cell loop passes c(1, k) to relax: parallel for an expert,
! who knows relax touches only column k.
program time_steps
  implicit none
  integer, parameter :: n = 4000, cells = 64, m = 8
  real(8) :: u(n), un(n), c(m, cells), e(cells), total
  integer :: t, i, k, steps
  save c, e, u, un
  steps = 40
  ! doall: parallel
  !$omp parallel do simd
  do i = 1, n
    u(i) = mod(i * 7, 13) * 0.25d0
  end do
  !$omp end parallel do simd
  ! doall: parallel
  !$omp parallel do
  do k = 1, cells
    ! doall: either
    !$omp simd
    do i = 1, m
      c(i, k) = mod(i * k, 5) * 0.5d0
    end do
  end do
  !$omp end parallel do
  ! doall: serial -- each step reads the previous step's u
  do t = 1, steps
    ! doall: parallel
    !$omp parallel do simd
    do i = 2, n - 1
      un(i) = 0.25d0 * (u(i - 1) + 2.0d0 * u(i) + u(i + 1))
    end do
    !$omp end parallel do simd
    ! doall: parallel
    !$omp parallel do simd
    do i = 2, n - 1
      u(i) = un(i)
    end do
    !$omp end parallel do simd
    ! doall: parallel
    !$omp parallel do
    do k = 1, cells
      call relax(c(1, k), m, e(k))
    end do
    !$omp end parallel do
  end do
  call relax(u, n, total)
  ! doall: parallel reduction(+:total)
  do k = 1, cells
    total = total + e(k)
  end do
  print '(a, f20.6)', 'total ', total
  print '(a, 3f14.6)', 'u     ', u(2), u(n / 2), u(n - 1)
contains
  subroutine relax(x, len, s)
    integer, intent(in) :: len
    real(8), intent(inout) :: x(len)
    real(8), intent(out) :: s
    integer :: j
    s = 0.0d0
    ! doall: parallel reduction(+:s)
    do j = 1, len
      x(j) = x(j) * 0.5d0 + 1.0d0
      s = s + x(j)
    end do
  end subroutine relax
end program time_steps
