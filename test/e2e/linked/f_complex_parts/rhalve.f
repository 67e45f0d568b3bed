c     Halves each of n reals and adds its position (an update whose
c     result depends on the order of two updates of one element).
      subroutine rhalve(n, y)
      integer n, i
      double precision y(*)
c doall: either
      do 10 i = 1, n
         y(i) = y(i) * 0.5d0 + dble(i)
   10 continue
      end
