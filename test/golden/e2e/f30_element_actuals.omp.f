c     Calls given array elements: the callee's dummy starts at the element
c     passed, and its regions, moved to the caller, say which part of the
c     actual it touches. matvec works on column i of a and of x and y only;
c     smear writes two columns, its own and the next one.
      program elemact
      integer n, m
      parameter (n = 5, m = 4000)
      double precision a(n, n, m), x(n, m), y(n, m), z(n, m + 1)
      double precision s
      integer i, j, k
c doall: parallel
      save a, x, y, z
!$omp parallel do
      do 10 i = 1, m
c doall: either
         do 20 j = 1, n
c doall: either
!$omp simd
            do 30 k = 1, n
               a(k, j, i) = dble(mod(i + 2 * j + 3 * k, 7)) - 3.0d0
   30       continue
            x(j, i) = dble(mod(i * j, 5))
            y(j, i) = 0.0d0
   20    continue
   10 continue
!$omp end parallel do
c     Each iteration touches column i only: y(1:n, i) = a(1:n, 1:n, i) * x(1:n, i).
c doall: parallel
!$omp parallel do
      do 40 i = 1, m
         call matvec(a(1, 1, i), x(1, i), y(1, i))
   40 continue
!$omp end parallel do
c doall: parallel
!$omp parallel do
      do 45 i = 1, m + 1
c doall: either
!$omp simd
         do 46 j = 1, n
            z(j, i) = 0.0d0
   46    continue
   45 continue
!$omp end parallel do
c     smear writes z(1:2n) from z(1, i): columns i and i + 1, which the
c     next iteration writes too.
c doall: serial -- smear writes the next iteration's column
      do 50 i = 1, m
         call smear(z(1, i), x(1, i))
   50 continue
      s = 0.0d0
c     (Whole numbers and halves: the sum is exact in any order.)
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 60 i = 1, m
c doall: either reduction(+:s)
         do 70 j = 1, n
            s = s + y(j, i) * dble(j) + z(j, i)
   70    continue
   60 continue
!$omp end parallel do
      print '(a, f20.4)', 'sum ', s
      print '(a, 3f12.4)', 'ends', y(1, 1), y(n, m), z(n, m + 1)
      end

      subroutine matvec(a, x, y)
      integer n
      parameter (n = 5)
      double precision a(n, n), x(n), y(n)
      integer j, k
c doall: either -- called inside a parallel loop: five iterations
      do 10 j = 1, n
         y(j) = 0.0d0
c doall: either reduction(+:y) -- y(j) summed over five iterations
         do 20 k = 1, n
            y(j) = y(j) + a(j, k) * x(k)
   20    continue
   10 continue
      end

      subroutine smear(z, x)
      integer n
      parameter (n = 5)
      double precision z(2 * n), x(n)
      integer j
c doall: either
      do 10 j = 1, n
         z(j) = z(j) + x(j)
         z(n + j) = z(n + j) + 0.5d0 * x(j)
   10 continue
      end
