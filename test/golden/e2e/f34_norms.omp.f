c     Norms summed into a small array over a 3-D grid: rms(m) is a + reduction
c     over the whole array (each thread sums into its own copy), as NPB's
c     error_norm and rhs_norm; the local u_exact filled by a call in every
c     iteration is private. A large array updated through direct
c     subscripts (an ikj product) is left to the loop that needs no copy.
      program norms
      integer n, nn
      parameter (n = 24, nn = 200)
      double precision u(5, n, n, n), rms(5), rmse(5), u_exact(5), add
      double precision a(nn, nn), b(nn, nn), c(nn, nn)
      integer i, j, k, m
c doall: parallel
      save a, b, c, rms, rmse, u, u_exact
!$omp parallel do collapse(2)
      do 10 k = 1, n
c doall: either
         do 20 j = 1, n
c doall: either
            do 30 i = 1, n
c doall: either
!$omp simd
               do 40 m = 1, 5
                  u(m, i, j, k) = dble(mod(i + 2 * j + 3 * k + m, 17))
   40          continue
   30       continue
   20    continue
   10 continue
!$omp end parallel do
c doall: either
      do 50 m = 1, 5
         rms(m) = 0.0d0
         rmse(m) = 0.0d0
   50 continue
c doall: parallel private(add) reduction(+:rms)
!$omp parallel do private(add) reduction(+:rms) collapse(2)
      do 60 k = 1, n
c doall: either private(add) reduction(+:rms)
         do 70 j = 1, n
c doall: either private(add) reduction(+:rms)
            do 80 i = 1, n
c doall: either private(add)
!$omp simd private(add)
               do 90 m = 1, 5
                  add = u(m, i, j, k)
                  rms(m) = rms(m) + add * add
   90          continue
   80       continue
   70    continue
   60 continue
!$omp end parallel do
c doall: parallel private(add, u_exact) reduction(+:rmse)
!$omp parallel do private(add, u_exact) reduction(+:rmse) collapse(2)
      do 100 k = 1, n
c doall: either private(add, u_exact) reduction(+:rmse)
         do 110 j = 1, n
c doall: either private(add, u_exact) reduction(+:rmse)
            do 120 i = 1, n
               call exact(i, j, k, u_exact)
c doall: either private(add)
!$omp simd private(add)
               do 130 m = 1, 5
                  add = u(m, i, j, k) - u_exact(m)
                  rmse(m) = rmse(m) + add * add
  130          continue
  120       continue
  110    continue
  100 continue
!$omp end parallel do
c doall: parallel
!$omp parallel do
      do 140 j = 1, nn
c doall: either
!$omp simd
         do 150 i = 1, nn
            a(i, j) = dble(mod(i + j, 5))
            b(i, j) = dble(mod(i * j, 3))
            c(i, j) = 0.0d0
  150    continue
  140 continue
!$omp end parallel do
c doall: parallel
!$omp parallel do
      do 160 j = 1, nn
c doall: serial -- a reduction over all of c, which no expert would copy per thread
         do 170 k = 1, nn
c doall: either
!$omp simd
            do 180 i = 1, nn
               c(i, j) = c(i, j) + a(i, k) * b(k, j)
  180       continue
  170    continue
  160 continue
!$omp end parallel do
      print '(a, 5f14.1)', 'rms ', rms
      print '(a, 5f14.1)', 'rmse', rmse
      print '(a, 2f14.1)', 'c   ', c(1, 1), c(nn, nn)
      end

      subroutine exact(i, j, k, ue)
      integer i, j, k, m
      double precision ue(5)
c doall: either
      do 10 m = 1, 5
         ue(m) = dble(mod(i * j + k * m, 11))
   10 continue
      end
