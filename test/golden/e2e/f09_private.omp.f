c     Privatization: a scalar temporary, a temporary summed over an inner
c     loop, a work array defined and used within each iteration, a scalar
c     whose last value is needed after the loop (lastprivate), and two
c     conditionally defined scalars that must not be privatized.
      program privat
      integer n, m
      parameter (n = 3000, m = 64)
      double precision a(m, n), b(n), c(n), d(n), e(n), f(n), g(n)
      double precision w(m), t, s, u, r
      integer i, j, jlast
      integer*8 isum
c doall: parallel
      save a, b, c, d, e, f, g, w
!$omp parallel do
      do 20 i = 1, n
         b(i) = dble(mod(i * 7, 10)) * 0.125d0
         if (i .gt. (n * 3) / 5) b(i) = 0.0d0
c doall: either
!$omp simd
         do 10 j = 1, m
            a(j, i) = dble(mod(i + j * 5, 9) - 4)
   10    continue
   20 continue
!$omp end parallel do
c     A scalar temporary.
c doall: parallel private(t)
!$omp parallel do simd lastprivate(t)
      do 30 i = 1, n
         t = b(i) * 2.0d0 + 1.0d0
         c(i) = t * t - t
   30 continue
!$omp end parallel do simd
c     A temporary summed over an inner loop, then used.
c doall: parallel private(s)
!$omp parallel do private(s)
      do 50 i = 1, n
         s = 0.0d0
c doall: either reduction(+:s)
         do 40 j = 1, m
            s = s + a(j, i)
   40    continue
         d(i) = s * 0.5d0
   50 continue
!$omp end parallel do
c     A work array filled, then read, in every iteration.
c doall: parallel private(w, s)
!$omp parallel do private(s, w)
      do 80 i = 1, n
c doall: either
!$omp simd
         do 60 j = 1, m
            w(j) = a(j, i) * b(i) + dble(j)
   60    continue
         s = 0.0d0
c doall: either reduction(+:s)
         do 70 j = 1, m
            s = s + w(j) * w(m + 1 - j)
   70    continue
         e(i) = s
   80 continue
!$omp end parallel do
c     t is needed after the loop: its value from the last iteration.
c doall: parallel lastprivate(t)
!$omp parallel do simd lastprivate(t)
      do 90 i = 1, n
         t = dble(i) * 0.5d0
         f(i) = t + b(i)
   90 continue
!$omp end parallel do simd
c     jlast is set only in some iterations and read after the loop; its
c     values do not grow with i, so not even a max reduction could do.
      jlast = -1
c doall: serial -- jlast is defined only when b(i) > 0.8 and is live after the loop
      do 100 i = 1, n
         if (b(i) .gt. 0.8d0) jlast = mod(i * 7, 1000)
  100 continue
c     u is set only when b(i) > 0.5: other iterations reuse an old value.
      u = 0.0d0
c doall: serial -- u flows from the iteration that last set it
      do 110 i = 1, n
         if (b(i) .gt. 0.5d0) u = b(i)
         g(i) = u
  110 continue
c     r is set on both branches before its use: private again.
c doall: parallel private(r)
!$omp parallel do simd private(r)
      do 120 i = 1, n
         if (b(i) .gt. 0.5d0) then
            r = b(i)
         else
            r = -b(i)
         end if
         g(i) = g(i) + r * 2.0d0
  120 continue
!$omp end parallel do simd
      isum = 0
c doall: parallel reduction(+:isum)
!$omp parallel do reduction(+:isum)
      do 130 i = 1, n
         isum = isum + nint(c(i) * 64.0d0) + nint(d(i) * 2.0d0) * 3
     &        + nint(e(i) * 64.0d0) * 5 + nint(f(i) * 8.0d0)
     &        + nint(g(i) * 8.0d0) * mod(i, 11)
  130 continue
!$omp end parallel do
      print '(a, i16)', ' checksum ', isum
      print '(a, f10.3, i8, f10.3)', ' after    ', t, jlast, u
      end
