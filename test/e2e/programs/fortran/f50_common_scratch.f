c     doall-e2e: tolerance 1e-10
c     A COMMON block of fields and per-plane scratch, declared by every
c     unit, as NPB LU's applu.incl is: the main program sets up, a driver
c     computes the residual once and then in every time step (rhs called
c     from two places), and other units that declare the block read the
c     fields after it. flux is written whole before it is read in every
c     plane of rhs and no unit reads it afterwards: private to the
c     planes. Kept serial: a scratch row, last, whose values of the last
c     plane the final report prints, and a plane loop whose scratch the
c     norm routine reads right after rhs returns (edge is read there).
      program cscr
      integer nx, ny, nz
      parameter (nx = 40, ny = 120, nz = 24)
      double precision u(nx, ny, nz), rsd(nx, ny, nz), flux(nx, ny)
      double precision last(ny), edge(ny), rnorm
      common /cvar/ u, rsd, flux, last, edge, rnorm
      integer i, j, k
c doall: parallel
      do 10 k = 1, nz
c doall: either
         do 11 j = 1, ny
c doall: either
            do 12 i = 1, nx
               u(i, j, k) = dble(mod(i + 3 * j + 7 * k, 19)) / 8.0d0
   12       continue
   11    continue
   10 continue
      call drive(3)
      call report
      end

      subroutine drive(nsteps)
      integer nsteps
      integer nx, ny, nz
      parameter (nx = 40, ny = 120, nz = 24)
      double precision u(nx, ny, nz), rsd(nx, ny, nz), flux(nx, ny)
      double precision last(ny), edge(ny), rnorm
      common /cvar/ u, rsd, flux, last, edge, rnorm
      integer i, j, k, t
      call rhs
      call norm
c doall: serial -- each step updates u from the residual the step before left, and prints its norm in order
      do 50 t = 1, nsteps
c doall: parallel
         do 40 k = 2, nz - 1
c doall: either
            do 41 j = 2, ny - 1
c doall: either
               do 42 i = 2, nx - 1
                  u(i, j, k) = u(i, j, k) + 0.125d0 * rsd(i, j, k)
   42          continue
   41       continue
   40    continue
         call rhs
         call norm
         print '(a, i3, f20.6)', 'step', t, rnorm
   50 continue
      end

      subroutine rhs
      integer nx, ny, nz
      parameter (nx = 40, ny = 120, nz = 24)
      double precision u(nx, ny, nz), rsd(nx, ny, nz), flux(nx, ny)
      double precision last(ny), edge(ny), rnorm
      common /cvar/ u, rsd, flux, last, edge, rnorm
      integer i, j, k
c doall: parallel
      do 10 k = 1, nz
c doall: either
         do 11 j = 1, ny
c doall: either
            do 12 i = 1, nx
               rsd(i, j, k) = 0.0d0
   12       continue
   11    continue
   10 continue
c     flux: the fluxes of one plane, filled before they are read.
c doall: parallel private(flux)
      do 20 k = 2, nz - 1
c doall: either
         do 21 j = 1, ny
c doall: either
            do 22 i = 1, nx
               flux(i, j) = u(i, j, k) * u(i, j, k) * 0.5d0
   22       continue
   21    continue
c doall: either
         do 24 j = 2, ny - 1
c doall: either
            do 23 i = 2, nx - 1
               rsd(i, j, k) = rsd(i, j, k) - (flux(i + 1, j)
     &            - flux(i - 1, j)) - 0.5d0 * (flux(i, j + 1)
     &            - flux(i, j - 1))
   23       continue
   24    continue
   20 continue
c     last: its values from the last plane are printed by report.
c doall: serial -- report prints last as the last plane leaves it
      do 30 k = 2, nz - 1
c doall: either
         do 31 j = 1, ny
            last(j) = u(2, j, k) - u(1, j, k)
   31    continue
c doall: either
         do 32 j = 2, ny - 1
            rsd(2, j, k) = rsd(2, j, k) + last(j + 1) - last(j - 1)
   32    continue
   30 continue
c     edge: scratch here too, but norm reads it right after the return.
c doall: serial -- norm reads edge as the last plane leaves it
      do 60 k = 2, nz - 1
c doall: either
         do 61 j = 1, ny
            edge(j) = u(nx, j, k) * 0.25d0
   61    continue
c doall: either
         do 62 j = 2, ny - 1
            rsd(nx - 1, j, k) = rsd(nx - 1, j, k) + edge(j)
   62    continue
   60 continue
      end

      subroutine norm
      integer nx, ny, nz
      parameter (nx = 40, ny = 120, nz = 24)
      double precision u(nx, ny, nz), rsd(nx, ny, nz), flux(nx, ny)
      double precision last(ny), edge(ny), rnorm
      common /cvar/ u, rsd, flux, last, edge, rnorm
      integer i, j, k
      double precision s
      s = edge(2)
c doall: parallel reduction(+:s) -- summed in another order: within the tolerance
      do 10 k = 2, nz - 1
c doall: either reduction(+:s)
         do 11 j = 2, ny - 1
c doall: either reduction(+:s)
            do 12 i = 2, nx - 1
               s = s + rsd(i, j, k) * rsd(i, j, k)
   12       continue
   11    continue
   10 continue
      rnorm = s
      end

      subroutine report
      integer nx, ny, nz
      parameter (nx = 40, ny = 120, nz = 24)
      double precision u(nx, ny, nz), rsd(nx, ny, nz), flux(nx, ny)
      double precision last(ny), edge(ny), rnorm
      common /cvar/ u, rsd, flux, last, edge, rnorm
      print '(a, 3f20.6)', 'norm', rnorm, u(5, 6, 7),
     &   u(nx - 1, ny - 1, 2)
      print '(a, 2f14.6)', 'last', last(2), last(ny - 1)
      end
