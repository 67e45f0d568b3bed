! Gauss-Seidel relaxation of the same problem twice: in place in natural
! order (every loop carries a dependence), and in red-black order, where
! the points of one colour only read points of the other.
program gauss_seidel
  implicit none
  integer, parameter :: n = 160
  double precision :: u(0:n + 1, 0:n + 1), w(0:n + 1, 0:n + 1)
  integer :: i, j, it, color

  save u, w
  call setup(u)
  call setup(w)
  ! doall: serial -- sweeps
  do it = 1, 12
    ! doall: serial -- u(i, j-1) was updated earlier in this sweep
    do j = 1, n
      ! doall: serial -- u(i-1, j) was updated by the previous iteration
      do i = 1, n
        u(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
      end do
    end do
  end do

  ! doall: serial -- sweeps
  do it = 1, 12
    ! doall: serial -- the second colour reads the first colour's new values
    do color = 0, 1
      ! doall: parallel
      do j = 1, n
        ! doall: either
        do i = 1 + mod(j + color, 2), n, 2
          w(i, j) = 0.25d0 * (w(i - 1, j) + w(i + 1, j) + w(i, j - 1) + w(i, j + 1))
        end do
      end do
    end do
  end do

  print '(a, i0)', 'natural   ', checksum(u)
  print '(a, i0)', 'red-black ', checksum(w)
  print '(a, 2f14.8)', 'middle    ', u(n / 2, n / 2), w(n / 2, n / 2)

contains

  subroutine setup(a)
    double precision, intent(out) :: a(0:n + 1, 0:n + 1)
    integer :: p, q
    ! doall: parallel
    !$omp parallel do
    do q = 0, n + 1
      ! doall: either
      !$omp simd
      do p = 0, n + 1
        a(p, q) = 0.0d0
        if (p == 0 .or. q == 0) a(p, q) = dble(mod(p + 2 * q, 9))
        if (p == n + 1 .or. q == n + 1) a(p, q) = dble(mod(3 * p + q, 11))
      end do
    end do
    !$omp end parallel do
  end subroutine setup

  integer(8) function checksum(a)
    double precision, intent(in) :: a(0:n + 1, 0:n + 1)
    integer :: p, q
    checksum = 0
    ! doall: parallel reduction(+:checksum)
    !$omp parallel do reduction(+:checksum)
    do q = 1, n
      ! doall: either reduction(+:checksum)
      do p = 1, n
        checksum = checksum + nint(a(p, q) * 1.0d6) * mod(p * q, 13)
      end do
    end do
    !$omp end parallel do
  end function checksum
end program gauss_seidel
