C     Old Fortran 77 idioms real codes still use.
      SUBROUTINE IDIOMS(A, LDA, N, V, W, F)
      IMPLICIT DOUBLE PRECISION (A-H, O-Z), INTEGER (I-N)
      DIMENSION A(LDA, *), V(0:*), W(1)
      CHARACTER*8 TAG, NAMES(3)*4
      REAL*8 ARR(10), G, TOTAL
      EXTERNAL F
      LOGICAL LSAME
      DATA NAMES /'ab', 'cd', 'ef'/, (ARR(I), I = 1, 10) /10*0.0D0/
      DATA TAG /'x'/
C     G is an array element or a function depending on declarations:
C     ARR(I) is an array, F(X) is a dummy function, H(X) a statement function.
      H(X) = 2*X + 1
C     Blank-insensitive fixed form: DO10I is DO 10 I, GOTO10 is GO TO 10.
      DO10I=1,N
         ARR(I) = F(DBLE(I)) + H(V(I-1))
   10 CONTINUE
      DO 20 J = 1, N
      DO 20 I = 1, N
         IF (I .EQ. J) GOTO20
         A(I, J) = A(J, I) * W(1)
   20 CONTINUE
      GO TO (30, 40, 50), MOD(N, 3) + 1
   30 TOTAL = 1
      GOTO 60
   40 TOTAL = 2
      GO TO 60
   50 TOTAL = 3
   60 IF (TOTAL - 2.0D0) 70, 80, 80
   70 TOTAL = -TOTAL
   80 CONTINUE
      G = ARR(1)
      IF (LSAME(TAG, 'X')) CALL SUB2(A(1, 1), *90)
      RETURN
   90 STOP 'alternate return'
      END

      LOGICAL FUNCTION LSAME(CA, CB)
      CHARACTER*(*) CA, CB
      LSAME = CA .EQ. CB
      END
