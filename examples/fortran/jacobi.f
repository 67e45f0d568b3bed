c     Jacobi relaxation on an n x n grid: the kind of loop nest doall is for.
c     Run:  npx doall analyze examples/fortran/jacobi.f
      program jacobi
      implicit none
      integer n, maxit
      parameter (n = 288, maxit = 100)
      double precision u(0:n+1, 0:n+1), unew(0:n+1, 0:n+1), f(n, n)
      double precision h, resid, diff
      integer i, j, it

      h = 1.0d0 / (n + 1)
c     Initial guess and right-hand side: every iteration independent.
      do 10 j = 0, n + 1
         do 10 i = 0, n + 1
            u(i, j) = 0.0d0
            unew(i, j) = 0.0d0
   10 continue
      do j = 1, n
         do i = 1, n
            f(i, j) = h * h * dble(i * j)
         end do
      end do

      do it = 1, maxit
c        The sweep reads u and writes unew: parallel.
         do j = 1, n
            do i = 1, n
               unew(i, j) = 0.25d0 * (u(i-1, j) + u(i+1, j)
     &                    + u(i, j-1) + u(i, j+1) + f(i, j))
            end do
         end do
c        The residual is a sum reduction over the grid.
         resid = 0.0d0
         do j = 1, n
            do i = 1, n
               diff = unew(i, j) - u(i, j)
               resid = resid + diff * diff
               u(i, j) = unew(i, j)
            end do
         end do
         if (resid .lt. 1.0d-12) goto 20
      end do
   20 continue

c     A running sum along each column: a true recurrence, serial in i.
      do j = 1, n
         do i = 2, n
            u(i, j) = u(i, j) + u(i-1, j)
         end do
      end do
      print '(a, i4, a, e12.5)', ' iterations: ', it,
     &      '  residual: ', resid
      end
