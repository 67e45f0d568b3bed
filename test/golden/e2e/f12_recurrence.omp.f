c     Loops that must stay serial: a first-order recurrence, a prefix sum,
c     a second-order recurrence, output inside the loop, an early exit,
c     and a call that updates a COMMON block. The long ones run over
c     enough elements that any parallel execution shows.
      program recur
      integer n
      parameter (n = 400000)
      integer*8 a(n), p(n), f(n), b(n), limit
      integer i, ifirst, ncalls
      integer*8 total
c     In COMMON, not on the stack (-fopenmp implies -frecursive).
      common /big/ a, p, f, b
      common /count/ total, ncalls
c doall: parallel
!$omp parallel do simd
      do 10 i = 1, n
         b(i) = mod(mod(i, 1009) * 7919, 1009)
         a(i) = 0
         p(i) = 0
         f(i) = 0
   10 continue
!$omp end parallel do simd
      a(1) = 1
      p(1) = b(1)
      f(1) = 1
      f(2) = 1
c doall: serial -- a(i) reads a(i-1) of the previous iteration
      do 20 i = 2, n
         a(i) = mod(a(i-1) * 31 + b(i), 1000003)
   20 continue
c doall: serial -- prefix sum
      do 30 i = 2, n
         p(i) = p(i-1) + b(i)
   30 continue
c doall: serial -- f(i) reads f(i-1) and f(i-2)
      do 40 i = 3, n
         f(i) = mod(f(i-1) + f(i-2), 1000007)
   40 continue
c doall: serial -- writes its lines in order
      do 50 i = 1, n, n / 10
         write (*, '(i8, i10, i14, i10)') i, a(i), p(i), f(i)
   50 continue
      limit = p(n) / 3
      ifirst = 0
c doall: serial -- leaves at the first element past the limit
      do 60 i = 1, n
         if (p(i) .gt. limit) then
            ifirst = i
            goto 61
         end if
   60 continue
   61 continue
      print '(a, i10)', ' first past limit', ifirst
      ncalls = 0
      total = 0
c doall: serial -- bump updates the COMMON block /count/ in order
      do 70 i = 1, n, 4
         call bump(a(i))
   70 continue
      print '(a, i10, i14)', ' calls, total', ncalls, total
      end

      subroutine bump(v)
      integer*8 v
      integer ncalls
      integer*8 total
      common /count/ total, ncalls
      ncalls = ncalls + 1
      total = mod(total * 7 + v, 1000000007)
      end
