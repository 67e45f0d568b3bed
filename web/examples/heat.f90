! A heat step and the usual suspects: a stencil, a sum, a shift whose
! safety depends on m (doall checks it at run time) and a recurrence.
subroutine heat(n, m, u, v, s)
  implicit none
  integer, intent(in) :: n, m
  real, intent(inout) :: u(2*n + abs(m)), v(n)
  real, intent(out) :: s
  integer :: i

  do i = 2, n - 1
    v(i) = u(i) + 0.25 * (u(i-1) - 2.0 * u(i) + u(i+1))
  end do

  s = 0.0
  do i = 1, n
    s = s + v(i) * v(i)
  end do

  do i = 1, n
    u(i + m) = u(i) + v(i)
  end do

  do i = 2, n
    v(i) = v(i-1) * 0.5 + v(i)
  end do
end subroutine heat
