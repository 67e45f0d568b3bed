! A radix-2 Stockham FFT of NPB FT's shape over the columns of a: each
! pass of `do l = 1, m, 2` halves li and doubles lj, fills the scratch y
! from x, then (but for a last odd pass) x from y. The caller passes
! m = 6 and n = 64 (named constants) or m = 5 and n = 32: for those
! values the passes write y(1:n) before any read, so y is private to
! each column. Given n = 64 with m = 5 the last pass copies y(33:64),
! which no pass of the call wrote: the values come from the previous
! column, and that loop stays serial.
program stockham
  implicit none
  integer, parameter :: nn = 64, nv = 6, ncol = 800
  double precision :: a(nn, ncol), y(nn), e(nn), s
  integer :: i, j, k
  ! doall: either
  save a, e, y
  do i = 1, nn
    e(i) = 1.0d0 / i
  end do
  ! doall: parallel
  !$omp parallel do
  do k = 1, ncol
    ! doall: either
    !$omp simd
    do j = 1, nn
      a(j, k) = mod(j * 7 + k * 3, 11) - 5.0d0
    end do
  end do
  !$omp end parallel do
  ! doall: parallel private(y)
  !$omp parallel do private(y)
  do k = 1, ncol
    call sw(nv, nn, a(1, k), y, e)
  end do
  !$omp end parallel do
  ! doall: parallel private(y)
  !$omp parallel do private(y)
  do k = 1, ncol, 2
    call sw(5, 32, a(1, k), y, e)
  end do
  !$omp end parallel do
  y = 0.0d0
  ! doall: serial -- with m = 5 for n = 64 the copy reads y(33:64), which the previous column's call wrote
  do k = 2, ncol, 2
    call sw(5, nn, a(1, k), y, e)
  end do
  s = 0.0d0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do k = 1, ncol
    ! doall: either reduction(+:s)
    do j = 1, nn
      s = s + a(j, k) * mod(j + k, 5)
    end do
  end do
  !$omp end parallel do
  print '(a, f24.6)', 'checksum ', s
  print '(a, 3f16.6)', 'samples  ', a(1, 1), a(17, 500), a(64, ncol)
contains
  subroutine sw(m, n, x, y, ex)
    integer, intent(in) :: m, n
    double precision, intent(inout) :: x(n), y(n)
    double precision, intent(in) :: ex(n)
    integer :: l, li, lj, lk, i, k, i11, i12, i21, i22, n1
    double precision :: x11, x21
    n1 = n / 2
    lj = 1
    li = 2 ** m
    ! doall: serial -- li and lj change from pass to pass
    do l = 1, m, 2
      lk = lj
      lj = 2 * lk
      li = li / 2
      ! doall: either
      do i = 0, li - 1
        i11 = i * lk + 1
        i12 = i11 + n1
        i21 = i * lj + 1
        i22 = i21 + lk
        ! doall: either
        do k = 0, lk - 1
          x11 = x(i11 + k)
          x21 = x(i12 + k)
          y(i21 + k) = x11 + x21
          y(i22 + k) = ex(i + 1) * (x11 - x21)
        end do
      end do
      if (l == m) then
        ! doall: either
        do k = 1, n
          x(k) = y(k)
        end do
      else
        lk = lj
        lj = 2 * lk
        li = li / 2
        ! doall: either
        do i = 0, li - 1
          i11 = i * lk + 1
          i12 = i11 + n1
          i21 = i * lj + 1
          i22 = i21 + lk
          ! doall: either
          do k = 0, lk - 1
            x11 = y(i11 + k)
            x21 = y(i12 + k)
            x(i21 + k) = x11 + x21
            x(i22 + k) = ex(i + 1) * (x11 - x21)
          end do
        end do
      end if
    end do
  end subroutine sw
end program stockham
