c     A GOTO that jumps to a DO statement, as NPB 3.3-OMP FT's cfftz
c     jumps to `160 do j = 1, n` to copy its work array back: the loop
c     is parallel, but a directive before it would make the jump enter
c     the parallel region, which OpenMP forbids (gfortran crashes on
c     it). doall leaves it without one and says why.
      program jump
      integer n, m, l, i, j
      parameter (n = 400, m = 3)
      double precision x(n, 50), y(n, 50), s
c doall: parallel
      save x, y
!$omp parallel do collapse(2)
      do 20 j = 1, 50
c doall: either
         do 10 i = 1, n
            x(i, j) = dble(i + j)
            y(i, j) = 0.0d0
   10    continue
   20 continue
!$omp end parallel do
c doall: serial -- each step reads what the step before wrote, and it is left early
      do 40 l = 1, m
c doall: parallel
!$omp parallel do collapse(2)
         do 30 j = 1, 50
c doall: either
            do 25 i = 1, n
               y(i, j) = 0.5d0 * x(i, j) + dble(l)
   25       continue
   30    continue
!$omp end parallel do
         if (l .eq. m) goto 160
c doall: parallel
!$omp parallel do collapse(2)
         do 35 j = 1, 50
c doall: either
            do 34 i = 1, n
               x(i, j) = 0.25d0 * y(i, j) + 1.0d0
   34       continue
   35    continue
!$omp end parallel do
   40 continue
      goto 180
c doall: either -- parallel, but the GOTO above jumps to this DO statement: a directive would make it enter the region
  160 do 170 j = 1, 50
c doall: either
!$omp parallel do simd
         do 165 i = 1, n
            x(i, j) = y(i, j)
  165    continue
!$omp end parallel do simd
  170 continue
  180 continue
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s) collapse(2)
      do 60 j = 1, 50
c doall: either reduction(+:s)
         do 50 i = 1, n
            s = s + x(i, j) * dble(mod(i, 7) + 1)
   50    continue
   60 continue
!$omp end parallel do
      print '(a, f24.6)', 'sum ', s
      end
