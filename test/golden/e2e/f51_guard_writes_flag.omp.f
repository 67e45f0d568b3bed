c     A flag that only its own guarded statements may change (the
c     guards of f38, one step further): with the flag false when the
c     loop starts, the guarded statements do not run, nothing else
c     writes the flag, so it stays false and the loop is parallel with
c     if(.not. flag). In once, the guarded branch clears the flag
c     itself (trace the first iteration only); in hooked, it calls a
c     procedure given as an argument, which doall cannot see, so it may
c     write any COMMON block, /opts/ included. In raised, the flag is
c     set by a statement outside its guards: the loop stays serial.
      program guards
      double precision a(500), b(500), s
      logical trace
      common /opts/ trace
      external hook
      integer i
c doall: parallel
      save a, b
!$omp parallel do simd
      do 10 i = 1, 500
         b(i) = dble(mod(7 * i, 11)) + 0.5d0
   10 continue
!$omp end parallel do simd
      trace = .false.
      call once(a, b, 500)
      trace = .true.
      call once(a, b, 500)
      trace = .false.
      call hooked(a, b, 500, hook)
      trace = .true.
      call hooked(a, b, 500, hook)
      trace = .false.
      call raised(a, b, 500)
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s)
      do 20 i = 1, 500
         s = s + a(i) * dble(i)
   20 continue
!$omp end parallel do
      print '(a, f20.4, l3)', 'sum ', s, trace
      end

      subroutine once(a, b, n)
      integer n, i
      double precision a(n), b(n)
      logical trace
      common /opts/ trace
c doall: runtime if(.not. trace)
!$omp parallel do if((.not. trace) .and. (n >= 50))
      do 10 i = 1, n
         if (trace) then
            print *, 'first', i
            trace = .false.
         end if
         a(i) = b(i) * 2.0d0 + dble(i)
   10 continue
!$omp end parallel do
      end

      subroutine hooked(a, b, n, hook)
      integer n, i
      double precision a(n), b(n)
      external hook
      logical trace
      common /opts/ trace
c doall: runtime if(.not. trace)
!$omp parallel do if((.not. trace) .and. (n >= 67))
      do 10 i = 1, n
         a(i) = a(i) + b(i) / dble(i)
         if (trace) call hook(i)
   10 continue
!$omp end parallel do
      end

      subroutine hook(i)
      integer i
      logical trace
      common /opts/ trace
      if (mod(i, 100) .eq. 0) print *, 'hook', i
      if (i .ge. 300) trace = .false.
      end

      subroutine raised(a, b, n)
      integer n, i
      double precision a(n), b(n)
      logical trace
      common /opts/ trace
c doall: serial -- the flag is raised outside its guards, mid-loop
      do 10 i = 1, n
         if (trace) a(i) = -a(i)
         if (i .eq. 250) trace = .true.
         a(i) = a(i) + b(i)
   10 continue
      end
