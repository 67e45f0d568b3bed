! FORALL and DO CONCURRENT (issue 17). A FORALL assignment reads all its
! right sides before it stores (c(i, j) = c(i - 1, j) + c(i, j) reads the
! old column, not a prefix sum); its mask selects the elements. A DO
! CONCURRENT's iterations are independent by the standard, but gfortran
! accepts no OpenMP directive on one: it is marked either (no directive
! line can go there), and a DO inside or around it can take the directive.
! FORALL statements are not DO loops and carry no marker.
program forall_concurrent
  implicit none
  integer, parameter :: n = 500, steps = 30
  integer :: u(0:n + 1, 0:n + 1), un(n, n), c(n, n), d(n), e(n)
  integer :: i, j, t, s
  integer(8) :: total
  save c, d, e, u, un
  u = 0
  forall (i = 1:n, j = 1:n) u(i, j) = mod(i * 7 + j * 3, 23)
  ! doall: serial -- each step reads the grid the step before wrote
  do t = 1, steps
    forall (i = 1:n, j = 1:n) un(i, j) = (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1)) / 4 + mod(t, 3)
    forall (i = 1:n, j = 1:n, mod(i + j, 2) == 0) u(i, j) = un(i, j)
    forall (i = 1:n, j = 1:n, mod(i + j, 2) == 1) u(i, j) = un(i, j) + 1
  end do
  ! doall: parallel
  !$omp parallel do
  do j = 1, n
    c(:, j) = u(1:n, j)
    forall (i = 2:n) c(i, j) = c(i - 1, j) + c(i, j)
  end do
  !$omp end parallel do
  ! doall: either -- DO CONCURRENT: parallel by the standard, but gfortran refuses a directive on it
  do concurrent (j = 1:n)
    ! doall: parallel
    do i = 1, n
      c(i, j) = c(i, j) * 2 + u(i, j)
    end do
  end do
  ! doall: parallel
  !$omp parallel do
  do j = 1, n
    ! doall: either -- DO CONCURRENT
    do concurrent (i = 1:n, c(i, j) > 40)
      c(i, j) = c(i, j) - 40
    end do
  end do
  !$omp end parallel do
  ! doall: either -- DO CONCURRENT with two indices and a mask
  do concurrent (i = 1:n, j = 1:n, mod(i * j, 3) == 0)
    c(i, j) = -c(i, j)
  end do
  d = 0
  ! doall: serial -- d(2:n) reads d(1:n-1) as the step before left it
  do t = 1, 200
    forall (i = 2:n) d(i) = mod(d(i - 1) * 3 + i + t, 1000)
  end do
  ! doall: parallel private(s)
  !$omp parallel do private(s)
  do i = 1, n
    ! doall: either private(s) -- DO CONCURRENT; s is written before it is read in every iteration
    do concurrent (j = 1:n, c(i, j) < 0)
      s = c(i, j) * 2
      c(i, j) = s + i
    end do
    e(i) = count(c(i, :) < 0)
  end do
  !$omp end parallel do
  total = 0
  ! doall: parallel reduction(+:total)
  !$omp parallel do reduction(+:total)
  do j = 1, n
    ! doall: either reduction(+:total)
    do i = 1, n
      total = total + c(i, j) * mod(i + 2 * j, 11)
    end do
  end do
  !$omp end parallel do
  print '(a, i16)', 'total ', total
  print '(a, 3i12)', 'u     ', sum(u), u(1, 1), u(n, n)
  print '(a, 3i12)', 'd e   ', sum(d), d(n), sum(e)
end program forall_concurrent
