c     Included from inc/ through -I (the test passes it).
      INTEGER N
      PARAMETER (N = 8)
