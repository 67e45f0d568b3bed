c     Blocks of rows of each plane handed to a routine that works on a
c     matrix from an element of it, in the style of NPB FT's second FFT
c     pass: the caller passes x(bls, 1, k) with the leading dimension
c     n1 + 1, and the block's last row is cut at n1 by an IF. Where the
c     call runs, ble <= n1 holds, so the routine's rows stay in column:
c     the planes are parallel with no check. The copy of the planes into
c     xout(j + (n1+1)*(k-1+n2*i)) is parallel because every call gives
c     the same sizes (then its subscript is affine). Run a second time
c     with blocks whose end is not cut: the last block runs past the
c     column, and past the last column into the next plane, which the
c     next iteration works on; that loop stays serial.
      program blkrow
      integer n1, n2, n3
      parameter (n1 = 30, n2 = 16, n3 = 24)
      double complex x(n1+1, n2, n3), xout((n1+1)*n2*n3)
      double precision s
      integer i, j, k
c doall: parallel
      save x, xout
!$omp parallel do collapse(2)
      do 30 k = 1, n3
c doall: either
         do 20 j = 1, n2
c doall: either
!$omp simd
            do 10 i = 1, n1 + 1
               x(i, j, k) = dcmplx(dble(mod(i + 3 * j + 7 * k, 13)),
     >                             dble(mod(2 * i + j + k, 5)))
   10       continue
   20    continue
   30 continue
!$omp end parallel do
c     Row n1 + 1 of each column is padding that passes never copies.
c doall: parallel
!$omp parallel do simd
      do 35 i = 1, (n1 + 1) * n2 * n3
         xout(i) = (0.0d0, 0.0d0)
   35 continue
!$omp end parallel do simd
      call passes(x, xout, n1, n2, n3, 8)
      call loose(x, n1, n2, n3, 8)
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 40 i = 1, (n1 + 1) * n2 * n3
         s = s + dble(xout(i)) * dble(mod(i, 7) + 1)
     >         + dimag(xout(i)) * dble(mod(i, 3))
   40 continue
!$omp end parallel do
      print '(a, f24.6)', 'xout ', s
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s) collapse(2)
      do 70 k = 1, n3
c doall: either reduction(+:s)
         do 60 j = 1, n2
c doall: either reduction(+:s)
            do 50 i = 1, n1 + 1
               s = s + dble(x(i, j, k)) * dble(mod(i + j + k, 5) + 1)
   50       continue
   60    continue
   70 continue
!$omp end parallel do
      print '(a, f24.6)', 'x    ', s
      end

      subroutine passes(x, xout, n1, n2, n3, nb)
      integer n1, n2, n3, nb
      double complex x(n1+1, n2, n3), xout((n1+1)*n2*n3)
      integer k, bls, ble, len, i, j
c doall: parallel private(ble, len)
!$omp parallel do private(ble, len) if(n3 >= 4)
      do 20 k = 1, n3
c doall: either private(ble, len)
         do 10 bls = 1, n1, nb
            ble = bls + nb - 1
            if (ble .gt. n1) ble = n1
            len = ble - bls + 1
            call rowop(len, n2, x(bls, 1, k), n1 + 1)
   10    continue
   20 continue
!$omp end parallel do
c doall: parallel private(ble)
!$omp parallel do private(ble) if((nb >= 1) .and. (n2 >= 4))
      do 60 k = 1, n2
c doall: either private(ble)
         do 50 bls = 1, n1, nb
            ble = bls + nb - 1
            if (ble .gt. n1) ble = n1
c doall: either
            do 40 i = 0, n3 - 1
c doall: either
               do 30 j = bls, ble
                  xout(j + (n1+1)*(k-1+n2*i)) = x(j, k, i + 1)
   30          continue
   40       continue
   50    continue
   60 continue
!$omp end parallel do
      end

c     Blocks of nb rows, the last one not cut: rows n1 + 1 and past it
c     belong to the next column, and the last column's to the next plane.
      subroutine loose(x, n1, n2, n3, nb)
      integer n1, n2, n3, nb
      double complex x(n1+1, n2, n3)
      integer k, bls
c doall: serial -- the last block of plane k runs into plane k + 1
      do 20 k = 1, n3 - 1
c doall: serial -- the last block runs into the next columns, which the first blocks worked on
         do 10 bls = 1, n1, nb
            call rowop(nb, n2, x(bls, 1, k), n1 + 1)
   10    continue
   20 continue
      end

c     A sweep along each row of the block: column j takes half of
c     column j - 1.
      subroutine rowop(len, m, y, ld)
      integer len, m, ld
      double complex y(ld, m)
      integer i, j
c doall: serial -- column j reads column j - 1
      do 20 j = 2, m
c doall: either
         do 10 i = 1, len
            y(i, j) = y(i, j) + 0.5d0 * y(i, j - 1) + dble(i)
   10    continue
   20 continue
      end
