! args: --input
! Seed 002 §3-§4, input dependences from exposed uses: u3 and u4 are in
! the two branches of an IF and cannot both run, so there is no input
! dependence between them (the method without exposed uses of §4 would
! report one); both are input-dependent to the use after the IF.
subroutine branches(c, y, z, w)
  logical c
  real x, y, z, w
  x = 1.0
  if (c) then
    y = x        ! u3 (line 11)
  else
    z = x        ! u4 (line 13)
  end if
  w = x          ! u5 (line 15)
  x = w          ! a definition: blocks the uses before it
  w = x + y      ! (line 17)
end subroutine
