! A 3x3 blur, the shape of issue 17: the stencil's own loops do dy = -1, 1
! run 3 times each inside a 2-D sweep over an image whose size is read at
! run time. The blur writes a second image (its columns are parallel); the
! smoothing after it works in place, so its sweep is serial and the
! stencil loops are the only parallel loops of the nest: a region there
! would start 9 times per pixel for 9 statements (doall once wrote one
! with a constant-false if()). Integer pixels and weights keep the
! checksum exact.
program blur
  implicit none
  integer :: h, w, y, x, dy, dx
  integer(8), allocatable :: img(:, :), out(:, :)
  integer(8) :: k(-1:1, -1:1), s, total
  character(len=16) :: dims = '64 72'
  save k
  read (dims, *) h, w
  allocate (img(w, h), out(w, h))
  k = reshape([1_8, 2_8, 1_8, 2_8, 4_8, 2_8, 1_8, 2_8, 1_8], [3, 3])
  ! doall: parallel
  !$omp parallel do if(h >= 4)
  do y = 1, h
    ! doall: either
    !$omp simd
    do x = 1, w
      img(x, y) = mod(y * 37 + x * 11, 256)
      out(x, y) = img(x, y)
    end do
  end do
  !$omp end parallel do
  ! doall: parallel private(s)
  !$omp parallel do private(s) if(h >= 6)
  do y = 2, h - 1
    ! doall: either private(s)
    do x = 2, w - 1
      s = 0
      ! doall: either reduction(+:s)
      do dy = -1, 1
        ! doall: either reduction(+:s)
        do dx = -1, 1
          s = s + k(dx, dy) * img(x + dx, y + dy)
        end do
      end do
      out(x, y) = s / 16
    end do
  end do
  !$omp end parallel do
  ! Then out is smoothed in place: pixel (x, y) reads (x, y - 1) and (x - 1, y) written just before.
  ! doall: serial -- reads the column before as smoothed by the previous iteration
  do y = 2, h - 1
    ! doall: serial -- reads out(x - 1, y) written by the previous iteration
    do x = 2, w - 1
      s = 0
      ! doall: either reduction(+:s)
      do dy = -1, 1
        ! doall: either reduction(+:s)
        do dx = -1, 1
          s = s + k(dx, dy) * out(x + dx, y + dy)
        end do
      end do
      out(x, y) = s / 16
    end do
  end do
  total = 0
  ! doall: parallel reduction(+:total)
  !$omp parallel do reduction(+:total) if(h >= 4)
  do y = 1, h
    ! doall: either reduction(+:total)
    do x = 1, w
      total = total + out(x, y) * (mod(x - 1 + 3 * (y - 1), 7) + 1)
    end do
  end do
  !$omp end parallel do
  print '(a, i0, a, i0, a, i0)', 'blur checksum ', total, ' corner ', out(2, 2), ' centre ', out(w / 2 + 1, h / 2 + 1)
end program blur
