! Seed 004 §1.1, the merge rules on an IF-THEN-ELSE inside a loop.
! One iteration is the sequence (IF; b(i) = ...; step), the IF merges its
! THEN and ELSE parts: MOD/USE/EUSE union, DDEF intersection.
!   THEN: MOD {t, u, v}   DDEF {t, u, v}  EUSE {a, i}
!   ELSE: MOD {t, w}      DDEF {t, w}     EUSE {a, i, w}
!   IF:   MOD {t, u, v, w} DDEF {t}       EUSE {a, i, w}
!   then b(i) = t + v: v is exposed (the ELSE path did not write it).
! Classes: t private (both branches write it first); v carried (exposed
! on the ELSE path); w carried, a reduction candidate (w = w + t only);
! u written on one path only yet read after the loop: carried.
subroutine regions(a, b, n, x)
  integer n, i
  real a(n), b(n), t, u, v, w, x
  w = 0.0
  do i = 1, n
    if (a(i) > 0) then
      t = a(i)
      u = t * 2.0
      v = u
    else
      t = -a(i)
      w = w + t
    end if
    b(i) = t + v
  end do
  x = u + w
end subroutine
