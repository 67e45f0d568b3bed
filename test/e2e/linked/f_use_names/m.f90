! A module whose procedure bump counts its calls in a module variable:
! any loop calling it carries that count from one iteration to the next.
module m
  implicit none
  integer :: cnt = 0
  interface step
    module procedure bump
  end interface
contains
  subroutine bump(r)
    integer :: r
    cnt = cnt + 1
    r = cnt
  end subroutine bump
end module m
