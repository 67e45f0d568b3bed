c     doall-e2e: tolerance 1e-10
c     A sweep plane by plane, as NPB LU's SSOR does it: for each plane k,
c     the first nest fills four coefficients per point, every point on
c     its own, and the sweep over the plane, a recurrence in i and j,
c     reads them all right after, serially. The fill is parallel, but a
c     directive on it would move each thread's coefficients to the thread
c     that sweeps, once per plane, at more cost than the fill saves:
c     doall leaves it without one and says why.
      program sweep
      integer n, nk, nsteps
      parameter (n = 100, nk = 40, nsteps = 4)
      double precision a(4, n, n), v(n, n, nk), s
      integer i, j, k, t
c doall: parallel
      save a, v
!$omp parallel do collapse(2)
      do 10 k = 1, nk
c doall: either
         do 11 j = 1, n
c doall: either
!$omp simd
            do 12 i = 1, n
               v(i, j, k) = dble(mod(i + 2 * j + 3 * k, 11)) / 16.0d0
   12       continue
   11    continue
   10 continue
!$omp end parallel do
c doall: serial -- each step sweeps the planes the step before left
      do 50 t = 1, nsteps
c doall: serial -- plane k reads plane k - 1 as the sweep left it
         do 40 k = 2, nk
c doall: either -- parallel, but the sweep right after reads all it writes
            do 20 j = 1, n
c doall: either
               do 21 i = 1, n
                  a(1, i, j) = 0.25d0 * v(i, j, k - 1)
                  a(2, i, j) = 0.125d0 + v(i, j, k) / 64.0d0
                  a(3, i, j) = 0.125d0
                  a(4, i, j) = 0.5d0
   21          continue
   20       continue
c doall: serial -- v(i, j, k) reads v(i, j - 1, k), written the iteration before
            do 30 j = 2, n
c doall: serial -- v(i, j, k) reads v(i - 1, j, k), written the iteration before
               do 31 i = 2, n
                  v(i, j, k) = a(4, i, j) * v(i, j, k)
     &                 + a(2, i, j) * v(i - 1, j, k)
     &                 + a(3, i, j) * v(i, j - 1, k) + a(1, i, j)
   31          continue
   30       continue
   40    continue
   50 continue
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s) collapse(2)
      do 60 k = 1, nk
c doall: either reduction(+:s)
         do 61 j = 1, n
c doall: either reduction(+:s)
            do 62 i = 1, n
               s = s + v(i, j, k) * dble(mod(i + j + k, 3))
   62       continue
   61    continue
   60 continue
!$omp end parallel do
c     The sum's order changes with the threads (the tolerance above).
      print '(a, f20.8)', 'sum ', s
      print '(a, 3f16.10)', 'v   ', v(n, n, nk), v(2, 2, 2), v(n, 1, nk)
      end
