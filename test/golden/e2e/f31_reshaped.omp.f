c     Dummies shaped otherwise than their actuals: a column of a 2-D
c     array passed to a 1-D dummy of that length (or of assumed size),
c     and a whole 2-D array passed to a 1-D dummy that holds all of it.
      program reshape
      integer n, m
      parameter (n = 32, m = 600)
      double precision u(n, m), v(n, m), w(n * m), s
      integer i, j
c doall: parallel
      save u, v, w
!$omp parallel do
      do 10 j = 1, m
c doall: either
!$omp simd
         do 20 i = 1, n
            u(i, j) = dble(mod(i * 3 + j, 11))
            v(i, j) = 0.0d0
   20    continue
   10 continue
!$omp end parallel do
c     A column of u given to a dummy x(n), a column of v to y(*): column j only.
c doall: parallel
!$omp parallel do
      do 30 j = 1, m
         call scale(u(1, j), v(1, j), n, dble(j))
   30 continue
!$omp end parallel do
c     Each call sees all of w as x(n*m): every element, in every iteration.
c doall: serial -- each call reads and writes all of w
      do 40 j = 1, 3
         call bump(w, n * m, j)
   40 continue
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 50 j = 1, m
c doall: either reduction(+:s)
         do 60 i = 1, n
            s = s + v(i, j)
   60    continue
   50 continue
!$omp end parallel do
      print '(a, f20.2)', 'sum ', s
      print '(a, 2f12.2)', 'w   ', w(1), w(n * m)
      end

      subroutine scale(x, y, n, f)
      integer n, i
      double precision x(n), y(*), f
c doall: parallel
      do 10 i = 1, n
         y(i) = f * x(i)
   10 continue
      end

      subroutine bump(x, k, j)
      integer k, j, i
      double precision x(k)
      if (j .eq. 1) then
c doall: parallel
!$omp parallel do simd if(k >= 200)
         do 10 i = 1, k
            x(i) = 0.0d0
   10    continue
!$omp end parallel do simd
      end if
c doall: serial -- each element reads its left neighbour's new value
      do 20 i = 2, k
         x(i) = x(i - 1) + dble(j)
   20 continue
      end
