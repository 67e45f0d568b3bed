! Triangular nests over integers modulo a prime, with the size read at run
! time: a lower-triangular matrix-vector product (parallel over rows),
! forward and backward substitution (serial: each row needs the rows
! solved before it), a negative-step loop, and strided loops.
program triangular
  implicit none
  integer(8), parameter :: p = 1009
  integer :: n, i, j
  integer(8), allocatable :: l(:, :), b(:), x(:), y(:), z(:), v(:), q(:)
  integer(8) :: s
  character(len=16) :: line = '  300'

  read (line, *) n
  allocate (l(n, n), b(n), x(n), y(n), z(n), v(0:n + 2), q(n))
  ! doall: parallel
  !$omp parallel do schedule(static, 1) if(n >= 4)
  do j = 1, n
    ! doall: either
    !$omp simd
    do i = 1, j - 1
      l(i, j) = 0
    end do
    l(j, j) = 1
    ! doall: either
    !$omp simd
    do i = j + 1, n
      l(i, j) = mod(i * 7 + j * 3, 5) - 2
    end do
    b(j) = mod(j * 31, int(p))
  end do
  !$omp end parallel do

  ! Lower-triangular product z = L * b: row i reads b(1:i).
  ! doall: parallel private(s)
  !$omp parallel do private(s) schedule(static, 1) if(n >= 4)
  do i = 1, n
    s = 0
    ! doall: either reduction(+:s)
    do j = 1, i
      s = s + l(i, j) * b(j)
    end do
    z(i) = modulo(s, p)
  end do
  !$omp end parallel do

  ! Forward substitution L x = b (mod p).
  ! doall: serial -- x(i) reads x(1:i-1) computed by earlier iterations
  do i = 1, n
    s = b(i)
    ! doall: either reduction(+:s)
    do j = 1, i - 1
      s = s - l(i, j) * x(j)
    end do
    x(i) = modulo(s, p)
  end do

  ! Backward substitution L^T y = b (mod p), from the last row up.
  ! doall: serial -- y(i) reads y(i+1:n) computed by earlier iterations
  do i = n, 1, -1
    s = b(i)
    ! doall: either reduction(+:s)
    do j = i + 1, n
      s = s - l(j, i) * y(j)
    end do
    y(i) = modulo(s, p)
  end do

  ! A negative step with independent iterations.
  ! doall: parallel
  !$omp parallel do simd if(n >= 200)
  do i = n, 1, -1
    q(i) = modulo(x(i) + 2 * y(n + 1 - i), p)
  end do
  !$omp end parallel do simd

  ! Stride 3: iteration i writes v(i) and v(i+1), never another iteration's.
  v = 0
  ! doall: parallel
  !$omp parallel do simd if(n >= 298)
  do i = 1, n, 3
    v(i) = x(i)
    v(i + 1) = y(i)
  end do
  !$omp end parallel do simd
  ! Stride 2: writes even elements, reads odd ones.
  ! doall: parallel
  !$omp parallel do simd if(n >= 400)
  do i = 2, n, 2
    v(i) = v(i - 1) + v(i + 1)
  end do
  !$omp end parallel do simd
  ! Stride 2 again, but reading what the previous iteration wrote.
  ! doall: serial -- v(i) reads v(i-2), written by the previous iteration
  do i = 3, n, 2
    v(i) = modulo(v(i - 2) * 3 + v(i), p)
  end do

  s = 0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s) if(n >= 200)
  do i = 1, n
    s = s + z(i) * mod(i, 7) + x(i) * 3 + y(i) * 5 + q(i) + v(i) * mod(i, 4)
  end do
  !$omp end parallel do
  print '(a, i0, a, i0)', 'n ', n, ' checksum ', s
  print '(a, 3i6)', 'x(n), y(1), z(n) ', x(n), y(1), z(n)
end program triangular
