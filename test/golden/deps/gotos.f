C     Jumps: a search loop left by GOTO (its regions come from dataflow
C     over the CFG, the merge rules needing structured code), and a
C     backward GOTO making a loop that is not a DO.
      subroutine search(a, n, key, pos)
      integer n, key, pos, i
      integer a(n)
      pos = 0
      do 10 i = 1, n
         if (a(i) .ne. key) goto 10
         pos = i
         goto 20
   10 continue
   20 return
      end

      subroutine newton(x, tol)
      real x, tol, dx
      integer it
      it = 0
   30 dx = (x*x - 2.0) / (2.0*x)
      x = x - dx
      it = it + 1
      if (abs(dx) .gt. tol .and. it .lt. 50) goto 30
      end
