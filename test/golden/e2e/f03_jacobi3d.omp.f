c     3-D seven-point Jacobi on arrays in a COMMON block, with nests of
c     labeled DO loops that share their terminal statement.
      program jac3d
      integer it
      call init
c doall: serial -- each step reads the previous step's field
      do 10 it = 1, 8
         call sweep
         call copy
   10 continue
      call report
      end

      subroutine init
      integer n
      parameter (n = 40)
      double precision u(0:n+1,0:n+1,0:n+1), v(0:n+1,0:n+1,0:n+1)
      common /field/ u, v
      integer i, j, k
c doall: parallel
!$omp parallel do
      do 10 k = 0, n + 1
c doall: either
      do 10 j = 0, n + 1
c doall: either
!$omp simd
      do 10 i = 0, n + 1
         u(i,j,k) = dble(mod(i + 3*j + 7*k, 17))
         v(i,j,k) = u(i,j,k)
   10 continue
!$omp end parallel do
      end

      subroutine sweep
      integer n
      parameter (n = 40)
      double precision u(0:n+1,0:n+1,0:n+1), v(0:n+1,0:n+1,0:n+1)
      common /field/ u, v
      integer i, j, k
c doall: parallel
!$omp parallel do
      do 20 k = 1, n
c doall: either
      do 20 j = 1, n
c doall: either
!$omp simd
      do 20 i = 1, n
   20 v(i,j,k) = (u(i-1,j,k) + u(i+1,j,k) + u(i,j-1,k) + u(i,j+1,k)
     &          + u(i,j,k-1) + u(i,j,k+1) + 2.0d0 * u(i,j,k)) * 0.125d0
!$omp end parallel do
      end

      subroutine copy
      integer n
      parameter (n = 40)
      double precision u(0:n+1,0:n+1,0:n+1), v(0:n+1,0:n+1,0:n+1)
      common /field/ u, v
      integer i, j, k
c doall: parallel
!$omp parallel do
      do 30 k = 1, n
c doall: either
         do 30 j = 1, n
c doall: either
!$omp simd
            do 30 i = 1, n
               u(i,j,k) = v(i,j,k)
   30 continue
!$omp end parallel do
      end

      subroutine report
      integer n
      parameter (n = 40)
      double precision u(0:n+1,0:n+1,0:n+1), v(0:n+1,0:n+1,0:n+1)
      common /field/ u, v
      integer i, j, k
      integer*8 isum, jsum
      isum = 0
      jsum = 0
c doall: parallel reduction(+:isum, jsum)
!$omp parallel do reduction(+:isum, jsum)
      do 40 k = 0, n + 1
c doall: either reduction(+:isum, jsum)
      do 40 j = 0, n + 1
c doall: either reduction(+:isum, jsum)
      do 40 i = 0, n + 1
         isum = isum + nint(u(i,j,k) * 1.0d6)
         jsum = jsum + nint(u(i,j,k) * 1.0d3) * mod(i + j + k, 5)
   40 continue
!$omp end parallel do
      print '(a, i16)', ' sum      ', isum
      print '(a, i16)', ' weighted ', jsum
      print '(a, f14.8)', ' center   ', u(n/2, n/2, n/2)
      end
