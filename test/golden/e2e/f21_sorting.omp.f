c     Sorting: odd-even transposition sort (passes serial, the swaps of
c     one pass parallel, stride 2), counting sort (histogram parallel,
c     prefix and scatter serial), insertion sort (serial), and a binary
c     search per query (parallel, with a DO WHILE inside).
      program sorts
      integer n, nk, nq
      parameter (n = 1000, nk = 64, nq = 3000)
      integer a(n), b(n), c(n), key(n), cnt(nk), start(nk + 1)
      integer q(nq), pos(nq), i, k, pass, t, lo, hi, mid, v, j
      integer*8 isum
c doall: parallel
      save a, b, c, cnt, key, pos, q, start
!$omp parallel do simd
      do 10 i = 1, n
         a(i) = mod(i * 7919, 10007)
         b(i) = a(i)
         key(i) = mod(a(i), nk) + 1
   10 continue
!$omp end parallel do simd
c doall: serial -- each pass works on the previous pass's order
      do 30 pass = 0, n - 1
c doall: parallel private(t)
         do 20 i = 1 + mod(pass, 2), n - 1, 2
            if (a(i) .gt. a(i + 1)) then
               t = a(i)
               a(i) = a(i + 1)
               a(i + 1) = t
            end if
   20    continue
   30 continue
c     Counting sort of the keys.
c doall: parallel
      do 40 k = 1, nk
         cnt(k) = 0
   40 continue
c doall: parallel reduction(+:cnt)
!$omp parallel do reduction(+:cnt)
      do 50 i = 1, n
         cnt(key(i)) = cnt(key(i)) + 1
   50 continue
!$omp end parallel do
      start(1) = 1
c doall: serial -- prefix sum of the counts
      do 60 k = 1, nk
         start(k + 1) = start(k) + cnt(k)
   60 continue
c doall: serial -- start(key(i)) is a running position shared by every i with that key
      do 70 i = 1, n
         c(start(key(i))) = i
         start(key(i)) = start(key(i)) + 1
   70 continue
c     Insertion sort of b.
c doall: serial -- each element is inserted into the part sorted by earlier iterations
      do 90 i = 2, n
         v = b(i)
         j = i - 1
c doall: serial -- a search that shifts as it goes
         do while (j .ge. 1)
            if (b(j) .le. v) exit
            b(j + 1) = b(j)
            j = j - 1
         end do
         b(j + 1) = v
   90 continue
c     Binary search of each query in the sorted array.
c doall: parallel private(lo, hi, mid)
!$omp parallel do private(hi, lo, mid)
      do 110 i = 1, nq
         q(i) = mod(i * 31, 10007)
         lo = 1
         hi = n + 1
c doall: serial -- a search: each step halves the interval left by the previous one
         do while (lo .lt. hi)
            mid = (lo + hi) / 2
            if (a(mid) .lt. q(i)) then
               lo = mid + 1
            else
               hi = mid
            end if
         end do
         pos(i) = lo
  110 continue
!$omp end parallel do
      isum = 0
c doall: parallel reduction(+:isum)
!$omp parallel do reduction(+:isum)
      do 120 i = 1, n
         isum = isum + a(i) * mod(i, 7) + b(i) * mod(i, 5) + c(i)
     &        * mod(i, 3)
         if (a(i) .ne. b(i)) isum = isum + 1000000
  120 continue
!$omp end parallel do
c doall: parallel reduction(+:isum)
!$omp parallel do reduction(+:isum)
      do 130 i = 1, nq
         isum = isum + pos(i) * mod(i, 11)
  130 continue
!$omp end parallel do
      print '(a, i14)', ' checksum', isum
      end
