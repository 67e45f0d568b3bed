c     Scalars EQUIVALENCEd with an element of an array: each is that
c     element, so a loop that writes the storage carries values through
c     the scalar. Found by fuzzing: k = k + 2 got no linear clause, a flag
c     set in some iterations none, and t read after a(i) was written (t is
c     a(1)) no dependence; each loop got a directive. The same loops over
c     scalars of their own are parallel.
      program eqsca
      integer n
      parameter (n = 20000)
      integer y(2*n), a(n), arr(5), i, k, t, u, s
      equivalence (k, arr(2)), (t, a(1)), (u, arr(5))
      save y
      k = 0
c doall: parallel
!$omp parallel do simd
      do 10 i = 1, 2*n
         y(i) = 0
   10 continue
!$omp end parallel do simd
c doall: serial -- k is arr(2): k = k + 2 carries it
      do 20 i = 1, n
         k = k + 2
         y(k) = mod(i, 100)
   20 continue
      u = 0
c doall: serial -- u is arr(5), set in some iterations and read in all
      do 30 i = 1, n
         if (mod(i, 1000) .eq. 0) u = i / 1000
         y(i) = y(i) + u
   30 continue
c doall: parallel
!$omp parallel do simd
      do 40 i = 1, n
         a(i) = 0
   40 continue
!$omp end parallel do simd
c doall: serial -- t is a(1), which the first iteration writes
      do 50 i = 1, n
         a(i) = mod(i, 100) + 1
         y(i) = y(i) + t
   50 continue
      s = 0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 60 i = 1, 2*n
         s = s + y(i) * mod(i, 7)
   60 continue
!$omp end parallel do
      print *, s, k, u, t
      end
