! Calls given an array section for a vector dummy, in the style of modern
! Fortran codes: call smooth(v(:, j), n). The callee works on its dummy
! only, so a call given column j touches column j of v, and the loop over
! the columns is parallel. A section with its subscript fixed in the other
! dimension (a row, v(j, :)) is no contiguous vector: it may be passed as
! a copy, read whole and written back whole, still only row j. A loop
! that gives every call the same column, or a column and the one before
! it, stays serial.
module colops
  implicit none
contains
  subroutine smooth(a, n)
    integer, intent(in) :: n
    double precision, intent(inout) :: a(:)
    integer :: i
    ! doall: serial -- a(i) reads a(i - 1), written in the previous iteration
    do i = 2, n
      a(i) = 0.5d0 * (a(i) + a(i - 1))
    end do
  end subroutine smooth

  subroutine scale(a, n, f)
    integer, intent(in) :: n
    double precision, intent(inout) :: a(n)
    double precision, intent(in) :: f
    integer :: i
    ! doall: either
    do i = 1, n
      a(i) = a(i) * f + dble(mod(i, 3))
    end do
  end subroutine scale

  subroutine addto(a, b, n)
    integer, intent(in) :: n
    double precision, intent(inout) :: a(n)
    double precision, intent(in) :: b(n)
    integer :: i
    ! doall: either
    do i = 1, n
      a(i) = a(i) + 0.25d0 * b(i)
    end do
  end subroutine addto
end module colops

program sections
  use colops
  implicit none
  integer, parameter :: n = 400, m = 300
  double precision, save :: v(n, m), w(m, n)
  double precision :: s
  integer :: i, j
  ! doall: parallel
  !$omp parallel do
  do j = 1, m
    ! doall: either
    !$omp simd
    do i = 1, n
      v(i, j) = dble(mod(i * 7 + j * 3, 19)) - 9.0d0
      w(j, i) = dble(mod(i + 2 * j, 11))
    end do
  end do
  !$omp end parallel do
  ! doall: parallel -- each call smooths its own column
  !$omp parallel do
  do j = 1, m
    call smooth(v(:, j), n)
  end do
  !$omp end parallel do
  ! doall: parallel -- rows 2 to n - 1 of column j only
  !$omp parallel do
  do j = 1, m
    call scale(v(2:n - 1, j), n - 2, 1.5d0)
  end do
  !$omp end parallel do
  ! doall: parallel -- row j of w, a strided section, copied in and out: still row j alone
  !$omp parallel do
  do j = 1, m
    call scale(w(j, :), n, 0.75d0)
  end do
  !$omp end parallel do
  ! doall: serial -- every call updates column 1
  do j = 1, m
    call addto(v(:, 1), v(:, j), n)
  end do
  ! doall: serial -- column j reads column j - 1, which the iteration before updated
  do j = 2, m
    call addto(v(:, j), v(:, j - 1), n)
  end do
  s = 0.0d0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do j = 1, m
    ! doall: either reduction(+:s)
    do i = 1, n
      s = s + v(i, j) * dble(mod(i + j, 5) + 1) + w(j, i)
    end do
  end do
  !$omp end parallel do
  print '(a, f24.6)', 'sum ', s
  print '(a, 3f18.6)', 'some ', v(1, 1), v(n, m), w(7, 250)
end program sections
