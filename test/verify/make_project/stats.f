c     The sum and the largest value of a signal: two reductions.
      subroutine stats(a, n, total, peak)
      implicit none
      integer n, i
      double precision a(n), total, peak
      total = 0.0d0
      peak = a(1)
      do i = 1, n
         total = total + a(i)
         peak = max(peak, a(i))
      end do
      end
