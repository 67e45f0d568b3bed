c     A work array is private to an iteration only when every element it
c     reads was surely written earlier in that iteration. A GOTO, EXIT or
c     CYCLE may skip a write: then the read may see the value another
c     iteration left, and the array may not be private.
      program skipped
      integer n, m
      parameter (n = 20000, m = 8)
      double precision a(n), b(n), c(n), d(n), e(n), w(m), v(m)
      integer i, j, k
c doall: parallel
      save a, b, c, d, e, v, w
!$omp parallel do simd
      do 10 i = 1, n
         a(i) = dble(mod(i * 7, 13)) - 6.0d0
         b(i) = dble(mod(i, 5))
   10 continue
!$omp end parallel do simd
      w(1) = 0.0d0
c     A forward GOTO skips the write in some iterations: the read of w(1)
c     then sees the previous iteration's value.
c doall: serial -- w(1) carries a value when the GOTO skips its write
      do 20 i = 1, n
         if (b(i) .gt. 2.5d0) goto 15
         w(1) = a(i)
   15    continue
         c(i) = w(1) * 2.0d0
   20 continue
c     An EXIT leaves the inner loop early: w(5..m) are not written in
c     every iteration.
c doall: either
      do 25 j = 1, m
         w(j) = 0.0d0
   25 continue
c doall: serial -- the EXIT may leave w(m) unwritten
      do 40 i = 1, n
c doall: serial
         do 30 j = 1, m
            w(j) = a(i) + dble(j)
            if (j .ge. 4 .and. b(i) .gt. 3.5d0) exit
   30    continue
         d(i) = w(1) + w(m)
   40 continue
c     A CYCLE after the writes skips only what follows it: every element
c     read is written first.
c doall: parallel private(v)
!$omp parallel do private(v)
      do 60 i = 1, n
c doall: either
!$omp simd
         do 50 k = 1, m
            v(k) = a(i) * dble(k)
   50    continue
         e(i) = v(1)
         if (b(i) .lt. 0.5d0) cycle
         e(i) = e(i) + v(m)
   60 continue
!$omp end parallel do
      print '(a, 3f16.3)', 'sums ', sum(c), sum(d), sum(e)
      print '(a, 3f16.3)', 'ends ', c(n), d(n), e(n)
      end
