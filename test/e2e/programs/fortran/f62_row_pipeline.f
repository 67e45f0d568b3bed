c     Sweeps pipelined by rows, as NPB LU's hand version runs ssor: for
c     each plane k, coef fills the coefficients a, b of the plane's rows
c     (COMMON /coefs/, threadprivate), and lower solves the plane: first
c     from plane k - 1, then a recurrence over the rows (row j reads
c     row j - 1). doall pipelines the k loop; the rows of coef's and
c     lower's loops, the same rows in each, are shared out among the
c     threads of one region around it (do schedule(static), nowait), and
c     lower's recurrence waits for the row before (ordered). The upper
c     sweep goes the other way, rows and planes (its coefficients,
c     filled row after row forward, are turned round to run as its rows
c     do);
c     the third sweep reads a row above from the plane before, which a
c     thread behind may not have written yet: it keeps the pipeline over
c     planes. Every sweep runs under a check that trace is off.
      program rowpip
      include 'rows.inc'
      integer nk
      parameter (nk = 24)
      double precision u(n, n, nk), v(n, n, nk)
      common /field/ u, v
      logical trace
      integer i, j, k, it
      integer*8 s
      trace = .false.
c doall: parallel
      do k = 1, nk
c doall: either
         do j = 1, n
c doall: either
            do i = 1, n
               u(i, j, k) = dble(mod(3 * i + 5 * j + 7 * k, 23)) / 23d0
               v(i, j, k) = dble(mod(i + 2 * j + 3 * k, 11)) / 11.0d0
            end do
         end do
      end do
c doall: serial -- the relaxation steps: each reads the last
      do it = 1, 2
c doall: serial -- lower reads plane k - 1: doall pipelines it by rows
         do k = 2, nk
            if (trace) print *, 'lower', k
            call coef(k, u)
            call lower(k, v, a, b)
         end do
c doall: serial -- upper reads plane k + 1: pipelined by rows too
         do k = nk - 1, 1, -1
            if (trace) print *, 'upper', k
            call coefu(k, u)
            call upper(k, v, a, b)
         end do
c doall: serial -- mixed reads the row above in plane k - 1
         do k = 2, nk
            if (trace) print *, 'mixed', k
            call coefm(k, u)
            call mixed(k, v, a, b)
         end do
      end do
      s = 0
c doall: parallel reduction(+:s)
      do k = 1, nk
c doall: either reduction(+:s)
         do j = 1, n
c doall: either reduction(+:s)
            do i = 1, n
               s = s + nint(v(i, j, k) * 1.0d4, 8) * (i + j + k)
            end do
         end do
      end do
      print '(a, i24)', ' checksum', s
      end

c     The coefficients of plane k, row by row.
      subroutine coef(k, u)
      include 'rows.inc'
      integer k, i, j
      double precision u(n, n, *), w
c doall: either private(w)
      do j = 2, n
c doall: either private(w)
         do i = 2, n
            w = u(i, j, k)
            a(i, j) = 0.25d0 / (1.0d0 + w * w)
            b(i, j) = 0.125d0 * (1.0d0 + w) / (2.0d0 + w * w)
         end do
      end do
      end

c     Plane k from plane k - 1, then the recurrence over rows and
c     columns.
      subroutine lower(k, v, p, q)
      include 'rows.inc'
      integer k, i, j
      double precision v(n, n, *), p(n, n), q(n, n)
c doall: either
      do j = 2, n
c doall: either
         do i = 2, n
            v(i, j, k) = v(i, j, k) + p(i, j) * v(i, j, k - 1)
         end do
      end do
c doall: serial -- v(i, j - 1, k)
      do j = 2, n
c doall: serial -- v(i - 1, j, k)
         do i = 2, n
            v(i, j, k) = 0.5d0 * v(i, j, k)
     &                 + q(i, j) * v(i, j - 1, k)
     &                 + 0.25d0 * v(i - 1, j, k)
         end do
      end do
      end

c     The same, for upper (which runs its rows from the last: doall
c     turns this loop round so that its rows run as upper's do).
      subroutine coefu(k, u)
      include 'rows.inc'
      integer k, i, j
      double precision u(n, n, *), w
c doall: either private(w)
      do j = 1, n - 1
c doall: either private(w)
         do i = 1, n - 1
            w = u(i, j, k)
            a(i, j) = 0.25d0 / (1.0d0 + w)
            b(i, j) = 0.125d0 * (1.0d0 + w) / (3.0d0 + w * w)
         end do
      end do
      end

c     Plane k from plane k + 1, then from the row after.
      subroutine upper(k, v, p, q)
      include 'rows.inc'
      integer k, i, j
      double precision v(n, n, *), p(n, n), q(n, n)
c doall: either
      do j = n - 1, 1, -1
c doall: either
         do i = 1, n - 1
            v(i, j, k) = v(i, j, k) + p(i, j) * v(i, j, k + 1)
         end do
      end do
c doall: serial -- v(i, j + 1, k)
      do j = n - 1, 1, -1
c doall: either
         do i = 1, n - 1
            v(i, j, k) = 0.5d0 * v(i, j, k)
     &                 + q(i, j) * v(i, j + 1, k)
         end do
      end do
      end

c     The coefficients for mixed.
      subroutine coefm(k, u)
      include 'rows.inc'
      integer k, i, j
      double precision u(n, n, *), w
c doall: either private(w)
      do j = 2, n - 1
c doall: either private(w)
         do i = 2, n
            w = u(i, j, k)
            a(i, j) = 0.5d0 / (1.0d0 + w * w)
            b(i, j) = 0.125d0 / (1.0d0 + w)
         end do
      end do
      end

c     Plane k reads row j + 1 of plane k - 1: written by the row after,
c     whose thread may still be a plane behind.
      subroutine mixed(k, v, p, q)
      include 'rows.inc'
      integer k, i, j
      double precision v(n, n, *), p(n, n), q(n, n)
c doall: either
      do j = 2, n - 1
c doall: either
         do i = 2, n
            v(i, j, k) = p(i, j) * v(i, j + 1, k - 1)
     &                 + q(i, j) * v(i, j, k)
         end do
      end do
      end
