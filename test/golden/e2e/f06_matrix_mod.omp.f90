! Matrix kernels as module procedures on allocatable module arrays whose
! size is read at run time: A*A^T by dot products, an in-place transpose
! (a triangular nest whose iterations touch disjoint pairs), a trace.
module mats
  implicit none
  integer :: n
  double precision, allocatable :: a(:, :), c(:, :)
contains

  subroutine fill()
    integer :: i, j
    ! doall: parallel
    !$omp parallel do if(n >= 4)
    do j = 1, n
      ! doall: either
      !$omp simd
      do i = 1, n
        a(i, j) = dble(mod(i * j + 3 * i, 11) - 5)
      end do
    end do
    !$omp end parallel do
  end subroutine fill

  subroutine aat()
    integer :: i, j, k
    double precision :: s
    ! doall: parallel private(s)
    !$omp parallel do private(s) if(n >= 4)
    do j = 1, n
      ! doall: either private(s)
      do i = 1, n
        s = 0.0d0
        ! doall: either reduction(+:s)
        do k = 1, n
          s = s + a(i, k) * a(j, k)
        end do
        c(i, j) = s
      end do
    end do
    !$omp end parallel do
  end subroutine aat

  subroutine transpose_in_place()
    integer :: i, j
    double precision :: t
    ! Iteration i swaps row i right of the diagonal with column i below it:
    ! no element is touched by two iterations.
    ! doall: parallel private(t)
    !$omp parallel do private(t) schedule(static, 1) if(n >= 5)
    do i = 1, n - 1
      ! doall: either private(t)
      !$omp simd private(t)
      do j = i + 1, n
        t = a(i, j)
        a(i, j) = a(j, i)
        a(j, i) = t
      end do
    end do
    !$omp end parallel do
  end subroutine transpose_in_place
end module mats

program matrix_mod
  use mats
  implicit none
  integer :: i, j
  integer(8) :: tr, chk
  character(len=8) :: arg = '  150'

  read (arg, *) n
  allocate (a(n, n), c(n, n))
  call fill()
  call aat()
  tr = 0
  ! doall: parallel reduction(+:tr)
  !$omp parallel do reduction(+:tr) if(n >= 200)
  do i = 1, n
    tr = tr + nint(c(i, i))
  end do
  !$omp end parallel do
  call transpose_in_place()
  chk = 0
  ! doall: parallel reduction(+:chk)
  !$omp parallel do reduction(+:chk) if(n >= 4)
  do j = 1, n
    ! doall: either reduction(+:chk)
    do i = 1, n
      chk = chk + nint(a(i, j)) * (i + 2 * j) + nint(c(i, j)) * mod(i, 7)
    end do
  end do
  !$omp end parallel do
  print '(a, i0, a, i0, a, i0)', 'n ', n, ' trace ', tr, ' checksum ', chk
  deallocate (a, c)
end program matrix_mod
