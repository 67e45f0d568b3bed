c     Grid size and number of time steps of f01_heat1d.f.
      integer n, nsteps
      parameter (n = 2000, nsteps = 60)
