c     Smooths a signal a few times and prints checksums: a program in
c     three files (main.f, smooth.f, stats.f) built by a Makefile.
      program main
      implicit none
      integer n, steps
      parameter (n = 200000, steps = 20)
      double precision a(n), b(n)
      common /field/ a, b
      integer i, s
      double precision total, peak
      do i = 1, n
         a(i) = dble(mod(i * 7, 13))
      end do
      do s = 1, steps
         call smooth(a, b, n)
      end do
      call stats(a, n, total, peak)
      print '(a, f20.6)', ' total ', total
      print '(a, f20.6)', ' peak  ', peak
      call prefix(a, n)
      print '(a, f20.6)', ' last  ', a(n)
      end
