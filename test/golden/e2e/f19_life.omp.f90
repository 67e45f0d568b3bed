! Conway's game of life on a torus: each generation reads the old board
! and writes the new one (parallel), generations follow each other
! (serial). Neighbours are found with MOD, so the subscripts are not
! affine, but they only read the old board.
program life
  implicit none
  integer, parameter :: n = 128, gens = 40
  integer :: old(n, n), new(n, n), i, j, g, im, ip, jm, jp, cnt, pop, hist(0:8)

  ! doall: parallel
  save hist, new, old
  !$omp parallel do
  do j = 1, n
    ! doall: either
    !$omp simd
    do i = 1, n
      old(i, j) = 0
      if (mod(i * 7 + j * 13 + i * j, 5) == 0) old(i, j) = 1
    end do
  end do
  !$omp end parallel do
  ! doall: serial -- generation g reads generation g-1
  do g = 1, gens
    ! doall: parallel private(im, ip, jm, jp, cnt)
    !$omp parallel do private(cnt, im, ip, jm, jp)
    do j = 1, n
      ! doall: either private(im, ip, jm, jp, cnt)
      !$omp simd private(cnt, im, ip, jm, jp)
      do i = 1, n
        im = mod(i + n - 2, n) + 1
        ip = mod(i, n) + 1
        jm = mod(j + n - 2, n) + 1
        jp = mod(j, n) + 1
        cnt = old(im, jm) + old(i, jm) + old(ip, jm) + old(im, j) + old(ip, j) &
            + old(im, jp) + old(i, jp) + old(ip, jp)
        if (cnt == 3 .or. (cnt == 2 .and. old(i, j) == 1)) then
          new(i, j) = 1
        else
          new(i, j) = 0
        end if
      end do
    end do
    !$omp end parallel do
    ! doall: parallel
    !$omp parallel do
    do j = 1, n
      ! doall: either
      !$omp simd
      do i = 1, n
        old(i, j) = new(i, j)
      end do
    end do
    !$omp end parallel do
  end do
  pop = 0
  hist = 0
  ! doall: parallel reduction(+:pop, hist)
  !$omp parallel do reduction(+:pop, hist)
  do j = 1, n
    ! doall: either reduction(+:pop, hist)
    do i = 1, n
      pop = pop + old(i, j)
      hist(mod(i + j, 9)) = hist(mod(i + j, 9)) + old(i, j)
    end do
  end do
  !$omp end parallel do
  print '(a, i0)', 'population ', pop
  print '(a, 9i6)', 'diagonals ', hist
end program life
