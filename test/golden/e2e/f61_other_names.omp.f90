! Found by fuzzing: storage a loop reaches under names its text does not
! show. A TARGET dummy may be associated with an actual that another
! TARGET dummy, or a TARGET the procedure sees, also names (F2018
! 15.5.2.13), so x(i) = y(i) + 1 may read what the previous iteration
! wrote; an internal procedure reads and writes its host's arrays by host
! association; and a character whose length is not a constant has no
! sound private copy in gfortran. Each such loop stays serial; the same
! loops over names that cannot share storage are parallel. An array
! constructor's implied-DO variable is a name of its own: the j outside
! keeps its value, and is neither private nor lastprivate.
module other_names
  implicit none
  real, target :: g(40000)
contains
  subroutine shift(x, y, n)
    real, target :: x(:), y(:)
    integer :: n, i
    ! doall: serial -- x and y may be one array (both TARGET dummies)
    do i = 1, n
      x(i) = y(i) + 1.0
    end do
  end subroutine shift

  subroutine spread(t, y, n)
    real, target :: t, y(:)
    integer :: n, i
    ! doall: serial -- t may be y(1)
    do i = 1, n
      y(i) = t + 1.0
    end do
  end subroutine spread

  subroutine from_g(x, n)
    real, target :: x(:)
    integer :: n, i
    ! doall: serial -- x may be part of g
    do i = 1, n
      x(i) = g(i) + 1.0
    end do
  end subroutine from_g

  subroutine plain(x, y, n)
    real :: x(:), y(:)
    integer :: n, i
    ! doall: parallel
    !$omp parallel do simd if(n >= 200)
    do i = 1, n
      x(i) = y(i) + 1.0
    end do
    !$omp end parallel do simd
  end subroutine plain
end module other_names

program other_names_main
  use other_names
  implicit none
  integer, parameter :: n = 40000
  real, allocatable, target :: a(:)
  real :: b(n), c(n)
  integer :: i, j, lens(n), w8(8, n)
  character(:), allocatable :: buf
  save b, c, lens, w8
  allocate(a(n))
  ! doall: parallel
  !$omp parallel do simd
  do i = 1, n
    a(i) = 0.0
    b(i) = real(mod(i, 17))
  end do
  !$omp end parallel do simd
  call shift(a(2:n), a(1:n - 1), n - 1)
  print *, nint(a(n)), nint(sum(a))
  a = 0.0
  a(1) = 3.0
  call spread(a(1), a, n)
  print *, nint(a(1)), nint(a(n)), nint(sum(a))
  ! doall: parallel
  !$omp parallel do simd
  do i = 1, n
    g(i) = real(mod(i, 7))
  end do
  !$omp end parallel do simd
  call from_g(g(2:), n - 1)
  print *, nint(g(n)), nint(sum(g))
  call plain(c, b, n)
  print *, nint(sum(c))
  c = 0.0
  ! doall: serial -- step reads c(k - 1), written by the previous iteration
  do i = 2, n
    call step(i)
  end do
  print *, nint(c(n))
  ! doall: serial -- peek reads c(5), which iteration 5 writes
  do i = 1, n
    c(i) = c(i) + peek()
  end do
  print *, nint(sum(c))
  ! doall: parallel
  do i = 1, n
    call own(i)
  end do
  print *, nint(sum(b))
  j = 42
  ! doall: parallel
  !$omp parallel do simd
  do i = 1, n
    w8(:, i) = [(mod(i * j, 11), j = 1, 8)]
    lens(i) = j + w8(8, i)
  end do
  !$omp end parallel do simd
  print *, j, sum(lens)
  ! doall: serial -- buf's length changes: no sound private copy
  do i = 1, n
    buf = repeat('x', mod(i, 7) + 1)
    lens(i) = len(buf)
  end do
  print *, buf, sum(lens)
contains
  subroutine step(k)
    integer :: k
    c(k) = c(k - 1) + 1.0
  end subroutine step

  real function peek()
    peek = c(5) + 1.0
  end function peek

  subroutine own(k)
    integer :: k
    real :: w
    w = real(k)
    b(k) = b(k) + w * 2.0
  end subroutine own
end program other_names_main
