c     1-D heat equation: explicit Jacobi steps, a copy back, an in-place
c     smoothing pass and a checksum. The data start as small integers
c     and every value is computed by the same operations in any order,
c     so a correct parallel run prints exactly the serial output.
      program heat1d
      include 'heat1d.h'
      double precision u(0:n+1), v(0:n+1)
      integer i, it
      integer*8 isum
c doall: parallel
      save u, v
!$omp parallel do simd
      do 10 i = 0, n + 1
         u(i) = dble(mod(i * 37, 101))
         v(i) = 0.0d0
   10 continue
!$omp end parallel do simd
c doall: serial -- each step reads the previous step's u
      do 40 it = 1, nsteps
c doall: parallel
         do 20 i = 1, n
            v(i) = (u(i-1) + 2.0d0 * u(i) + u(i+1)) * 0.25d0
   20    continue
c doall: parallel
         do 30 i = 1, n
            u(i) = v(i)
   30    continue
   40 continue
c     In-place smoothing: u(i-1) is already the new value.
c doall: serial -- reads u(i-1) written by the previous iteration
      do 45 i = 1, n
         u(i) = (u(i-1) + u(i)) * 0.5d0
   45 continue
      isum = 0
c doall: parallel reduction(+:isum)
!$omp parallel do reduction(+:isum)
      do 50 i = 0, n + 1
         isum = isum + nint(u(i) * 1000.0d0)
   50 continue
!$omp end parallel do
      print '(a, i14)', ' checksum', isum
c doall: serial -- prints lines in order
      do 60 i = 1, n, n / 8
         write (*, '(i6, f16.6)') i, u(i)
   60 continue
      end
