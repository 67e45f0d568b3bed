! Preprocessed Fortran: try -D N=10 in the options (a small N is not
! worth a parallel region) or -D BLOCKED.
#ifndef N
#define N 512
#endif
subroutine matmul_n(a, b, c)
  implicit none
  double precision, intent(in) :: a(N, N), b(N, N)
  double precision, intent(out) :: c(N, N)
  double precision :: t
  integer :: i, j, k

  do j = 1, N
    do i = 1, N
      t = 0.0d0
      do k = 1, N
        t = t + a(i, k) * b(k, j)
      end do
      c(i, j) = t
    end do
  end do
#ifdef BLOCKED
  do j = 2, N
    c(:, j) = c(:, j) + c(:, j - 1)
  end do
#endif
end subroutine matmul_n
