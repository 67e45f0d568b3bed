! Module variables and module procedures: a loop calling a pure function
! (parallel), a loop calling a subroutine that updates module variables
! (serial), a module variable needed after the loop (lastprivate), and a
! module scalar used as a temporary in each iteration (private).
module counters
  implicit none
  integer :: ncall = 0
  integer(8) :: acc = 0
contains
  subroutine record(v)
    integer, intent(in) :: v
    ncall = ncall + 1
    acc = mod(acc * 31 + v, 1000000007_8)
  end subroutine record

  pure integer function sq(v)
    integer, intent(in) :: v
    sq = v * v
  end function sq
end module counters

module state
  implicit none
  integer, parameter :: n = 8000
  integer :: a(n), b(n), c(n)
  integer :: lastpos, tmp
end module state

program modules
  use counters
  use state
  implicit none
  integer :: i
  integer(8) :: s

  ! doall: parallel
  !$omp parallel do simd
  do i = 1, n
    a(i) = mod(i * 17, 101)
  end do
  !$omp end parallel do simd
  ! doall: parallel -- sq is pure
  !$omp parallel do
  do i = 1, n
    b(i) = sq(a(i)) - a(i)
  end do
  !$omp end parallel do
  ! doall: serial -- record updates ncall and acc in module counters, in order
  do i = 1, n
    call record(b(i))
  end do
  ! doall: parallel lastprivate(lastpos)
  !$omp parallel do simd private(tmp) lastprivate(lastpos)
  do i = 1, n
    lastpos = i * 2 + a(i)
    c(i) = lastpos - b(i)

  ! doall: parallel private(tmp)

    tmp = a(i) + b(i)
    a(i) = tmp * 2 - c(i)
  end do
  !$omp end parallel do simd
  s = 0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + int(a(i), 8) * mod(i, 7) + c(i)
  end do
  !$omp end parallel do
  print '(a, i0, a, i0)', 'calls ', ncall, ' acc ', acc
  print '(a, i0, a, i0)', 'lastpos ', lastpos, ' checksum ', s
end program modules
