C     args: --arrays
C     Statement functions read what their body reads; EQUIVALENCEd
C     variables are one variable (a write through one name is a possible
C     write of the other); I/O statements are ordered through the I/O
C     state, and READ items are possible definitions.
      subroutine misc(n, y)
      integer n, k
      real y, p, q, r(2), f, z
      equivalence (p, r(1))
      f(z) = z * q + 1.0
      q = 2.0
      read (*, *) k
      p = f(y)
      r(2) = p
      y = r(1) + real(k)
      write (*, *) y, n
      end
