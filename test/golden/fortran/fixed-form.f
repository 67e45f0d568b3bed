C     Fixed-form constructs: every line of this file is exercised by the
c     golden test (comment lines start with c, C, * or !).
*     A star comment.
!     A bang comment.
      PROGRAM FIXED
      IMPLICIT NONE
      INCLUDE 'sizes.h'
      INTEGER I, J, K, L, M, IERR
      INTEGER*8 BIG
      REAL X, Y(N)
      DOUBLE PRECISION A(N, 0:N-1), B(N, N), S, T
      DOUBLEPRECISION D
      LOGICAL FLAG
      CHARACTER*16 NAME
      CHARACTER*(*) FMT
      PARAMETER (FMT = '(A, I5)')
      COMPLEX Z
      COMMON /BLK/ A, B, S
      COMMON X
      SAVE T
      DATA T /0.0D0/, FLAG /.FALSE./
      EQUIVALENCE (D, S)
      EXTERNAL FUNC
      INTRINSIC SQRT
      DOUBLE PRECISION FUNC
C     A statement function.
      DOUBLE PRECISION SQ
      SQ(X) = X * X
c$omp parallel do
      DO 10 I = 1, N
         DO 10 J = 0, N - 1
            A(I, J) = DBLE(I + J)
   10 CONTINUE
*$omp end parallel do
      DO 20, K = N, 1, -1
         Y(K) = REAL(K) ** 2 / 2.0 - 1.E-3
   20 CONTINUE
      DO 30 I = 1, N
   30    B(I, I) = 1.D0
      S = 0.0D0
      DO I = 1, N
         IF (A(I, 1) .GT. 0.5D0 .AND. .NOT. FLAG) THEN
            S = S + A(I, 1)
         ELSE IF (A(I, 1) . EQ . 0.0D0) THEN
            S = S - 1
         ELSEIF (I.EQ.2) THEN
            GO TO 40
         ELSE
            GOTO 40
         END IF
      ENDDO
   40 IF (S) 50, 60, 50
   50 CONTINUE
      IF (S .LT. 0) S = -S
   60 K = 0
      DO WHILE (K .LT. 10)
         K = K + 1
         IF (MOD(K, 2) .EQ. 0) CYCLE
         IF (K .GT. 7) EXIT
      END DO
      GO TO (70, 80) M
   70 CONTINUE
   80 CONTINUE
      Z = (1.0, 2.0)
      NAME = 'it''s here'
      X = SQ(2.0) + SQRT(4.0) + FUNC(S)
      CALL WORK(A, N,
     &          B)
      CALL WORK(A, N, B)                                                ignored past column 72
      WRITE (*, FMT) 'sum', INT(S)
      WRITE (6, 100) S, (Y(I), I = 1, N)
  100 FORMAT (' S = ', F10.3, 5(1X, E12.4))
      PRINT *, 'done', IERR
      READ (5, *, END=90, ERR=90) L
   90 CONTINUE
      OPEN (UNIT=7, FILE='out.dat', STATUS='unknown', IOSTAT=IERR)
      CLOSE (7)
      BIG = 1234567890123_8
      Y(1:N) = 0.0
      Y = Y + 1.0
      STOP
      END

      SUBROUTINE WORK(A, N, B)
      INTEGER N
      DOUBLE PRECISION A(N, *), B(N, N)
      INTEGER I
      DO 10 I = 1, N
         A(I, 1) = B(I, I) * 2
   10 CONTINUE
      RETURN
      END

      DOUBLE PRECISION FUNCTION FUNC(V)
      DOUBLE PRECISION V
      FUNC = V + 1
      END

      BLOCK DATA INIT
      DOUBLE PRECISION A, B, S
      INCLUDE 'sizes.h'
      COMMON /BLK/ A(N, 0:N-1), B(N, N), S
      DATA S /1.0D0/
      END
