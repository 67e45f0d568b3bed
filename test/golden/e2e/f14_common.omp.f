c     COMMON blocks shared by several subroutines, and loops that call
c     them: a call that writes only its own arguments, a call that writes
c     COMMON only at the loop's index, and one that updates a COMMON
c     scalar (serial). A strided loop in a subroutine works on COMMON.
      program comblk
      integer n
      parameter (n = 6000)
      double precision x(n), y(n), z(n)
      integer nbump
      integer*8 hsum
      common /vecs/ x, y, z
      common /stats/ hsum, nbump
      integer i
      call setup
c doall: parallel -- scale writes only its first argument
!$omp parallel do
      do 10 i = 1, n
         call scale(y(i), x(i), 3)
   10 continue
!$omp end parallel do
      hsum = 0
      nbump = 0
c doall: serial -- tally updates hsum and nbump in /stats/ in order
      do 20 i = 1, n
         call tally(i)
   20 continue
c doall: parallel -- addxy reads and writes /vecs/ at index i only
!$omp parallel do
      do 30 i = 1, n
         call addxy(i)
   30 continue
!$omp end parallel do
      call evens
      call report
      end

      subroutine setup
      integer n
      parameter (n = 6000)
      double precision x(n), y(n), z(n)
      common /vecs/ x, y, z
      integer i
c doall: parallel
!$omp parallel do simd
      do 10 i = 1, n
         x(i) = dble(mod(i * 17, 23))
         y(i) = 0.0d0
         z(i) = 0.0d0
   10 continue
!$omp end parallel do simd
      end

      subroutine scale(out, in, k)
      double precision out, in
      integer k
      out = in * dble(k) + 1.0d0
      end

      subroutine tally(i)
      integer i
      integer n
      parameter (n = 6000)
      double precision x(n), y(n), z(n)
      integer nbump
      integer*8 hsum
      common /vecs/ x, y, z
      common /stats/ hsum, nbump
      nbump = nbump + 1
      hsum = mod(hsum * 131 + int(y(i)) + i, 1000000007)
      end

      subroutine addxy(i)
      integer i
      integer n
      parameter (n = 6000)
      double precision x(n), y(n), z(n)
      common /vecs/ x, y, z
      z(i) = x(i) + y(i)
      end

c     Every second element of z, and its neighbour from x.
      subroutine evens
      integer n
      parameter (n = 6000)
      double precision x(n), y(n), z(n)
      common /vecs/ x, y, z
      integer i
c doall: parallel
!$omp parallel do simd
      do 10 i = 2, n, 2
         z(i) = z(i) * 2.0d0 + x(i - 1)
   10 continue
!$omp end parallel do simd
      end

      subroutine report
      integer n
      parameter (n = 6000)
      double precision x(n), y(n), z(n)
      integer nbump
      integer*8 hsum, s
      common /vecs/ x, y, z
      common /stats/ hsum, nbump
      integer i
      s = 0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 10 i = 1, n
         s = s + nint(z(i)) * mod(i, 13) + nint(y(i))
   10 continue
!$omp end parallel do
      print '(a, i12, a, i8, a, i14)', ' hash', hsum, ' calls', nbump,
     &      ' sum', s
      end
