c     A program in two files (linked.test.ts gives both to one doall
c     parallelize run): its loops call procedures of kern.f, which read
c     or write the COMMON blocks declared here.
      program linked
      integer n
      parameter (n = 200000)
      double precision x(n), y(n), z(n)
      common /vx/ x
      common /vy/ y
      common /vz/ z
      double precision c1, c2
      common /cst/ c1, c2
      integer ncall
      common /cnt/ ncall
      integer i, tick
      integer*8 s
      double precision t
      c1 = 3.0d0
      c2 = -7.0d0
      ncall = 0
c doall: parallel
      do 10 i = 1, n
         x(i) = dble(mod(i * 37, 101))
   10 continue
c doall: parallel -- poly (kern.f) only reads /cst/
      do 20 i = 1, n
         y(i) = poly(x(i))
   20 continue
c doall: parallel private(t) -- square (kern.f) writes only its first argument
      do 30 i = 1, n
         call square(t, x(i))
         z(i) = t + y(i)
   30 continue
c doall: serial -- tick (kern.f) increments ncall in /cnt/ and returns it
      do 40 i = 1, n
         z(i) = z(i) + dble(tick(i))
   40 continue
      s = 0
c doall: parallel reduction(+:s)
      do 50 i = 1, n
         s = s + nint(z(i)) * mod(i, 7) + nint(y(i))
   50 continue
      print '(a, i16, a, i8)', ' sum', s, ' calls', ncall
      end
