! Seed 002 §2, minimal output dependence: when definitions d1, d2, d3 of a
! variable run in this order, d1 -> d2 and d2 -> d3 are minimal output
! dependences and d1 -> d3 is not (it is their transitive closure).
subroutine min_output(y)
  real x, y
  x = 1.0        ! d1 (line 6)
  x = 2.0        ! d2 (line 7)
  x = 3.0        ! d3 (line 8)
  y = x
end subroutine

! When d2 may not run, d1 -> d3 is minimal too (along the path that skips d2).
subroutine maybe_d2(c, y)
  logical c
  real x, y
  x = 1.0        ! d1 (line 16)
  if (c) x = 2.0 ! d2 (line 17)
  x = 3.0        ! d3 (line 18)
  y = x
end subroutine
