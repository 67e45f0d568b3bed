c     doall-e2e: tolerance 1e-10
c     Calls whose only I/O is an error message before STOP, inside
c     loops: the message can only end the run, so it does not order the
c     iterations (issue 14 item 7). The scratch vector w is a dummy
c     that main passes down and never reads again: each
c     iteration of sweep's loop writes it whole before smooth reads it, so
c     it is private there. In sweep2 the caller reads w afterwards: its
c     values are live after the loop, and the loop stays serial.
      program errpath
      integer n, m
      parameter (n = 300, m = 48)
      double precision a(m, n), b(m, n), w(m), v(m), s, last
      integer i, j
c doall: parallel
      save a, b, v, w
!$omp parallel do
      do 20 j = 1, n
c doall: either
!$omp simd
         do 10 i = 1, m
            a(i, j) = dble(mod(i * 7 + j * 3, 11)) / 8.0d0
   10    continue
   20 continue
!$omp end parallel do
      call sweep(a, b, w, m, n)
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 40 j = 1, n
c doall: either reduction(+:s)
         do 30 i = 1, m
            s = s + b(i, j) * dble(i)
   30    continue
   40 continue
!$omp end parallel do
      call sweep2(a, b, v, m, n)
      last = v(1) + v(m)
      print '(a, 2f24.8)', 'sums ', s, last
      end

      subroutine sweep(a, b, w, m, n)
      integer m, n, mw
      parameter (mw = 48)
      double precision a(m, n), b(m, n), w(mw), weight
      integer i, j
c doall: parallel private(w)
!$omp parallel do private(w) if(n >= 4)
      do 30 j = 1, n
c doall: either
!$omp simd
         do 10 i = 1, m
            w(i) = a(i, j) * 2.0d0
   10    continue
         call smooth(w, m)
c doall: either
         do 20 i = 1, m
            b(i, j) = w(i) + weight(j)
   20    continue
   30 continue
!$omp end parallel do
      end

      subroutine sweep2(a, b, w, m, n)
      integer m, n
      double precision a(m, n), b(m, n), w(m)
      integer i, j
c doall: serial -- main reads w after the call; private(w) would lose it
      do 30 j = 1, n
c doall: either
         do 10 i = 1, m
            w(i) = a(i, j) + b(i, j)
   10    continue
         call smooth(w, m)
   30 continue
      end

      subroutine smooth(w, m)
      integer m
      double precision w(m)
      integer i
      if (m .lt. 2) then
         write (*, *) 'smooth: too few points', m
         stop
      end if
c doall: serial -- w(i) reads w(i - 1) of the previous iteration
      do 10 i = 2, m
         w(i) = w(i) + 0.5d0 * w(i - 1)
   10 continue
      end

      double precision function weight(j)
      integer j
      if (j .lt. 1) then
         print *, 'weight: bad index', j
         stop 1
      end if
      weight = 1.0d0 / dble(j)
      end
