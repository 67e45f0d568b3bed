c     Statement functions: a stencil written through one, a data generator
c     of the indices, and one that reads a variable the loop updates.
      program stfunc
      integer n
      parameter (n = 300)
      double precision u(n, n), v(n, n), r(n), w, x, y
      double precision f, h
      integer g, i, j
      integer*8 isum
      f(x, y) = 0.5d0 * x + 0.25d0 * y
      g(i, j) = mod(i * 3 + j * 5, 17)
      h(x) = w * x + 1.0d0
c doall: parallel
      save r, u, v
!$omp parallel do
      do 20 j = 1, n
c doall: either
!$omp simd
         do 10 i = 1, n
            u(i, j) = dble(g(i, j))
            v(i, j) = 0.0d0
   10    continue
   20 continue
!$omp end parallel do
c doall: parallel
!$omp parallel do
      do 40 j = 2, n - 1
c doall: either
!$omp simd
         do 30 i = 2, n - 1
            v(i, j) = f(u(i-1, j) + u(i+1, j), u(i, j-1) + u(i, j+1))
   30    continue
   40 continue
!$omp end parallel do
c     h reads w; here w does not change.
      w = 2.0d0
c doall: parallel
!$omp parallel do simd
      do 50 i = 1, n
         r(i) = h(v(i, i))
   50 continue
!$omp end parallel do simd
c doall: serial -- h reads w, which each iteration changes for the next
      do 60 i = 1, n
         r(i) = r(i) + h(dble(i))
         w = dble(mod(nint(r(i)), 7)) + 0.5d0
   60 continue
      isum = 0
c doall: parallel reduction(+:isum)
!$omp parallel do reduction(+:isum)
      do 80 j = 1, n
c doall: either reduction(+:isum)
         do 70 i = 1, n
            isum = isum + nint(v(i, j) * 4.0d0) * mod(i + j, 9)
   70    continue
         isum = isum + nint(r(j) * 2.0d0)
   80 continue
!$omp end parallel do
      print '(a, i14, f8.2)', ' checksum', isum, w
      end
