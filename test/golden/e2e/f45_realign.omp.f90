! Loop alignment and peeling (issue 20 sec. 2, seed 004 sec. 3): loops
! that carry a dependence as written, rewritten so that they carry none.
! Aligned: a statement reads what an earlier statement wrote one iteration
! before, so it runs one iteration later (the loop starts one earlier,
! guards keep each statement to its iterations); at distance 2, two
! iterations later. Peeled: every iteration reads an element the first (or
! last) iteration writes, so that iteration runs alone, before (or after)
! the others. Not when the reader comes first, nor when the shifted
! statement writes what the other reads in its own iteration. A nest:
! the outer loop aligned, its inner DO loops under IF blocks.
program realign
  implicit none
  integer, parameter :: n = 90000
  integer, parameter :: m = 300, p = 200
  double precision :: a(0:n), b(n), c(n), d(n), e(n), f(n), g(n), s
  double precision :: q(m, 0:p), r(m, p), t(m, p)
  integer :: i, j, k
  ! doall: parallel
  save a, b, c, d, e, f, g, q, r, t
  !$omp parallel do simd
  do i = 1, n
    b(i) = dble(mod(i, 13))
    c(i) = dble(mod(i, 7)) * 0.5d0
    e(i) = 0.0d0
    f(i) = dble(mod(i, 5))
    g(i) = 0.0d0
  end do
  !$omp end parallel do simd
  a(0) = 1.0d0
  ! doall: serial -- each pass reads what the one before wrote
  do k = 1, 3
    ! As written d(i) reads a(i - 1) from the iteration before: doall aligns the loop (d and e one iteration later).
    ! doall: serial -- as written, a recurrence on a; doall runs it aligned
    !$omp parallel do simd
    do i = 0, n
      if (i >= 1) a(i) = b(i) * 0.5d0 + c(i) + k
      if (i + 1 <= n) d(i + 1) = a(i) + c(i + 1)
      if (i + 1 <= n) e(i + 1) = e(i + 1) + d(i + 1) * 0.25d0
    end do
    !$omp end parallel do simd
    ! Every iteration reads f(1), which the first writes: peeled.
    ! doall: serial -- as written, f(1) changes in the first iteration; doall peels it
    do i = 1, n
      f(i) = f(1) * 0.5d0 + e(i)
      exit
    end do
    !$omp parallel do simd
    do i = 2, n
      f(i) = f(1) * 0.5d0 + e(i)
    end do
    !$omp end parallel do simd
    ! Every iteration reads c(n), which the last writes: peeled at the end.
    ! doall: serial -- as written, c(n) changes in the last iteration; doall peels it
    !$omp parallel do simd
    do i = 1, n - 1
      c(i) = c(n) * 0.25d0 + b(i) - k
    end do
    !$omp end parallel do simd
    do i = n, 1, -1
      c(i) = c(n) * 0.25d0 + b(i) - k
      exit
    end do
  end do
  ! The reader first: shifted, it would read a(i) before the writer's own iteration.
  ! doall: serial -- d(i) reads a(i - 1), which the statement after it writes one iteration before
  do i = 1, n
    d(i) = a(i - 1) * 0.5d0
    a(i) = d(i) + b(i)
  end do
  ! Distance 2: g(i) runs two iterations later.
  ! doall: serial -- as written, g(i) reads a(i - 2) from two iterations before; doall runs it aligned by two
  !$omp parallel do simd
  do i = 0, n
    if (i >= 2) a(i) = b(i) * 0.25d0 + c(i)
    if (i + 2 <= n) g(i + 2) = a(i) + b(i + 2)
  end do
  !$omp end parallel do simd
  ! Distance 2 again, but a(i) reads e(i) before e(i) is written: two iterations later, it would read the new value.
  ! doall: serial -- e(i) reads a(i - 2), written two iterations before, and a(i) reads e(i) before it changes
  do i = 2, n
    a(i) = b(i) + e(i)
    e(i) = a(i - 2) * 0.5d0
  end do
  ! doall: parallel
  !$omp parallel do
  do j = 1, p
    ! doall: either
    !$omp simd
    do i = 1, m
      r(i, j) = dble(mod(i + 3 * j, 11))
    end do
  end do
  !$omp end parallel do
  q(:, 0) = 1.0d0
  ! The second inner loop reads the column the first wrote one j before: aligned, each inner loop under an IF block.
  ! doall: serial -- as written, t(i, j) reads q(i, j - 1) from the iteration before; doall runs it aligned
  !$omp parallel do
  do j = 0, p
    ! doall: either
    if (j >= 1) then
    !$omp simd
    do i = 1, m
      q(i, j) = r(i, j) * 0.5d0 + 1.0d0
    end do
    end if
    ! doall: either
    if (j + 1 <= p) then
    !$omp simd
    do i = 1, m
      if (r(i, j + 1) > 4.0d0) then
        t(i, j + 1) = q(i, j) * 2.0d0
      else
        t(i, j + 1) = q(i, j) - r(i, j + 1)
      end if
    end do
    end if
  end do
  !$omp end parallel do
  s = sum(t)
  print '(a, f24.4)', 'nest', s
  s = 0.0d0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + a(i) + c(i) + d(i) + e(i) + f(i) + g(i)
  end do
  !$omp end parallel do
  print '(a, f24.4)', 'sum', s
  print '(a, 5f16.4)', 'a c d e f', a(7), c(n), d(11), e(n), f(n / 2)
end program realign
