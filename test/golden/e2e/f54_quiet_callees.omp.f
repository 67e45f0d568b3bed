c     Callees that time themselves under a COMMON flag (NPB FT's
c     Swarztrauber: `if (timers_enabled) call timer_start(4)`): while
c     the flag is false the timer calls do not run, and a loop calling
c     them is parallel under if(.not. timeron); with the flag true it
c     runs on one thread, in order, its messages included. The main
c     program runs the loops with the flag false, then true. A callee
c     that prints unguarded keeps its loop serial, and so does one whose
c     guarded statement reads its dummy argument (a private copy in the
c     loop would be what it prints), one whose guarded statement prints
c     COMMON scalars the loop would make private or reduce (with the
c     flag true, one thread would still run on the copies), and a loop
c     that sets the flag through another name of its storage.
      program quiet
      integer n, i, k
      parameter (n = 4000)
      double precision a(n), b(n), s1, s2, s3
      logical timeron, tflags(2)
      double precision start(4), elapsed(4)
      common /tflag/ timeron
      common /tt/ start, elapsed
      double precision acc, x
      common /accum/ acc, x
      equivalence (tflags(1), timeron)
c doall: either
      save a, b
      do k = 1, 4
        elapsed(k) = 0.0d0
        start(k) = 0.0d0
      end do
c doall: parallel
!$omp parallel do simd
      do i = 1, n
        b(i) = dble(mod(i * 7, 13))
      end do
!$omp end parallel do simd
      timeron = .false.
      call sweep(a, b, n, s1)
      timeron = .true.
      call sweep(a, b, n, s2)
      timeron = .false.
c doall: serial -- noisy prints a line in every iteration
      do i = 1, 3
        call noisy(i, n, a)
      end do
      timeron = .true.
c doall: serial -- peek's guarded statement prints its dummy's element
      do i = 1, 4
        call peek(i, n, a)
      end do
      acc = 0.0d0
c doall: serial -- tally's guarded statement prints acc and x, which a reduction and a private copy would hide
      do i = 1, n
        x = b(i) * 2.0d0
        acc = acc + x
        if (i .eq. n) call tally
      end do
      timeron = .false.
c doall: serial -- tflags(1) is timeron: the loop sets the flag tally reads
      do i = 1, n
        a(i) = a(i) + b(i)
        tflags(1) = i .eq. n / 2
        call tally
      end do
      timeron = .true.
      s3 = 0.0d0
c doall: parallel reduction(+:s3)
!$omp parallel do reduction(+:s3)
      do i = 1, n
        s3 = s3 + a(i)
      end do
!$omp end parallel do
      print '(a, 3f20.4)', 'sums ', s1, s2, s3
      end

      subroutine sweep(a, b, n, s)
      integer n, i
      double precision a(n), b(n), s
      logical timeron
      common /tflag/ timeron
c doall: runtime if(.not. timeron)
!$omp parallel do if((.not. timeron) .and. (n >= 4))
      do i = 1, n
        call work(i, n, a, b)
      end do
!$omp end parallel do
      s = 0.0d0
c doall: parallel reduction(+:s)
!$omp parallel do reduction(+:s) if(n >= 200)
      do i = 1, n
        s = s + a(i)
      end do
!$omp end parallel do
      end

      subroutine work(i, n, a, b)
      integer i, n, j
      double precision a(n), b(n), t
      logical timeron
      common /tflag/ timeron
      if (timeron) call tstart(1)
      t = 0.0d0
c doall: either reduction(+:t)
      do j = 1, 50
        t = t + b(i) * j
      end do
      a(i) = t
      if (timeron) call tstop(1)
      end

      subroutine noisy(i, n, a)
      integer i, n
      double precision a(n)
      write (*, '(a, i3, f12.2)') 'noisy', i, a(i)
      end

      subroutine peek(i, n, a)
      integer i, n
      double precision a(n)
      logical timeron
      common /tflag/ timeron
      a(i) = a(i) + 1.0d0
      if (timeron) write (*, '(a, i3, f12.2)') 'peek', i, a(i)
      end

      subroutine tally
      logical timeron
      double precision acc, x
      common /tflag/ timeron
      common /accum/ acc, x
      if (timeron) print '(a, 2f20.4)', 'tally ', acc, x
      end

      subroutine tstart(k)
      integer k
      double precision start(4), elapsed(4), t
      common /tt/ start, elapsed
      t = dble(k)
      start(k) = t
      end

      subroutine tstop(k)
      integer k
      double precision start(4), elapsed(4), t
      common /tt/ start, elapsed
      t = dble(k) + 1.0d0
      elapsed(k) = elapsed(k) + t - start(k)
      if (elapsed(k) .gt. 3999.5d0) write (*, '(a, f10.1)') 'timer',
     >  elapsed(k)
      end
