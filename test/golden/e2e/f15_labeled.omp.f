c     Old-style control flow: DO loops sharing a terminal statement,
c     an arithmetic IF whose branches stay inside the body (the loop is
c     still parallel), one whose branch leaves the loop (serial), and a
c     GO TO that skips to the end of the iteration.
      program labels
      integer n
      parameter (n = 5000)
      integer x(n), sgn(n), m(60, 60), i, j, k, izero, nodd
      integer*8 isum
c doall: parallel
      save m, sgn, x
!$omp parallel do simd
      do 10 i = 1, n
         x(i) = mod(i * 37, 19) - 9
   10 continue
!$omp end parallel do simd
c doall: parallel -- the arithmetic IF branches to labels inside the body
!$omp parallel do
      do 40 i = 1, n
         if (x(i)) 20, 30, 35
   20    sgn(i) = -1
         goto 40
   30    sgn(i) = 0
         goto 40
   35    sgn(i) = 1
   40 continue
!$omp end parallel do
c     First zero: the arithmetic IF leaves the loop.
      izero = 0
c doall: serial -- the arithmetic IF jumps out of the loop at the first zero
      do 50 i = 1, n
         if (x(i)) 50, 45, 50
   45    izero = i
         goto 55
   50 continue
   55 continue
c     A nest whose three loops end on one statement.
c doall: parallel
!$omp parallel do
      do 60 j = 1, 60
c doall: either
!$omp simd
      do 60 i = 1, 60
   60 m(i, j) = mod(i * j, 7)
!$omp end parallel do
c doall: serial -- m(i, j) reads m(i, j-1) written by the previous iteration
!$omp parallel do
      do 70 i = 1, 60
c doall: parallel
      do 70 j = 2, 60
c doall: serial -- m(i, j) accumulates over k
      do 70 k = 1, 2
   70 m(i, j) = mod(m(i, j) + m(i, j - 1) * k, 1000)
!$omp end parallel do
c     GO TO the terminal statement skips the rest of the iteration.
      nodd = 0
c doall: parallel reduction(+:nodd)
!$omp parallel do reduction(+:nodd)
      do 80 i = 1, n
         if (mod(x(i), 2) .eq. 0) goto 80
         nodd = nodd + 1
   80 continue
!$omp end parallel do
      isum = 0
c doall: parallel reduction(+:isum)
!$omp parallel do reduction(+:isum)
      do 90 i = 1, n
         isum = isum + sgn(i) * i
   90 continue
!$omp end parallel do
c doall: parallel reduction(+:isum)
!$omp parallel do reduction(+:isum)
      do 100 j = 1, 60
c doall: either reduction(+:isum)
      do 100 i = 1, 60
  100 isum = isum + m(i, j) * (i + j)
!$omp end parallel do
      print '(a, i8, a, i8, a, i14)', ' zero at', izero, ' odd', nodd,
     &      ' checksum', isum
      end
