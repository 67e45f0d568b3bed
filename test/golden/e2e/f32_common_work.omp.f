c     COMMON work arrays: written before they are read in every iteration,
c     and never read after the loop by anyone, they are private to the
c     iterations (as NPB's experts make LU's flux or BT's lhs), whether the
c     loop fills them itself or through a call it gives them to. Kept
c     serial: a COMMON array whose last values are printed after the loop,
c     and one a callee reaches through the COMMON block itself whose last
c     values are printed too (without them, /cq/ threadprivate would make
c     it private: test/e2e/linked/f_threadprivate).
      program cwork
      integer n, m
      parameter (n = 16, m = 5000)
      double precision a(n, m), b(m), c(m), d(m), e(m)
      double precision w(n), t, w2(n), z(n), q(n)
      common /wk/ w, t
      common /wk2/ w2
      common /keep/ z
      common /cq/ q
      integer i, j
c doall: parallel
      save a, b, c, d, e
!$omp parallel do
      do 10 i = 1, m
c doall: either
!$omp simd
         do 20 j = 1, n
            a(j, i) = dble(mod(i + j * 7, 13)) - 6.0d0
   20    continue
   10 continue
!$omp end parallel do
c     w and t, written then read in every iteration.
c doall: parallel private(w, t)
!$omp parallel do private(t, w)
      do 30 i = 1, m
c doall: either
!$omp simd
         do 40 j = 1, n
            w(j) = a(j, i) * a(j, i)
   40    continue
         t = 0.0d0
c doall: either reduction(+:t)
         do 50 j = 1, n
            t = t + w(j) * dble(j)
   50    continue
         b(i) = t + w(1)
   30 continue
!$omp end parallel do
c     w2 filled by a call, then read.
c doall: parallel private(w2)
!$omp parallel do private(w2)
      do 60 i = 1, m
         call fill(w2, a(1, i), n)
         c(i) = w2(1) + w2(n)
   60 continue
!$omp end parallel do
c     z: its last values are printed after the loop.
c doall: serial -- z is read after the loop
      do 70 i = 1, m
c doall: either
         do 80 j = 1, n
            z(j) = a(j, i) + dble(i)
   80    continue
         d(i) = z(2)
   70 continue
c     q: filled here, read by peek through /cq/, and after the loop.
c doall: serial -- peek reads q through the COMMON block: private(q) would not reach it, and q(2) is printed after the loop
      do 90 i = 1, m
c doall: either
         do 95 j = 1, n
            q(j) = a(j, i) * 2.0d0
   95    continue
         call peek(e(i))
   90 continue
      call report(b, c, d, e, m)
      print '(a, 2f12.3)', 'z ', z(1), z(n)
      print '(a, f12.3)', 'q ', q(2)
      end

      subroutine fill(x, y, n)
      integer n, j
      double precision x(n), y(n)
c doall: either
      do 10 j = 1, n
         x(j) = y(j) + 1.0d0
   10 continue
      end

      subroutine peek(r)
      double precision r, q(16)
      common /cq/ q
      r = q(3) - q(1)
      end

      subroutine report(b, c, d, e, m)
      integer m, i
      double precision b(m), c(m), d(m), e(m), s(4)
c doall: either
      do 10 i = 1, 4
         s(i) = 0.0d0
   10 continue
c doall: parallel reduction(+:s) -- whole numbers: exact in any order
!$omp parallel do reduction(+:s) if(m >= 50)
      do 20 i = 1, m
         s(1) = s(1) + b(i)
         s(2) = s(2) + c(i)
         s(3) = s(3) + d(i)
         s(4) = s(4) + e(i)
   20 continue
!$omp end parallel do
      print '(a, 4f16.2)', 'sums', s
      end
