c     doall-e2e: tolerance 1e-10
c     A work array filled over 0..n-1 in every iteration, then read at
c     fixed places (ue(1..4)), as NPB's exact_rhs does for its
c     fourth-order dissipation: those reads are covered only when
c     n >= 5, so the array is private under a run-time check. Such a check of
c     extents holds for all but tiny problems: the loop keeps its
c     directive, with the check, over the inner loops that are parallel
c     without one. Called once with n = 4, where the check fails and the
c     reads see the values set before the loop.
      program sized
      double precision t1, t2
      call sweep(40, 300, t1)
      call sweep(4, 300, t2)
      print '(a, 2f24.6)', 'totals ', t1, t2
      end

      subroutine sweep(n, nk, total)
      integer n, nk, nmax
      parameter (nmax = 64)
      double precision ue(0:nmax, 5), f(5, nmax, 300), total
      integer i, k, m
c doall: either
!$omp parallel do collapse(2)
      do 2 m = 1, 5
c doall: either
         do 1 i = 0, nmax
            ue(i, m) = 1.0d0
    1    continue
    2 continue
!$omp end parallel do
c doall: either
!$omp parallel do
      do 4 k = 1, 300
c doall: either
!$omp simd
         do 3 i = 1, nmax
            f(1, i, k) = 0.0d0
            f(2, i, k) = 0.0d0
            f(3, i, k) = 0.0d0
            f(4, i, k) = 0.0d0
            f(5, i, k) = 0.0d0
    3    continue
    4 continue
!$omp end parallel do
c doall: runtime if(n >= 5) firstprivate(ue) lastprivate(ue) -- ue(1..4, m) written only if n >= 5
!$omp parallel do firstprivate(ue) lastprivate(ue)
!$omp& if((4 <= n - 1) .and. (nk >= 4))
      do 40 k = 1, nk
c doall: either
         do 20 m = 1, 5
c doall: either
!$omp simd
            do 10 i = 0, n - 1
               ue(i, m) = dble(i * m + k) / dble(n)
   10       continue
   20    continue
c doall: either
!$omp simd
         do 30 m = 1, 5
            f(m, 1, k) = 5.0d0 * ue(1, m) - 4.0d0 * ue(2, m) + ue(3, m)
            f(m, 2, k) = -4.0d0 * ue(1, m) + 6.0d0 * ue(2, m) + ue(4, m)
   30    continue
c doall: either
         do 36 i = 3, n - 2
c doall: either
!$omp simd
            do 35 m = 1, 5
               f(m, i, k) = ue(i - 1, m) + ue(i + 1, m) - 2 * ue(i, m)
   35       continue
   36    continue
   40 continue
!$omp end parallel do
      total = 0.0d0
c doall: parallel reduction(+:total)
!$omp parallel do reduction(+:total) if(nk >= 4)
      do 60 k = 1, nk
c doall: either reduction(+:total)
         do 55 i = 1, nmax
c doall: either reduction(+:total)
            do 50 m = 1, 5
               total = total + f(m, i, k) * dble(m + i)
   50       continue
   55    continue
   60 continue
!$omp end parallel do
      end
