! Seed 002 §3, minimal anti dependence: for a use u followed by
! definitions d1 then d2 of the same variable, u -> d1 is a minimal anti
! dependence and u -> d2 is not (u ->a d1 ->o d2 gives the general one).
subroutine min_anti(y, z)
  real x, y, z
  x = 1.0
  y = x          ! u  (line 7)
  x = 2.0        ! d1 (line 8)
  x = 3.0        ! d2 (line 9)
  z = x
end subroutine

! In a loop: the use at the top of an iteration is overwritten first by
! d1 of the same iteration; nothing reaches d2 or the next iteration.
subroutine in_loop(a, n)
  integer n, i
  real a(n), x
  x = 0.0
  do i = 1, n
    a(i) = x     ! u  (line 20)
    x = a(i)     ! d1 (line 21)
    x = x + 1.0  ! d2 (line 22)
  end do
end subroutine
