c     A plane-by-plane lower sweep, as NPB LU's ssor does it: for each
c     plane k, coef (coef.f) fills the coefficients a, b, c of the plane
c     from u, in COMMON /plane/, then lower (lower.f) solves the plane,
c     reading plane k - 1 of v. The sweep over a plane is a recurrence in
c     i and j; across planes only lower's reading of v(., ., k - 1) is
c     carried. So the k loop runs pipelined: coef's work of plane k
c     overlaps lower's of plane k - 1, with /plane/ threadprivate (each
c     thread fills its own copy, in every unit that declares it),
c     under a check that trace is off (the trace prints in order).
c     n comes from the input, or is 120 (the tests give none), and nk is
c     24; lower's loops run at most ld times, the extent of the
c     dummies that the call gives the constant ld.
      program pipe
      include 'grid.h'
      integer i, j, k, it, ios, nn
      integer*8 s
      read (*, *, iostat=ios) nn
      if (ios .eq. 0) then
         n = nn
      else
         n = 120
      endif
      nk = 24
      trace = .false.
c     The coefficients zeroed once: values no one reads (coef writes
c     them before lower reads them), which a parallel loop here would
c     write in the threads' copies. doall gives this loop no directive,
c     so that the k loops may have /plane/ threadprivate.
c doall: either
      do j = 1, ld
c doall: either
         do i = 1, ld
            a(i, j) = 0.0d0
            b(i, j) = 0.0d0
            c(i, j) = 0.0d0
         end do
      end do
c doall: parallel
      do k = 1, nk
c doall: either
         do j = 1, ld
c doall: either
            do i = 1, ld
               u(i, j, k) = dble(mod(3 * i + 5 * j + 7 * k, 23)) / 23d0
               v(i, j, k) = dble(mod(i + 2 * j + 3 * k, 11)) / 11.0d0
            end do
         end do
      end do
c doall: serial -- the relaxation steps: each reads the last
      do it = 1, 3
c doall: serial -- lower reads plane k - 1: doall pipelines it
         do k = 2, nk
            if (trace) call tick(k)
            call coef(k)
            call lower(ld, n, k, v, a, b, c)
            if (trace) call tick(-k)
         end do
      end do
      s = 0
c doall: parallel reduction(+:s)
      do k = 1, nk
c doall: either
         do j = 1, ld
c doall: either
            do i = 1, ld
               s = s + nint(v(i, j, k) * 1.0d4, 8) * (i + j + k)
            end do
         end do
      end do
      print '(a, i24)', ' checksum', s
      end

c     The trace: printed in order, so a loop that may call it is
c     parallel only while trace is off.
      subroutine tick(k)
      integer k
      print *, 'plane', k
      end
