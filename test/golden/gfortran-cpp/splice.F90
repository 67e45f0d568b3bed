#define LONG 1 + \
  2
#define X 1 /* a comment
 over two lines */ + 2
#define A 1 // x /* y */ z
program splice
  print *, LONG /* x */, X, A
  print *, 'a\
b'
  ! path C:\
  x = 1
  y = 2
end program
