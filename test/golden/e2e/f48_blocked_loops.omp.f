c     Blocked (tiled) loops, as cache-minded codes write them: the outer
c     loop steps over blocks of bs values, the inner loop runs from the
c     block's start to min(start + bs - 1, n), so the last block may be
c     short. Two blocks never share a column: the loop over the blocks is
c     parallel. bs is a variable whose value is known where the loop
c     starts. A block loop whose inner range reaches one past its block
c     (min(jj + bs, n)) updates the first column of the next block too, and
c     stays serial. A routine given its block size as an argument (24,
c     then 16: no one value for every call) steps by a value doall does
c     not know: the loop over the blocks is parallel when the size is at
c     least 1, which the directive checks.
      program blocks
      integer n, bs
      parameter (n = 300)
      double precision a(n, n), b(n, n), c(n, n), t(n, n), s
      integer i, j, k, ii, jj, kk
c doall: parallel
      save a, b, c, t
!$omp parallel do
      do 20 j = 1, n
c doall: either
!$omp simd
         do 10 i = 1, n
            a(i, j) = dble(mod(i + 2 * j, 11)) - 5.0d0
            b(i, j) = dble(mod(3 * i + j, 7)) * 0.5d0
            c(i, j) = 0.0d0
   10    continue
   20 continue
!$omp end parallel do
      bs = 32
c doall: parallel -- blocks of columns of c: no two share a column
!$omp parallel do schedule(static, 1)
      do 60 jj = 1, n, bs
c doall: serial -- every kk block adds into the same columns
         do 50 kk = 1, n, bs
c doall: either
            do 40 j = jj, min(jj + bs - 1, n)
c doall: serial -- c(i, j) accumulates over k
               do 30 k = kk, min(kk + bs - 1, n)
c doall: either
!$omp simd
                  do 25 i = 1, n
                     c(i, j) = c(i, j) + a(i, k) * b(k, j)
   25             continue
   30          continue
   40       continue
   50    continue
   60 continue
!$omp end parallel do
c     A blocked transpose, the blocks' starts from max(): each (jj, ii)
c     block writes its own part of t.
c doall: parallel
!$omp parallel do collapse(2)
      do 90 jj = 1, n, 25
c doall: either
         do 80 ii = 1, n, 25
c doall: either
            do 75 j = max(jj, 1), min(jj + 24, n)
c doall: either
!$omp simd
               do 70 i = max(ii, 1), min(ii + 24, n)
                  t(j, i) = c(i, j)
   70          continue
   75       continue
   80    continue
   90 continue
!$omp end parallel do
c doall: serial -- j = jj + bs is also the first column of the next block
      do 120 jj = 1, n, bs
c doall: either
         do 110 j = jj, min(jj + bs, n)
c doall: either
            do 100 i = 1, n
               t(i, j) = t(i, j) * 0.5d0 + dble(jj)
  100       continue
  110    continue
  120 continue
      call blkadd(t, n, 24)
      call blkadd(t, n, 16)
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 140 j = 1, n
c doall: either reduction(+:s)
         do 130 i = 1, n
            s = s + t(i, j) * dble(mod(i + j, 5) + 1)
  130    continue
  140 continue
!$omp end parallel do
      print '(a, f24.6)', 'sum ', s
      print '(a, 3f18.6)', 'corners ', c(1, 1), c(n, n), t(7, 250)
      end

      subroutine blkadd(t, n, nb)
      integer n, nb, j, jj, i, k, ii
      double precision t(n, n)
c doall: runtime if(nb >= 1) -- blocks of nb columns, nb known only at run time
!$omp parallel do schedule(static, 1) if(nb >= 1)
      do 30 jj = 1, n, nb
c doall: either
         do 20 j = jj, min(jj + nb - 1, n)
c doall: either
!$omp simd
            do 10 i = 1, n
               t(i, j) = t(i, j) + dble(i - j) / dble(jj + 1)
   10       continue
   20    continue
   30 continue
!$omp end parallel do
c doall: parallel -- column k alone, whatever nb: no check of it
!$omp parallel do if(n >= 4)
      do 60 k = 1, n
c doall: either
         do 50 ii = 1, n, nb
c doall: either
            do 40 i = ii, min(ii + nb - 1, n)
               t(i, k) = t(i, k) * 0.5d0 + dble(ii)
   40       continue
   50    continue
   60 continue
!$omp end parallel do
      end
