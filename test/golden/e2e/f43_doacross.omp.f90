! Pipelined (doacross) loops, issue 20 sec. 4: each iteration does a lot
! of work of its own (an inner loop over m points), then adds its result
! to a running sum that the next iteration reads. No DOALL test accepts
! the loop, but the work before the sum needs nothing from other
! iterations: doall writes ordered(1) with depend(sink) before the sum
! and depend(source) after it, and the iterations overlap. A loop whose
! recurrence runs through its work stays serial, and so do loops where a
! CYCLE would skip the ordered lines (the next iteration would wait for
! ever) or a GOTO would land inside them (past the wait).
program pipelined
  implicit none
  integer, parameter :: n = 200, m = 50000
  double precision :: x(n), s(n), w(m), r(n), t, q(n), p(n)
  integer :: i, k
  ! doall: parallel
  !$ integer :: omp_get_max_threads, omp_get_num_procs
  save p, q, r, s, w, x
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
  q = 0.0d0
  ! doall: serial -- q(i) reads q(i - 1), and the CYCLE of i = 7 would skip the ordered lines
  do i = 2, n
    t = 0.0d0
    ! doall: either reduction(+:t)
    do k = 1, m
      t = t + dble(mod(i * k, 19)) * w(k)
    end do
    if (i == 7) cycle
    q(i) = q(i - 1) + t
  end do
  p = 0.0d0
  ! doall: serial -- p(i) reads p(i - 1), and the GOTO lands on the statement that does
  do i = 2, n
    t = 0.0d0
    ! doall: either reduction(+:t)
    do k = 1, m
      t = t + dble(mod(i * k, 23)) * w(k)
    end do
    if (t >= 0.0d0) goto 50
    t = -t
50  p(i) = p(i - 1) * 0.5d0 + t
  end do
  print '(a, 2f24.6)', ' q, p ', q(n), p(n)
  print '(a, f24.6)', ' sum ', s(n)
  print '(a, 2f24.6)', ' x, r ', x(n), r(n)
end program pipelined
