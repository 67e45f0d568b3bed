! Calls: with the callee in the same file its summary decides what the
! call reads and writes; otherwise every argument and COMMON variable may
! be read and written (a possible write is modelled as a rewrite of what
! the call read, so dependences chain through the call).
subroutine caller(a, n, s)
  integer n, i
  real a(n), s, t
  common /blk/ g, h
  do i = 1, n
    call setit(t)          ! writes t on every path: t is private
    a(i) = t + g
    call bump(s)           ! reads then writes s: carried
  end do
  call ext(s)              ! unknown: s, g and h may be read and written
  h = s + g
end subroutine

subroutine setit(x)
  real x
  common /blk/ g, h
  x = g
end subroutine

subroutine bump(y)
  real y
  y = y + 1.0
end subroutine
