! doall-e2e: tolerance 1e-10
! Floating-point reductions over non-integer data: a parallel sum rounds
! differently from the serial one, so the output is compared within a
! relative tolerance. Kahan summation is serial: its compensation term
! is a recurrence, not a reduction.
program fp_stats
  implicit none
  integer, parameter :: n = 200000
  double precision :: x(n), y(n), mean, var, dot, nrm, ks, kc, kt, ky, smin, smax
  integer :: i

  ! doall: parallel
  save x, y
  !$omp parallel do simd
  do i = 1, n
    x(i) = sin(dble(i) * 0.001d0) + 0.5d0
    y(i) = cos(dble(i) * 0.0007d0) * 2.0d0
  end do
  !$omp end parallel do simd
  mean = 0.0d0
  ! doall: parallel reduction(+:mean)
  !$omp parallel do reduction(+:mean)
  do i = 1, n
    mean = mean + x(i)
  end do
  !$omp end parallel do
  mean = mean / dble(n)
  var = 0.0d0
  ! doall: parallel reduction(+:var)
  !$omp parallel do reduction(+:var)
  do i = 1, n
    var = var + (x(i) - mean) ** 2
  end do
  !$omp end parallel do
  var = var / dble(n - 1)
  dot = 0.0d0
  nrm = 0.0d0
  ! doall: parallel reduction(+:dot, nrm)
  !$omp parallel do reduction(+:dot, nrm)
  do i = 1, n
    dot = dot + x(i) * y(i)
    nrm = nrm + y(i) * y(i)
  end do
  !$omp end parallel do
  smin = huge(smin)
  smax = -huge(smax)
  ! doall: parallel reduction(min:smin) reduction(max:smax)
  !$omp parallel do reduction(max:smax) reduction(min:smin)
  do i = 1, n
    smin = min(smin, x(i) * y(i))
    smax = max(smax, x(i) * y(i))
  end do
  !$omp end parallel do
  ks = 0.0d0
  kc = 0.0d0
  ! doall: serial -- Kahan summation: the compensation kc carries from one iteration to the next
  do i = 1, n
    ky = x(i) - kc
    kt = ks + ky
    kc = (kt - ks) - ky
    ks = kt
  end do
  print '(a, es24.15)', 'mean     ', mean
  print '(a, es24.15)', 'variance ', var
  print '(a, es24.15)', 'dot      ', dot
  print '(a, es24.15)', 'norm     ', sqrt(nrm)
  print '(a, 2es24.15)', 'min, max ', smin, smax
  print '(a, es24.15)', 'kahan    ', ks
end program fp_stats
