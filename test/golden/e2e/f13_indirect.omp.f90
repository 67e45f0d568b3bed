! Indirect accesses: a scatter through a permutation (safe, but only the
! data say so), a scatter through an index with repeats (serial), a walk
! along a linked list, a shift by a distance read at run time (parallel
! only when it is at least the trip count), and shifts by the trip count.
program indirect
  implicit none
  integer, parameter :: n = 20000
  integer :: perm(n), idx(n), nxt(n), val(n), b(n), c(n), a(3 * n), d(2 * n + 1)
  integer :: i, m, head, node, cnt
  integer(8) :: s, walk
  character(len=8) :: mtext = '   3'

  ! A permutation: i -> mod(7919 * i, n) + 1 is one-to-one because gcd(7919, n) = 1.
  ! doall: parallel
  save a, b, c, d, idx, nxt, perm, val
  !$omp parallel do simd
  do i = 1, n
    perm(i) = mod(7919 * i, n) + 1
    idx(i) = mod(i * i, 997) + 1
    val(i) = mod(i * 13, 101)
    c(i) = 0
  end do
  !$omp end parallel do simd

  ! doall: either -- perm is one-to-one, so no two iterations write one element; only the data say so
  do i = 1, n
    b(perm(i)) = i
  end do
  ! doall: serial -- idx repeats values: the last i writing c(idx(i)) must win
  do i = 1, n
    c(idx(i)) = val(i) + i / 1000
  end do

  ! A linked list through the permutation: node -> nxt(node).
  ! doall: parallel
  do i = 1, n
    nxt(perm(i)) = 0
  end do
  ! doall: either -- perm is one-to-one, so each iteration writes its own element of nxt; only the data say so
  do i = 1, n - 1
    nxt(perm(i)) = perm(i + 1)
  end do
  head = perm(1)
  walk = 0
  cnt = 0
  node = head
  ! doall: serial -- walks a linked list
  do while (node /= 0)
    cnt = cnt + 1
    walk = mod(walk * 31 + val(node), 1000003_8)
    node = nxt(node)
  end do

  ! doall: parallel
  !$omp parallel do simd
  do i = 1, 3 * n
    a(i) = mod(i, 17)
  end do
  !$omp end parallel do simd
  read (mtext, *) m
  call shift(a, n, m)
  call shift(a, n, n)

  ! doall: parallel
  !$omp parallel do simd
  do i = 1, 2 * n + 1
    d(i) = mod(i * 3, 11)
  end do
  !$omp end parallel do simd
  ! Reads d(1:n), writes d(n+1:2n): no element is both read and written.
  ! doall: parallel
  !$omp parallel do simd
  do i = 1, n
    d(i + n) = d(i) * 2
  end do
  !$omp end parallel do simd
  ! One more iteration: iteration n+1 reads d(n+1), which iteration 1 wrote.
  ! doall: serial -- flow dependence of distance n from iteration 1 to iteration n+1
  do i = 1, n + 1
    d(i + n) = d(i) + 1
  end do

  s = 0
  ! doall: parallel reduction(+:s)
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + int(b(i), 8) * mod(i, 9) + int(c(mod(i, 997) + 1), 8) + int(a(i + 2 * n), 8) * mod(i, 5) &
      + int(d(i + n), 8) * 7 + int(a(i + n), 8)
  end do
  !$omp end parallel do
  print '(a, i0, a, i0, a, i0)', 'list length ', cnt, ' walk ', walk, ' checksum ', s
  print '(a, i0)', 'd(2n+1) ', d(2 * n + 1)

contains

  subroutine shift(v, n, m)
    integer, intent(in) :: n, m
    integer, intent(inout) :: v(*)
    integer :: i
    ! doall: runtime if(m >= n) -- writes v(m+1:m+n), reads v(1:n): they overlap unless m >= n
    !$omp parallel do if((m >= n .or. m <= -n) .and. (n >= 200))
    do i = 1, n
      v(i + m) = v(i) + 1
    end do
    !$omp end parallel do
  end subroutine shift
end program indirect
