c     Loops whose if() clause pays only with a serial copy (issue 17):
c     vector routines called thousands of times from a serial loop, on
c     lengths that change from call to call. A false if() clause would
c     still enter the OpenMP runtime on each call, so each loop gets its
c     clause together with an IF on the same condition around the
c     directive and the loop as written in the ELSE branch: short calls
c     run the copy, long ones the region. A labeled DO is copied with
c     its label renamed; one whose label a GOTO uses cannot be copied
c     and gets no directive.
      program scopy
      integer nmax
      parameter (nmax = 60000)
      double precision a(nmax), b(nmax), s
      integer k, i, m
c doall: parallel
      do i = 1, nmax
         a(i) = 0.0d0
         b(i) = dble(mod(i, 17))
      end do
c doall: serial -- each call reads what the one before wrote
      do k = 1, 1500
         m = mod(k * 7919, nmax) + 1
         call axpy(a, b, 0.5d0, m)
         call scal(a, 0.999d0, m)
         call clip(a, 1.0d6, m)
      end do
      s = 0.0d0
c doall: parallel reduction(+:s)
      do i = 1, nmax
         s = s + a(i)
      end do
      print '(es16.8)', s
      end

      subroutine axpy(x, y, c, n)
      integer n, i
      double precision x(n), y(n), c
c doall: parallel
      do i = 1, n
         x(i) = x(i) + c * y(i)
      end do
      end

      subroutine scal(x, c, n)
      integer n, i
      double precision x(n), c
c doall: parallel
      do 10 i = 1, n
         x(i) = c * x(i)
   10 continue
      end

      subroutine clip(x, top, n)
      integer n, i
      double precision x(n), top
c doall: either -- parallel, but too often entered to pay without a copy, and the GOTO to its label allows none
      do 20 i = 1, n
         if (x(i) .le. top) goto 20
         x(i) = top
   20 continue
      end
