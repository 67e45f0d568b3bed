! The F77 idioms of f77-idioms.f, in free form.
subroutine idioms(a, lda, n, v, w, f)
  implicit double precision (a-h, o-z), integer (i-n)
  dimension a(lda, *), v(0:*), w(1)
  character*8 tag, names(3)*4
  real*8 arr(10), g, total
  external f
  logical lsame
  data names /'ab', 'cd', 'ef'/, (arr(i), i = 1, 10) /10*0.0d0/
  data tag /'x'/
  h(x) = 2*x + 1
  do 10 i = 1, n
    arr(i) = f(dble(i)) + h(v(i-1))
10 continue
  do 20 j = 1, n
  do 20 i = 1, n
    if (i .eq. j) goto 20
    a(i, j) = a(j, i) * w(1)
20 continue
  go to (30, 40, 50), mod(n, 3) + 1
30 total = 1
  goto 60
40 total = 2
  go to 60
50 total = 3
60 if (total - 2.0d0) 70, 80, 80
70 total = -total
80 continue
  g = arr(1)
  if (lsame(tag, 'X')) call sub2(a(1, 1), *90)
  return
90 stop 'alternate return'
end

logical function lsame(ca, cb)
  character*(*) ca, cb
  lsame = ca .eq. cb
end

block data init
  common /blk/ s
  data s /1.0/
end block data init
