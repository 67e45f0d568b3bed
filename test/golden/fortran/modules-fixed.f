C     The Fortran 90 features of free-form.f90, in fixed form.
      MODULE KINDS
      IMPLICIT NONE
      INTEGER, PARAMETER :: DP = KIND(1.0D0)
      INTEGER, PARAMETER :: N = 16
      REAL(KIND=DP), ALLOCATABLE :: WORK(:, :)
      CONTAINS
      PURE FUNCTION SQUARE(X) RESULT(Y)
      REAL(DP), INTENT(IN) :: X
      REAL(DP) :: Y
      Y = X * X
      END FUNCTION SQUARE
      END MODULE KINDS

      PROGRAM FIXMOD
      USE KINDS, ONLY: DP, N, SQUARE, WORK
      IMPLICIT NONE
      INTEGER :: I, J, IERR
      REAL(DP) :: A(N, N), S
      ALLOCATE(WORK(N, N), STAT=IERR)
      OUTER: DO I = 1, N
         DO J = 1, N
            A(I, J) = REAL(I * J, DP)
         END DO
         IF (I == N) EXIT OUTER
      END DO OUTER
      S = 0.0_DP
      DO I = 1, N
         SELECT CASE (MOD(I, 3))
         CASE (0)
            S = S + A(I, I)
         CASE (1:2)
            S = S - SQUARE(A(I, 1))
         CASE DEFAULT
            CYCLE
         END SELECT
      END DO
      CALL SCALE(A, N, 2.0_DP)
      A(:, 1) = A(:, 2) + 1
      DEALLOCATE(WORK)
      CONTAINS
      SUBROUTINE SCALE(X, M, F)
      INTEGER, INTENT(IN) :: M
      REAL(DP), INTENT(INOUT) :: X(M, M)
      REAL(DP), INTENT(IN) :: F
      INTEGER :: K
      DO K = 1, M
         X(K, :) = X(K, :) * F
      END DO
      END SUBROUTINE SCALE
      END PROGRAM FIXMOD
