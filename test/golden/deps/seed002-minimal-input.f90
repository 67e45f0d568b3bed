! args: --minimal-input
! Seed 002's appendix: when a use also blocks the uses before it, input
! dependences become minimal (u1 -> u2, u2 -> u3, not u1 -> u3) and only
! the last use before a definition is anti-dependent on it.
subroutine appendix(y)
  real x, y(3)
  x = 1.0
  y(1) = x       ! u1 (line 8)
  y(2) = x       ! u2 (line 9)
  y(3) = x       ! u3 (line 10)
  x = 2.0        ! d  (line 11)
end subroutine
