c     A complex array filled column by column by a routine of another
c     file that takes it as a real vector, as NPB FT's vranlc gets
c     u0(1, j, k): the 2*m reals from c(1, j) are the real and imaginary
c     parts of c(1:m, j) while m fits the column, so the loop over j is
c     parallel under a run-time check of m. Run once more with a length
c     that spills into the next column, which the previous iteration
c     updated: the check fails and the loop runs serially, in order.
      program cparts
      integer ld, ncol
      parameter (ld = 120, ncol = 200)
      double complex c(ld, ncol)
      double precision s
      integer i, j, m, mbig
c doall: parallel
      do 20 j = 1, ncol
c doall: either
         do 10 i = 1, ld
            c(i, j) = dcmplx(dble(mod(i + j, 7)), dble(mod(i * j, 5)))
   10    continue
   20 continue
c     Lengths known only when the program runs.
      m = nint(dble(c(3, 1))) + ld - 4
      mbig = m + 5
c doall: runtime if(m <= 120) -- the 2*m reals are c(1:m, j)
      do 30 j = 1, ncol
         call rhalve(2 * m, c(1, j))
   30 continue
c doall: runtime if(mbig <= 120) -- mbig > ld: each call also updates the top of column j + 1
      do 40 j = 1, ncol - 1
         call rhalve(2 * mbig, c(1, j))
   40 continue
      s = 0.0d0
c doall: parallel reduction(+:s)
      do 60 j = 1, ncol
c doall: either reduction(+:s)
         do 50 i = 1, ld
            s = s + dble(c(i, j)) * dble(i) + dimag(c(i, j))
   50    continue
   60 continue
      print '(a, f24.6)', 'sum ', s
      print '(a, 4f16.6)', 'c ', c(1, 2), c(ld, ncol)
      end
