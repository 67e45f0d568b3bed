c     One smoothing step (parallel in i), and a running sum (a true
c     recurrence: serial).
      subroutine smooth(a, b, n)
      implicit none
      integer n, i
      double precision a(n), b(n)
      do i = 2, n - 1
         b(i) = (a(i-1) + 2.0d0 * a(i) + a(i+1)) * 0.25d0
      end do
      do i = 2, n - 1
         a(i) = b(i)
      end do
      end

      subroutine prefix(a, n)
      implicit none
      integer n, i
      double precision a(n)
      do i = 2, n
         a(i) = a(i) + a(i-1)
      end do
      end
