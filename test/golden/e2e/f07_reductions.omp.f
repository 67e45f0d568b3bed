c     Reductions over integer data: sum, product (of powers of two, so
c     exact in floating point), max, min, max with its index, the first
c     index of the minimum, logical and/or, exclusive or.
      program reduce
      integer n
      parameter (n = 20000)
      integer x(n), e(n), i, isum, imax, imin, iarg, ipos, ix, xm
      double precision p
      logical allin, anyneg
c doall: parallel
      save e, x
!$omp parallel do simd
      do 10 i = 1, n
         x(i) = mod(i * 7919, 2003) - 1000
         e(i) = mod(i * 13, 5) - 2
   10 continue
!$omp end parallel do simd
      isum = 0
c doall: parallel reduction(+:isum)
!$omp parallel do reduction(+:isum)
      do 20 i = 1, n
         isum = isum + x(i)
   20 continue
!$omp end parallel do
      p = 1.0d0
c doall: parallel reduction(*:p)
!$omp parallel do reduction(*:p)
      do 30 i = 1, n
         p = p * 2.0d0 ** e(i)
   30 continue
!$omp end parallel do
      imax = -huge(imax)
c doall: parallel reduction(max:imax)
!$omp parallel do reduction(max:imax)
      do 40 i = 1, n
         if (x(i) .gt. imax) imax = x(i)
   40 continue
!$omp end parallel do
      imin = huge(imin)
c doall: parallel reduction(min:imin)
!$omp parallel do reduction(min:imin)
      do 50 i = 1, n
         imin = min(imin, x(i))
   50 continue
!$omp end parallel do
c     Max with its index: the first index wins ties.
      xm = -huge(xm)
      iarg = 0
c doall: serial -- max with index: a bare directive races on the pair
      do 60 i = 1, n
         if (x(i) .gt. xm) then
            xm = x(i)
            iarg = i
         end if
   60 continue
c     The same question as a min reduction over indices.
      ipos = n + 1
c doall: parallel reduction(min:ipos)
!$omp parallel do reduction(min:ipos)
      do 70 i = 1, n
         if (x(i) .eq. imin) ipos = min(ipos, i)
   70 continue
!$omp end parallel do
      allin = .true.
      anyneg = .false.
c doall: parallel reduction(.and.:allin) reduction(.or.:anyneg)
!$omp parallel do reduction(.and.:allin) reduction(.or.:anyneg)
      do 80 i = 1, n
         allin = allin .and. abs(x(i)) .le. 1002
         anyneg = anyneg .or. x(i) .lt. -999
   80 continue
!$omp end parallel do
      ix = 0
c doall: parallel reduction(ieor:ix)
      do 90 i = 1, n
         ix = ieor(ix, x(i) * i)
   90 continue
      print '(a, i12)', ' sum      ', isum
      print '(a, i12)', ' log2 prod', exponent(p) - 1
      print '(a, 2i12)', ' max, min ', imax, imin
      print '(a, 2i12)', ' argmax   ', xm, iarg
      print '(a, i12)', ' argmin   ', ipos
      print '(a, 2l3)', ' all, any ', allin, anyneg
      print '(a, i12)', ' xor      ', ix
      end
