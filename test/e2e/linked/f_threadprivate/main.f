c     A program in two files whose solvers (solve.f) work on every
c     column j with a work area in COMMON /work/ that initlhs, called in
c     the loop, also writes through the block: the work area is private
c     to each column only when /work/ is threadprivate, in every unit
c     that declares it (doall writes the directives). n comes from the
c     input, or is 50 (the tests give no input): the solvers read rows
c     of /work/ that they write first only when n >= 3, which doall
c     checks at run time.
      program tp
      include 'work.h'
      integer i, j, k, ios
      integer*8 s
      read (*, *, iostat=ios) k
      if (ios .eq. 0) then
         n = k
      else
         n = 50
      endif
      m = 120
c doall: parallel
      do j = 1, m
c doall: either
         do i = 0, n
            f(i, j) = dble(mod(i * 7 + j * 3, 17)) / 4.0d0
            u(i, j) = 0.0d0
         end do
      end do
      call sweep
      call sweep2
      s = 0
c doall: parallel reduction(+:s)
      do j = 1, m
         do i = 0, n
            s = s + nint(u(i, j) * 1.0d6, 8) * (i + j)
         end do
      end do
      print '(a, i24)', ' checksum', s
      end
