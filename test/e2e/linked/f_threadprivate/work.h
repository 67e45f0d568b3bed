c     Sizes, a work area and the field, in COMMON: every unit of the
c     program includes this file.
      integer nmax, mmax
      parameter (nmax = 60, mmax = 200)
      integer n, m
      common /dims/ n, m
      double precision lhs(4, 0:nmax), q(0:nmax)
      common /work/ lhs, q
      double precision u(0:nmax, mmax), f(0:nmax, mmax)
      common /field/ u, f
