c     doall-e2e: tolerance 1e-9
c     A loop held back only by statements under a flag it never changes
c     (NPB EP's `if (timers_enabled) call timer_start(3)`): while the flag
c     is false they do not run, and the loop is parallel with
c     if(.not. verbose); with the flag true it runs on one thread, in
c     order, its messages included. Each iteration also leaves a search
c     loop with a GO TO to the statement right after it, then fills the
c     work array w whole (through a call) before reading it: w is private.
c     In sweep2 the guarded statement prints the previous iteration's t,
c     a variable the loop would need private: the loop stays serial.
      program flags
      double precision s1, s2, s3
      logical verbose
      verbose = .false.
      call sweep(verbose, s1)
      verbose = .true.
      call sweep(verbose, s2)
      call sweep2(.true., s3)
      print '(a, 3f20.6)', 'sums ', s1, s2, s3
      end

      subroutine sweep(verbose, total)
      logical verbose
      double precision total
      integer nk, m
      parameter (nk = 400, m = 64)
      double precision w(m), t
      integer k, i, kk
      total = 0.0d0
c doall: runtime if(.not. verbose) private(i, kk, t, w) reduction(+:total)
      do 30 k = 1, nk
         if (verbose) call note(k)
         kk = k
c doall: serial -- leaves at the first power of two it finds
         do 10 i = 1, 20
            if (mod(kk, 2) .eq. 1) goto 11
            kk = kk / 2
   10    continue
   11    continue
         call fill(w, m, dble(kk))
         t = 0.0d0
c doall: either reduction(+:t)
         do 20 i = 1, m / 2
            t = t + w(2 * i - 1) * w(2 * i)
   20    continue
         if (verbose) call note(-k)
         total = total + t
   30 continue
      end

      subroutine sweep2(verbose, total)
      logical verbose
      double precision total, t
      integer k
      total = 0.0d0
      t = 0.0d0
c doall: serial -- the guarded call reads t of the previous iteration
      do 10 k = 1, 300
         if (verbose) call show(k, t)
         t = dble(k) * 0.5d0
         total = total + t
   10 continue
      end

      subroutine fill(w, m, x)
      integer m, i
      double precision w(m), x
c doall: either
      do 10 i = 1, m
         w(i) = x / dble(i)
   10 continue
      end

      subroutine show(k, t)
      integer k
      double precision t
      if (mod(k, 100) .eq. 0) print *, 'before', k, t
      end

      subroutine note(k)
      integer k
      if (mod(k, 100) .eq. 0) print *, 'at', k
      end
