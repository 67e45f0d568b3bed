c     The procedures main.f calls, compiled and analyzed as another file.
      double precision function poly(v)
      double precision v
      double precision c1, c2
      common /cst/ c1, c2
      poly = c1 * v + c2
      end

      subroutine square(out, v)
      double precision out, v
      out = v * v
      end

      integer function tick(i)
      integer i
      integer ncall
      common /cnt/ ncall
      ncall = ncall + 1
      tick = mod(ncall * 7 + i, 13)
      end
