c     A vector work area in COMMON, filled by rows of blkp elements and
c     handed whole to a routine that sees it as a matrix w(ld, n) (NPB
c     FT's plane and Swarztrauber): the rows the routine reads are those
c     the loop wrote, so the area is private to each iteration, with its
c     block threadprivate (the routine also keeps a scratch vector in the
c     block, which the caller never names). The block's length of a row,
c     bhi, is cut by an IF, and the loops over the row stop there. A
c     second sweep hands the routine one row more than it fills (a local
c     vector): the last row comes from the previous iteration, and the
c     loop stays serial.
      program rowview
      integer nk, nr, ld
      parameter (nk = 400, nr = 24, ld = 9)
      double precision a(nr, 8, nk), s
      double precision area(ld * 40), scratch(64), other(ld * 40)
      common /work/ area, scratch
      integer i, j, k, blkp, blo, bhi, len
      blkp = ld
c doall: parallel
      do k = 1, nk
c doall: either
        do j = 1, 8
c doall: either
          do i = 1, nr
            a(i, j, k) = dble(mod(i * 3 + j * 5 + k, 17))
          end do
        end do
      end do
c doall: parallel private(bhi, len)
      do k = 1, nk
c doall: serial -- the body sets bhi and len, which the next block reads
        do blo = 1, 8, 6
          bhi = blo + 5
          if (bhi .gt. 8) bhi = 8
          len = bhi - blo + 1
c doall: either
          do j = blo, bhi
c doall: either
            do i = 1, nr
              area(j - blo + 1 + blkp * (i - 1)) = a(i, j, k)
            end do
          end do
          call smooth(len, nr, area, blkp)
c doall: either
          do j = blo, bhi
c doall: either
            do i = 1, nr
              a(i, j, k) = area(j - blo + 1 + blkp * (i - 1))
            end do
          end do
        end do
      end do
c doall: either
      do i = 1, ld * 40
        other(i) = 1.0d0
      end do
c doall: serial -- smooth reads row nr of other, which this iteration does not fill
      do k = 1, nk
c doall: either
        do j = 1, 6
c doall: either
          do i = 1, nr - 1
            other(j + blkp * (i - 1)) = a(i, j, k)
          end do
        end do
        call smooth(6, nr, other, blkp)
c doall: either
        do j = 1, 6
          a(nr, j, k) = a(nr, j, k) + other(j + blkp * (nr - 1))
        end do
      end do
      s = 0.0d0
c doall: parallel reduction(+:s)
      do k = 1, nk
c doall: either reduction(+:s)
        do j = 1, 8
c doall: either reduction(+:s)
          do i = 1, nr
            s = s + a(i, j, k) * mod(i + j + k, 7)
          end do
        end do
      end do
      print '(a, f20.6)', 'checksum ', s
      print '(a, 3f14.6)', 'samples  ', a(1, 1, 1), a(7, 5, 200),
     >  a(nr, 8, nk)
      end
