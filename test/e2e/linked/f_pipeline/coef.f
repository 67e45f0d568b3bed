c     The coefficients of plane k, from u: every element of a, b and c
c     that lower reads is written here first.
      subroutine coef(k)
      include 'grid.h'
      integer k, i, j
      double precision w
      do j = 1, n
         do i = 1, n
            w = u(i, j, k)
            a(i, j) = 0.25d0 / (1.0d0 + exp(-w))
            b(i, j) = 0.125d0 * sqrt(1.0d0 + w * w)
            c(i, j) = 0.125d0 / (1.0d0 + w * w)
         end do
      end do
      end
