c     Matrix products in three loop orders (ijk with a scalar sum, ikj,
c     jki with loops sharing their terminal statement) and a transpose.
c     Entries are small integers, so every order gives the same bits.
      program matmul
      integer n
      parameter (n = 120)
      double precision a(n,n), b(n,n), c1(n,n), c2(n,n), c3(n,n)
      double precision t(n,n), s, aik
      integer i, j, k, nbad
      integer*8 isum, itr
c doall: parallel
      save a, b, c1, c2, c3, t
!$omp parallel do
      do 20 j = 1, n
c doall: either
!$omp simd
         do 10 i = 1, n
            a(i,j) = dble(mod(i + 2*j, 7) - 3)
            b(i,j) = dble(mod(3*i + j, 5) - 2)
   10    continue
   20 continue
!$omp end parallel do
c     ijk: the k loop sums into a scalar.
c doall: parallel private(s)
!$omp parallel do private(s)
      do 50 i = 1, n
c doall: either private(s)
         do 40 j = 1, n
            s = 0.0d0
c doall: either reduction(+:s)
            do 30 k = 1, n
               s = s + a(i,k) * b(k,j)
   30       continue
            c1(i,j) = s
   40    continue
   50 continue
!$omp end parallel do
c     ikj: row i of c2 accumulates over k.
c doall: parallel private(aik)
!$omp parallel do private(aik)
      do 80 i = 1, n
c doall: either
!$omp simd
         do 60 j = 1, n
            c2(i,j) = 0.0d0
   60    continue
c doall: serial -- c2(i,:) accumulates over k: only a whole-row reduction would do
         do 75 k = 1, n
            aik = a(i,k)
c doall: either
!$omp simd
            do 70 j = 1, n
               c2(i,j) = c2(i,j) + aik * b(k,j)
   70       continue
   75    continue
   80 continue
!$omp end parallel do
c     jki, with j, k and i ending on the same statement.
c doall: parallel
!$omp parallel do
      do 100 j = 1, n
c doall: either
!$omp simd
         do 90 i = 1, n
   90    c3(i,j) = 0.0d0
c doall: serial -- c3(:,j) accumulates over k
         do 100 k = 1, n
c doall: either
!$omp simd
         do 100 i = 1, n
  100 c3(i,j) = c3(i,j) + a(i,k) * b(k,j)
!$omp end parallel do
c     Transpose.
c doall: parallel
!$omp parallel do
      do 120 j = 1, n
c doall: either
!$omp simd
         do 110 i = 1, n
            t(j,i) = c1(i,j)
  110    continue
  120 continue
!$omp end parallel do
      nbad = 0
      isum = 0
c doall: parallel reduction(+:nbad, isum)
!$omp parallel do reduction(+:isum, nbad)
      do 140 j = 1, n
c doall: either reduction(+:nbad, isum)
         do 130 i = 1, n
            if (nint(c1(i,j) - c2(i,j)) .ne. 0 .or.
     &          nint(c1(i,j) - c3(i,j)) .ne. 0) then
               nbad = nbad + 1
            end if
            isum = isum + nint(t(i,j)) * mod(i + 3*j, 13)
  130    continue
  140 continue
!$omp end parallel do
      itr = 0
c doall: parallel reduction(+:itr)
      do 150 i = 1, n
         itr = itr + nint(t(i,i))
  150 continue
      print '(a, i6)', ' mismatches', nbad
      print '(a, i14)', ' checksum  ', isum
      print '(a, i14)', ' trace     ', itr
      end
