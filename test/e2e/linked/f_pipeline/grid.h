c     Sizes, the field, the coefficients of one plane and a flag, in
c     COMMON: every unit of the program includes this file.
      integer ld, nkmax
      parameter (ld = 128, nkmax = 30)
      integer n, nk
      common /dims/ n, nk
      double precision v(ld, ld, nkmax), u(ld, ld, nkmax)
      common /field/ v, u
      double precision a(ld, ld), b(ld, ld), c(ld, ld)
      common /plane/ a, b, c
      logical trace
      common /flags/ trace
