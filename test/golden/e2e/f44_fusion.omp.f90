! Loop fusion (issue 20 sec. 3): adjacent loops over the same range that
! each run in parallel become one loop with one directive when the loop
! running both bodies is parallel too. Not when the second reads what a
! later iteration of the first writes (d(i + 1): a backward dependence
! once fused), nor when it reads the scalar the first loop leaves.
program fusion
  implicit none
  integer, parameter :: n = 60000
  double precision :: a(n), b(n), c(n), d(n + 1), e(n), f(n), t, u, s
  integer :: i, k
  ! doall: parallel
  save a, b, c, d, e, f
  !$omp parallel do simd
  do i = 1, n
    b(i) = dble(mod(i, 17))
    f(i) = 0.0d0
  end do
  !$omp end parallel do simd
  d(n + 1) = 0.0d0
  ! doall: serial -- each pass reads what the one before wrote (f, b)
  do k = 1, 3
    ! doall: parallel
    !$omp parallel do simd private(t)
    do i = 1, n
      a(i) = b(i) * 0.5d0 + k

    ! The same range: fused with the loop above (c reads a(i), the same iteration's): no directive of its own.
    ! doall: either private(t)

      t = a(i) + 1.0d0
      c(i) = t * t
    end do
    !$omp end parallel do simd
    ! doall: parallel
    !$omp parallel do simd
    do i = 1, n
      d(i) = c(i) - b(i)
    end do
    !$omp end parallel do simd
    ! Not fused with the loop above: it reads d(i + 1), which a later iteration there writes.
    ! doall: parallel
    !$omp parallel do simd
    do i = 1, n
      e(i) = d(i + 1) * 0.5d0
    end do
    !$omp end parallel do simd
    b(1) = b(1) + 1.0d0
    ! doall: parallel lastprivate(u)
    !$omp parallel do simd lastprivate(u)
    do i = 1, n
      u = e(i) * 0.25d0
      b(i) = b(i) + u
    end do
    !$omp end parallel do simd
    ! Not fused with the loop above: it reads u, the value that loop left.
    ! doall: parallel
    !$omp parallel do simd
    do i = 1, n
      f(i) = f(i) + u + b(i)
    end do
    !$omp end parallel do simd
  end do
  s = 0.0d0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + a(i) + c(i) + d(i) + e(i) + f(i)
  end do
  !$omp end parallel do
  print '(a, f24.1)', 'sum', s
  print '(a, 4f16.4)', 'a c e f', a(7), c(11), e(n), f(n / 2)
end program fusion
