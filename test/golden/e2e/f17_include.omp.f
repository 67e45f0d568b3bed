c     An integer image filter; sizes and arrays come from an INCLUDE file.
c     A 3x3 convolution (parallel over rows, tiny inner kernel loops),
c     then a running smoothing along each row (serial along the row,
c     parallel across rows).
      program filter
      include 'field.inc'
      integer i, j
      integer*8 isum
      call setimg
      call convol
c doall: parallel
!$omp parallel do
      do 20 j = 1, ny
c doall: serial -- out(i, j) reads out(i-1, j) written by the previous iteration
         do 10 i = 2, nx
            out(i, j) = (out(i - 1, j) + 3 * out(i, j)) / 4
   10    continue
   20 continue
!$omp end parallel do
      isum = 0
c doall: parallel reduction(+:isum)
!$omp parallel do reduction(+:isum)
      do 40 j = 1, ny
c doall: either reduction(+:isum)
         do 30 i = 1, nx
            isum = isum + out(i, j) * mod(i * 7 + j, 10)
   30    continue
   40 continue
!$omp end parallel do
      print '(a, i14)', ' checksum', isum
      end

      subroutine setimg
      include 'field.inc'
      integer i, j
c doall: parallel
!$omp parallel do
      do 20 j = 0, ny + 1
c doall: either
!$omp simd
         do 10 i = 0, nx + 1
            img(i, j) = mod(i * i + 3 * j, 256)
   10    continue
   20 continue
!$omp end parallel do
c doall: either -- three iterations
      do 40 j = -1, 1
c doall: either
         do 30 i = -1, 1
            ker(i, j) = 2 - abs(i) - abs(j) + 1
   30    continue
   40 continue
      end

      subroutine convol
      include 'field.inc'
      integer i, j, ii, jj, s
c doall: parallel private(s)
!$omp parallel do private(s)
      do 40 j = 1, ny
c doall: either private(s)
         do 30 i = 1, nx
            s = 0
c doall: either reduction(+:s)
            do 20 jj = -1, 1
c doall: either reduction(+:s)
               do 10 ii = -1, 1
                  s = s + ker(ii, jj) * img(i + ii, j + jj)
   10          continue
   20       continue
            out(i, j) = s
   30    continue
   40 continue
!$omp end parallel do
      end
