c     Calls that see a plane of a 3-D array as a vector (sequence
c     association, as NPB's UA does with r_init and copy): the callee's
c     a(1:n) is t(:, :, ie) when n is the size of a plane, so each
c     iteration fills and reads its own plane. When n spans more than a
c     plane, iterations overlap and the loop stays serial.
      program reshaped
      integer nx, nel, nxy
      parameter (nx = 6, nel = 4000, nxy = nx * nx)
      double precision t(nx, nx, nel), s(nx, nx, nel), r(nel)
      integer ie, i, j
c doall: parallel
      save r, s, t
!$omp parallel do
      do 10 ie = 1, nel
         call fill(t(1, 1, ie), nxy, dble(ie))
         call copy(s(1, 1, ie), t(1, 1, ie), nxy)
   10 continue
!$omp end parallel do
c doall: parallel
!$omp parallel do
      do 30 ie = 1, nel
         r(ie) = 0.0d0
c doall: serial -- r(ie) sums over j
         do 20 j = 1, nx
c doall: serial -- r(ie) sums over i
            do 15 i = 1, nx
               r(ie) = r(ie) + s(i, j, ie) * dble(i + j)
   15       continue
   20    continue
   30 continue
!$omp end parallel do
c doall: serial -- fill writes two planes: iteration ie overwrites plane ie + 1 of the next
      do 40 ie = 1, nel - 1
         call fill(t(1, 1, ie), 2 * nxy, dble(ie) + t(1, 1, ie))
   40 continue
      print '(a, 2f20.4)', 'r ', r(1), r(nel)
      print '(a, f20.4)', 'sum ', sum(r)
      print '(a, f20.4)', 't ', t(3, 2, nel - 1) + t(1, 1, nel)
      end

      subroutine fill(a, n, v)
      integer n, k
      double precision a(n), v
c doall: either
      do 50 k = 1, n
         a(k) = v + dble(k)
   50 continue
      end

      subroutine copy(b, a, n)
      integer n, k
      double precision a(n), b(n)
c doall: either
      do 60 k = 1, n
         b(k) = a(k)
   60 continue
      end
