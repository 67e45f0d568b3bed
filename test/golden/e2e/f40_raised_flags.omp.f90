! doall-e2e: tolerance 0
! Logical flags that iterations only raise, as NPB UA's find_refine
! writes them (`if (.not. if_refine) if_refine = .true.`): each flag ends
! as its value before the loop .or. "some iteration raised it", in any
! order, so it is a .or. reduction (.and. for a flag only lowered). A
! flag that an iteration reads for anything else (count below) sees
! another iteration's store: that loop stays serial.
program flags
  implicit none
  integer, parameter :: n = 5000
  integer :: ich(n), i, count
  real :: x(n)
  logical :: refine, anyneg, allsmall, seen
  ! doall: parallel
  save ich, x
  !$omp parallel do simd
  do i = 1, n
    x(i) = real(mod(i * 37, 101)) / 10.0 - 2.0
  end do
  !$omp end parallel do simd
  refine = .false.
  anyneg = .false.
  allsmall = .true.
  ! doall: parallel reduction(.or.:refine, anyneg) reduction(.and.:allsmall)
  !$omp parallel do reduction(.and.:allsmall) reduction(.or.:anyneg, refine)
  do i = 1, n
    ich(i) = 0
    if (x(i) > 7.5) then
      if (.not. refine) refine = .true.
      ich(i) = 4
    end if
    if (x(i) < 0.0) anyneg = .true.
    if (x(i) > 9.0) allsmall = .false.
  end do
  !$omp end parallel do
  seen = .false.
  count = 0
  ! doall: serial -- count reads seen, which another iteration may have raised
  do i = 1, n
    if (seen) count = count + 1
    if (x(i) > 7.9) seen = .true.
  end do
  print '(a, 3l2, 2i8)', 'flags', refine, anyneg, allsmall, sum(ich), count
end program flags
