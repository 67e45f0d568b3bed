c     A work vector filled by a routine that takes it as an assumed-size
c     dummy (y(*)) for a length known only at run time, then read, in
c     every iteration (NPB FT's compute_initial_conditions, where
c     vranlc fills a row of a plane). The routine cannot write past the
c     work vector's end (the dummy is no larger than what it was
c     given), so it surely writes y(1:n): the vector is private. In
c     spread, each iteration starts from w(1), which the call of the
c     iteration before wrote: serial.
      program aswork
      integer n1, n3, maxdim
      parameter (n1 = 48, n3 = 12, maxdim = 64)
      double precision v(n1, n3), starts(n3), s, w(maxdim)
      integer k, i
c doall: parallel
      save starts, v, w
      do 10 k = 1, n3
         starts(k) = dble(k) * 0.37d0
   10 continue
      call rows(v, n1, n3, starts)
      w(1) = 0.5d0
      call spread(v, n1, n3, w)
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s) collapse(2)
      do 60 k = 1, n3
c doall: either reduction(+:s)
         do 50 i = 1, n1
            s = s + v(i, k)
   50    continue
   60 continue
!$omp end parallel do
      print '(a, f20.8)', 'sum ', s
      end

      subroutine rows(v, d1, d3, starts)
      integer d1, d3, i, k, maxdim
      parameter (maxdim = 64)
      double precision v(d1, d3), tmp(maxdim), x0, starts(d3)
c doall: parallel private(x0, tmp)
!$omp parallel do private(x0, tmp) if(d3 >= 4)
      do 20 k = 1, d3
         x0 = starts(k) + 0.5d0
         call gen(d1, x0, tmp)
c doall: either
!$omp simd
         do 10 i = 1, d1
            v(i, k) = tmp(d1 + 1 - i) * 2.0d0
   10    continue
   20 continue
!$omp end parallel do
      end

      subroutine spread(v, d1, d3, w)
      integer d1, d3, i, k
      double precision v(d1, d3), w(*), x0
c doall: serial -- w(1), read in every iteration, is written by the call of the one before
      do 20 k = 1, d3
         x0 = w(1)
         call gen(d1, x0, w)
c doall: either
         do 10 i = 1, d1
            v(i, k) = v(i, k) + w(i)
   10    continue
   20 continue
      end

      subroutine gen(n, x, y)
      integer n, i
      double precision x, y(*)
c doall: serial -- x carries the generator's state
      do 10 i = 1, n
         x = mod(x * 3.25d0 + 0.125d0, 7.0d0)
         y(i) = x
   10 continue
      end
