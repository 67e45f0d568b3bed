c     doall-e2e: tolerance 1e-10
c     A restriction onto a coarser grid, as NPB MG's rprj3 writes it: the
c     work vectors x1 and y1 are filled at every other element
c     (x1(i1 - 1), i1 = 2*j1 - d1) and read at i1 - 1 and i1 + 1 of the
c     same parity: every element read was written earlier in the same
c     iteration, so both are private to the j3 loop. In rough, the second
c     loop reads the other parity: a value of the previous iteration flows
c     in, and the loop stays serial.
      program strided
      integer n, m
      parameter (n = 34, m = 17)
      double precision r(n, n, n), s(m, m, m), total, rough
      integer i, j, k
c doall: parallel
      save r, s
!$omp parallel do collapse(2)
      do 30 k = 1, n
c doall: either
         do 20 j = 1, n
c doall: either
!$omp simd
            do 10 i = 1, n
               r(i, j, k) = dble(mod(i * 3 + j * 5 + k * 7, 17)) / 4.0d0
   10       continue
   20    continue
   30 continue
!$omp end parallel do
      call restrict(r, s, n, m, 2)
      total = 0.0d0
c doall: parallel reduction(+:total)
!$omp parallel do reduction(+:total) collapse(2)
      do 60 k = 2, m - 1
c doall: either reduction(+:total)
         do 50 j = 2, m - 1
c doall: either reduction(+:total)
            do 40 i = 2, m - 1
               total = total + s(i, j, k) * dble(i + j)
   40       continue
   50    continue
   60 continue
!$omp end parallel do
      print '(a, 2f20.6)', 'sums ', total, rough(r, n)
      end

      subroutine restrict(r, s, n, m, d1)
      integer n, m, d1
      double precision r(n, n, n), s(m, m, m)
      double precision x1(40), y1(40), x2, y2
      integer i1, i2, i3, j1, j2, j3
c doall: parallel private(i1, i2, i3, x2, y2, x1, y1)
!$omp parallel do private(i1, i2, i3, x2, y2, x1, y1) if(m >= 6)
      do 40 j3 = 2, m - 1
         i3 = 2 * j3 - 2
c doall: either private(i1, i2, x2, y2, x1, y1)
         do 30 j2 = 2, m - 1
            i2 = 2 * j2 - 2
c doall: either private(i1)
!$omp simd private(i1)
            do 10 j1 = 2, m
               i1 = 2 * j1 - d1
               x1(i1 - 1) = r(i1 - 1, i2 - 1, i3)
     >                    + r(i1 - 1, i2 + 1, i3)
               y1(i1 - 1) = r(i1 - 1, i2 - 1, i3 - 1)
     >                    + r(i1 - 1, i2 + 1, i3 + 1)
   10       continue
c doall: either private(i1, x2, y2)
!$omp simd private(i1, x2, y2)
            do 20 j1 = 2, m - 1
               i1 = 2 * j1 - d1
               y2 = r(i1, i2 - 1, i3 - 1) + r(i1, i2 + 1, i3 + 1)
               x2 = r(i1, i2 - 1, i3) + r(i1, i2 + 1, i3)
               s(j1, j2, j3) = 0.5d0 * r(i1, i2, i3)
     >            + 0.25d0 * (x1(i1 - 1) + x1(i1 + 1))
     >            + 0.125d0 * (y1(i1 - 1) + y1(i1 + 1))
     >            + 0.25d0 * x2 + 0.125d0 * y2
   20       continue
   30    continue
   40 continue
!$omp end parallel do
      end

      double precision function rough(r, n)
      integer n, i, k
      double precision r(n, n, n), x(80)
c doall: either
      do 5 i = 1, 80
         x(i) = 0.0d0
    5 continue
      rough = 0.0d0
c doall: serial -- x(2*i) was written by the previous iteration
      do 30 k = 1, n
c doall: either
!$omp parallel do simd if(n / 2 >= 200)
         do 10 i = 1, n / 2
            x(2 * i - 1) = r(2 * i - 1, 1, k)
   10    continue
!$omp end parallel do simd
c doall: either reduction(+:rough)
!$omp parallel do reduction(+:rough) if(n / 2 >= 100)
         do 20 i = 1, n / 2
            x(2 * i) = x(2 * i) + x(2 * i - 1)
            rough = rough + x(2 * i)
   20    continue
!$omp end parallel do
   30 continue
      end
