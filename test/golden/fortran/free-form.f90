! Free-form constructs: modules, contains, use, kinds, intent, allocatable.
module kinds
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: n = 16
  real(kind=dp), allocatable :: work(:, :)
contains
  pure function square(x) result(y)
    real(dp), intent(in) :: x
    real(dp) :: y
    y = x * x
  end function square
end module kinds

program freeform
  use kinds, only: dp, n, square, work
  implicit none
  integer :: i, j, ierr
  real(dp) :: a(n, n), s
  character(len=*), parameter :: tag = "free"
  character(len=8) :: label
  logical :: ok = .true.

  allocate(work(n, n), stat=ierr)
  !$omp parallel do private(j)
  outer: do i = 1, n
    do j = 1, n; a(i, j) = real(i * j, dp); end do
    if (i == n) exit outer
  end do outer
  !$omp end parallel do
  s = 0.0_dp
  do i = 1, n
    select case (mod(i, 3))
    case (0)
      s = s + a(i, i)
    case (1:2)
      s = s - square(a(i, 1))
    case default
      cycle
    end select
  end do
  call scale(a, n, &
             & 2.0_dp)
  if (.not. ok .or. s /= s) then
    write (*, '(a)') "bad"
  endif
  a(:, 1) = a(:, 2) + 1
  label = tag // "!"   ! a comment after code, and a ! inside a string
  print '(a, f8.2)', label, s
  deallocate(work)
!$ print *, 'compiled with OpenMP'
contains
  subroutine scale(x, m, f)
    integer, intent(in) :: m
    real(dp), intent(inout) :: x(m, m)
    real(dp), intent(in) :: f
    integer :: k
    do k = 1, m
      x(k, :) = x(k, :) * f
    enddo
  end subroutine scale
end program freeform
