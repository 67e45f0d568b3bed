! Calls by names that USE gives: `work` is m's bump renamed, `step` is
! m's generic interface for it. Another file defines external procedures
! named work and step that only write their argument; found by fuzzing:
! the calls were taken for those, and the loops got directives.
subroutine renamed(a, n)
  use m, only: work => bump
  implicit none
  integer :: n, a(n), i
  ! doall: serial -- work is bump, which counts in cnt
  do i = 1, n
    call work(a(i))
  end do
end subroutine renamed

subroutine generic(a, n)
  use m
  implicit none
  integer :: n, a(n), i
  ! doall: serial -- step is m's generic interface for bump
  do i = 1, n
    call step(a(i))
  end do
end subroutine generic

subroutine plain(a, n)
  implicit none
  integer :: n, a(n), i
  ! doall: parallel
  do i = 1, n
    call work(a(i))
  end do
end subroutine plain
