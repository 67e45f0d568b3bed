! Conditional reductions, histograms through an index array (an array
! reduction), a scatter where the last writer must win, and packing,
! whose output position is a conditional counter.
program condred
  implicit none
  integer, parameter :: n = 20000, nb = 32
  integer :: k(n), h(nb), g(nb), last(nb), i, npos, m
  double precision :: x(n), spos, sneg, packed(n)
  integer(8) :: hsum

  ! doall: parallel
  save g, h, k, last, packed, x
  !$omp parallel do simd
  do i = 1, n
    k(i) = 1 + mod(i * 131 + (i / 7) * 17, nb)
    x(i) = dble(mod(i * 37, 201) - 100)
  end do
  !$omp end parallel do simd

  spos = 0.0d0
  npos = 0
  ! doall: parallel reduction(+:spos, npos)
  !$omp parallel do reduction(+:npos, spos)
  do i = 1, n
    if (x(i) > 0.0d0) then
      spos = spos + x(i)
      npos = npos + 1
    end if
  end do
  !$omp end parallel do
  sneg = 0.0d0
  ! doall: parallel reduction(+:sneg)
  !$omp parallel do reduction(+:sneg)
  do i = 1, n
    if (x(i) < 0.0d0) sneg = sneg + x(i)
  end do
  !$omp end parallel do

  h = 0
  g = 0
  ! doall: parallel reduction(+:h, g)
  !$omp parallel do reduction(+:h, g)
  do i = 1, n
    h(k(i)) = h(k(i)) + 1
    g(k(i)) = g(k(i)) + i
  end do
  !$omp end parallel do

  last = 0
  ! doall: serial -- k repeats: the value of the last i with k(i) = b must be the one left in last(b)
  do i = 1, n
    last(k(i)) = mod(i * 7, 1000)
  end do

  m = 0
  ! doall: serial -- m counts the elements kept so far: the positions depend on every earlier iteration
  do i = 1, n
    if (x(i) > 50.0d0) then
      m = m + 1
      packed(m) = x(i) + dble(i)
    end if
  end do

  hsum = 0
  ! doall: parallel reduction(+:hsum)
  do i = 1, nb
    hsum = hsum + int(h(i), 8) * i + int(g(i), 8) * mod(i, 5) + int(last(i), 8) * 3
  end do
  print '(a, 2f14.1, i8)', 'sums ', spos, sneg, npos
  print '(a, i0, a, i0)', 'histograms ', hsum, ' h(1) ', h(1)
  print '(a, i0, a, f10.1, a, f10.1)', 'packed ', m, ' first ', packed(1), ' last ', packed(m)
end program condred
