c     A work array is private to an iteration only when what the
c     iteration reads of it, it wrote first. Which elements a read takes
c     depends on the scalars of its subscripts, so a scalar the walk
c     remembers (n = 10) must be forgotten wherever it may change: in a
c     loop that touches no array at all, in a function that writes its
c     argument, after a GOTO that goes back to run statements again,
c     when another name of its storage is assigned (EQUIVALENCE).
c     Each iteration here writes a(1..10) and then reads an element past
c     it, which holds what was there before the loop: a private copy
c     would read garbage (each case has an array of its own, which
c     nothing reads after its loop). And a routine that writes its
c     array in a GOTO loop writes more than the element its first pass
c     names: the calls of successive iterations overlap.
      program stale
      integer m
      parameter (m = 4000)
      integer a(m), a2(m), a3(m), a4(m), b(m), n, i, j, k, s, t, bump
      external bump
c doall: parallel
      save a, a2, a3, a4, b
!$omp parallel do simd
      do 5 i = 1, m
         a(i) = i
         a2(i) = 2 * i
         a3(i) = 3 * i
         a4(i) = 4 * i
         b(i) = 0
    5 continue
!$omp end parallel do simd
      s = 0
c     n changes in a loop that names no array.
c doall: serial -- reads a(25), which no iteration writes, after the inner loop moves n from 10
      do 30 k = 1, 200
         n = 10
c doall: either
         do 10 j = 1, n
            a(j) = k + j
   10    continue
c doall: either reduction(+:n)
         do 20 i = 1, 5
            n = n + i
   20    continue
         s = s + a(n)
   30 continue
c     n changes in a function it is given to.
c doall: serial -- bump moves n to 25 before a(n) is read
      do 50 k = 1, 200
         n = 10
c doall: either
         do 40 j = 1, n
            a2(j) = k - j
   40    continue
         t = bump(n)
         s = s + a2(n) + t
   50 continue
c     n changes in a loop made of a GOTO.
c doall: serial -- a(11..15) were written before the loop
      do 70 k = 1, 200
c doall: either
         do 60 j = 1, 10
            a3(j) = k * j
   60    continue
         n = 10
   65    continue
         s = s + a3(n)
         n = n + 1
         if (n .le. 15) goto 65
   70 continue
c     The routine writes a4(25), through n, which m = 25 set: a4(10)
c     is what was there before the loop.
c doall: serial -- a4(10) is read, which no iteration writes
      do 75 k = 1, 200
         call alias(a4, m)
         s = s + a4(10)
   75 continue
c     The routine's GOTO loop writes b(5k .. 5k + 6): the calls of k and
c     k + 1 share two elements.
c doall: serial -- successive calls update b(5k + 5) and b(5k + 6)
      do 80 k = 1, 700
         call spread(b, m, k)
   80 continue
c doall: parallel reduction(+:t)
!$omp parallel do reduction(+:t)
      do 90 i = 1, m
         t = t + b(i) * mod(i, 7)
   90 continue
!$omp end parallel do
      print *, s, t
      end

      integer function bump(n)
      integer n
      n = n + 15
      bump = 1
      end

      subroutine alias(a, m)
      integer m, a(m), n, n2
      equivalence (n, n2)
      n = 10
      n2 = 25
      a(n) = 1
      end

      subroutine spread(b, m, k)
      integer m, k, b(m), n
      n = k * 5
   10 continue
      b(n) = b(n) + k
      n = n + 1
      if (n .le. k * 5 + 6) goto 10
      end
