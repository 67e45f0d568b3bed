program main
  use m, only: cnt
  implicit none
  integer, parameter :: n = 20000
  integer :: a(n), b(n), c(n), i, k
  call renamed(a, n)
  call generic(b, n)
  call plain(c, n)
  k = 0
  ! doall: parallel reduction(+:k)
  do i = 1, n
    k = k + mod(a(i), 97) + 3 * mod(b(i), 89) + c(i)
  end do
  print *, cnt, a(n / 2 + 1), a(n), b(n), k
end program main

subroutine work(r)
  integer :: r
  r = 0
end subroutine work

subroutine step(r)
  integer :: r
  r = 1
end subroutine step
