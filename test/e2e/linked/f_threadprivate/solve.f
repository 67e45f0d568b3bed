c     Tridiagonal solves along i, one per column j: lhs and q, in
c     COMMON /work/, are written before they are read in every column;
c     initlhs writes the boundary rows 0 and n through the block.
      subroutine sweep
      include 'work.h'
      integer i, j
      double precision r
c doall: runtime if(n >= 3)
      do j = 1, m
         call initlhs
c doall: either
         do i = 1, n - 1
            q(i) = f(i, j) + 1.0d0
         end do
c doall: either
         do i = 1, n - 1
            lhs(1, i) = -0.25d0
            lhs(2, i) = 2.0d0 + q(i) * 0.01d0
            lhs(3, i) = -0.25d0
            lhs(4, i) = f(i, j)
         end do
c        the first row twice as heavy: lhs(2, 1) was written above when n >= 2
         lhs(2, 1) = lhs(2, 1) * 2.0d0
c doall: serial -- forward elimination: row i needs row i - 1
         do i = 1, n - 1
            r = lhs(1, i) / lhs(2, i - 1)
            lhs(2, i) = lhs(2, i) - r * lhs(3, i - 1)
            lhs(4, i) = lhs(4, i) - r * lhs(4, i - 1)
         end do
         u(n, j) = lhs(4, n) / lhs(2, n)
c doall: serial -- back substitution: row i needs u(i + 1)
         do i = n - 1, 0, -1
            u(i, j) = (lhs(4, i) - lhs(3, i) * u(i + 1, j)) / lhs(2, i)
         end do
      end do
      end

c     A second pass over the columns, with the same work area: it reads
c     lhs(4, 2) before writing it when n < 3, so sweep's values of lhs
c     are dead after sweep's loop only when n >= 3.
      subroutine sweep2
      include 'work.h'
      integer i, j
c doall: runtime if(n >= 3)
      do j = 1, m
         call initlhs
c doall: either
         do i = 1, n - 1
            lhs(2, i) = 4.0d0
            lhs(4, i) = u(i, j)
         end do
         lhs(4, 2) = lhs(4, 2) + 1.0d0
c doall: either -- inside the parallel loop over j
         do i = 1, n - 1
            u(i, j) = lhs(4, i) / lhs(2, i) + lhs(4, 0)
         end do
      end do
      end

c     The boundary rows of the work area: the identity.
      subroutine initlhs
      include 'work.h'
      lhs(1, 0) = 0.0d0
      lhs(2, 0) = 1.0d0
      lhs(3, 0) = 0.0d0
      lhs(4, 0) = 0.0d0
      lhs(1, n) = 0.0d0
      lhs(2, n) = 1.0d0
      lhs(3, n) = 0.0d0
      lhs(4, n) = 1.0d0
      end
