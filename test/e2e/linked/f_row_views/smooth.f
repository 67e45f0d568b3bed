c     The routine that sees the work area as a matrix w(ld, n), with a
c     scratch vector of its own in the area's COMMON block.
      subroutine smooth(m, n, w, ld)
      integer m, n, ld, i, j
      double precision w(ld, n), area0(9 * 40), scratch(64)
      common /work/ area0, scratch
c doall: either
      do j = 1, n
c doall: either
        do i = 1, m
          scratch(i) = w(i, j)
        end do
c doall: either
        do i = 1, m
          w(i, j) = 0.5d0 * scratch(i) + 0.25d0 * dble(j)
        end do
      end do
      end
