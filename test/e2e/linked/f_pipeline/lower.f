c     One plane of a lower sweep: v(i, j, k) needs v(i - 1, j, k),
c     v(i, j - 1, k) (a recurrence in i and in j) and v(i, j, k - 1).
c     The dummies' extents are ld, which every call gives as a constant.
      subroutine lower(ld, n, k, x, p, q, r)
      integer ld, n, k, i, j
      double precision x(ld, ld, *), p(ld, ld), q(ld, ld), r(ld, ld)
c doall: serial -- x(i, j - 1, k)
      do j = 2, n
c doall: serial -- x(i - 1, j, k)
         do i = 2, n
            x(i, j, k) = 0.5d0 * x(i, j, k)
     &                 + p(i, j) * x(i, j, k - 1)
     &                 + q(i, j) * x(i - 1, j, k)
     &                 + r(i, j) * x(i, j - 1, k)
         end do
      end do
      end
