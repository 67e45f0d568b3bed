! Pipelined (doacross) loops, issue 20 sec. 4: each iteration does a lot
! of work of its own (an inner loop over m points), then adds its result
! to a running sum that the next iteration reads. No DOALL test accepts
! the loop, but the work before the sum needs nothing from other
! iterations: doall writes ordered(1) with depend(sink) before the sum
! and depend(source) after it, and the iterations overlap. A loop whose
! recurrence runs through its work stays serial.
program pipelined
  implicit none
  integer, parameter :: n = 200, m = 50000
  double precision :: x(n), s(n), w(m), r(n), t
  integer :: i, k
  ! doall: parallel
  !$ integer :: omp_get_max_threads, omp_get_num_procs
  !$omp parallel do simd
  do k = 1, m
    w(k) = dble(mod(k, 13)) / 7.0d0
  end do
  !$omp end parallel do simd
  s(1) = 0.0d0
  ! doall: serial -- s(i) reads s(i - 1): doall pipelines it (t private)
  !$omp parallel do private(t) ordered(1) schedule(static, 1) if(omp_get_max_threads() <= omp_get_num_procs())
  do i = 2, n
    t = 0.0d0
    ! doall: either reduction(+:t)
    do k = 1, m
      t = t + dble(mod(i * k, 17)) * w(k)
    end do
    x(i) = t
    !$omp ordered depend(sink: i - 1)
    s(i) = s(i - 1) + x(i)
    !$omp ordered depend(source)
    x(i) = x(i) * 0.5d0
  end do
  !$omp end parallel do
  r(1) = 1.0d0
  ! doall: serial -- the work itself reads r(i - 1): nothing to overlap
  do i = 2, n
    r(i) = 0.0d0
    ! doall: serial -- r(i) accumulates over k
    do k = 1, m
      r(i) = r(i) + r(i - 1) * w(k) * 1.0d-4
    end do
  end do
  print '(a, f24.6)', ' sum ', s(n)
  print '(a, 2f24.6)', ' x, r ', x(n), r(n)
end program pipelined
