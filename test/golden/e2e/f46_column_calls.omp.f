c     Calls that work on a column from an element of it, in the style of
c     old linear-algebra codes: the callee's dummy is a vector (y(*) or
c     y(n)), the caller passes a(1, j) or b(2, j) and a length it only
c     knows at run time. Each call stays in its column while the length
c     fits the leading dimension: then the loop over j is parallel, and
c     doall checks the fit at run time (if(...)). The same loop is run
c     once more with a length that runs past the end of each column into
c     the next one, which the previous iteration wrote: there the check
c     fails and the loop runs serially, in order.
      program colcal
      integer lda, ncol
      parameter (lda = 200, ncol = 300)
      double precision a(lda, ncol), b(lda, ncol), s
      integer i, j, m, mbig
c doall: parallel
      save a, b
!$omp parallel do
      do 20 j = 1, ncol
c doall: either
!$omp simd
         do 10 i = 1, lda
            a(i, j) = dble(mod(i + 3 * j, 17))
            b(i, j) = dble(mod(2 * i + j, 13))
   10    continue
   20 continue
!$omp end parallel do
c     Lengths known only when the program runs.
      m = nint(a(3, 1)) + lda - 10
      mbig = m + 17
c doall: runtime if(m <= 200) -- halve works on a(1:m, j): in column j while m <= lda
!$omp parallel do if(nint(a(3, 1)) <= 10)
      do 30 j = 1, ncol
         call halve(m, a(1, j))
   30 continue
!$omp end parallel do
c doall: runtime if(m <= 200) -- b(2:m+1, j) only read: a(1:m, j) must fit
!$omp parallel do if(m <= 200)
      do 40 j = 1, ncol
         call addto(m, b(2, j), a(1, j))
   40 continue
!$omp end parallel do
c doall: runtime if(mbig <= 200) -- mbig > lda: each call also updates the top of column j + 1
!$omp parallel do if(m <= 183)
      do 50 j = 1, ncol - 1
         call halve(mbig, a(1, j))
   50 continue
!$omp end parallel do
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 70 j = 1, ncol
c doall: either reduction(+:s)
         do 60 i = 1, lda
            s = s + a(i, j) * dble(mod(i + j, 7) + 1)
   60    continue
   70 continue
!$omp end parallel do
      print '(a, f24.6)', 'sum ', s
      print '(a, 3f16.6)', 'tops ', a(1, 2), a(5, 100), a(17, ncol)
      end

      subroutine halve(n, y)
      integer n, i
      double precision y(*)
c doall: either
      do 10 i = 1, n
         y(i) = y(i) * 0.5d0 + dble(i)
   10 continue
      end

      subroutine addto(n, x, y)
      integer n, i
      double precision x(n), y(n)
c doall: either
      do 10 i = 1, n
         y(i) = y(i) * 0.75d0 + x(i)
   10 continue
      end
