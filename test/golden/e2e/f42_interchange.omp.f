c     Loop interchange (seed 004 sec. 3): a serial loop around a parallel
c     one trades places with it when no dependence runs (<, >) across
c     the two and the new innermost loop walks memory with stride one.
c     Here i carries a recurrence along the first (stride-1) dimension
c     and j is parallel, so the j loop goes outside with the directive;
c     a recurrence along (i-1, j+1) forbids it, and a recurrence along
c     the second dimension keeps its order (interchanged, the inner
c     loop would stride). A recurrence along (i-1, j-1) may be
c     interchanged, but the j loop outside would carry it: no
c     interchange. Three deep, the serial k loop trades places with
c     the parallel j loop and the i loop stays innermost.
      program inter
      integer n, m
      parameter (n = 400, m = 300)
      integer nd, md, nk
      parameter (nd = 100, md = 60, nk = 8)
      double precision a(n, m), b(n, m), c(n, m), d(nd, md, nk), s
      double precision e(n, m)
      integer i, j, k
c doall: parallel
      save a, b, c, d, e
!$omp parallel do
      do 2 j = 1, m
c doall: either
!$omp simd
         do 1 i = 1, n
            a(i, j) = dble(mod(i * j, 7))
            b(i, j) = dble(mod(i + j, 5))
            c(i, j) = dble(mod(i + 2 * j, 3))
            e(i, j) = dble(mod(3 * i + j, 4))
    1    continue
    2 continue
!$omp end parallel do
c doall: serial -- i carries a(i - 1, j): doall interchanges it with the j loop
!$omp parallel do
      do 20 j = 1, m
c doall: either
         do 10 i = 2, n
            a(i, j) = a(i - 1, j) + a(i, j)
   10    continue
   20 continue
!$omp end parallel do
c doall: serial -- b(i, j) reads b(i - 1, j + 1): (<, >), no interchange
      do 40 i = 2, n
c doall: either
         do 30 j = 1, m - 1
            b(i, j) = b(i - 1, j + 1) + a(i, j)
   30    continue
   40 continue
c doall: serial -- j carries c(i, j - 1) along the second dimension
      do 60 j = 2, m
c doall: either
         do 50 i = 1, n
            c(i, j) = c(i, j - 1) + b(i, j)
   50    continue
   60 continue
c doall: serial -- e(i, j) reads e(i - 1, j - 1): (<, <), j outside would carry it
      do 63 i = 2, n
c doall: either
         do 61 j = 2, m
            e(i, j) = e(i - 1, j - 1) * 0.5d0 + e(i, j)
   61    continue
   63 continue
c doall: parallel
!$omp parallel do collapse(2)
      do 64 j = 1, md
c doall: either
         do 62 i = 1, nd
            d(i, j, 1) = c(i, j)
   62    continue
   64 continue
!$omp end parallel do
c doall: serial -- k carries d(i, j, k - 1): doall interchanges it with the j loop
!$omp parallel do
      do 69 j = 1, md
c doall: either
         do 68 k = 2, nk
c doall: either
!$omp simd
            do 66 i = 1, nd
               d(i, j, k) = d(i, j, k - 1) * 0.5d0 + a(i, j)
   66       continue
   68    continue
   69 continue
!$omp end parallel do
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 80 j = 1, m
c doall: either reduction(+:s)
         do 70 i = 1, n
            s = s + a(i, j) + 2.0d0 * b(i, j) + 3.0d0 * c(i, j)
   70    continue
   80 continue
!$omp end parallel do
      print '(a, f20.1)', ' sum ', s
      print '(a, 2f20.6)', ' d ', d(nd, md, nk), d(1, 1, nk)
      print '(a, 3f14.1)', ' corners ', a(n, m), b(n, m - 1), c(n, m)
      print '(a, 2f20.6)', ' e ', e(n, m), e(n / 2, m / 3)
      end
