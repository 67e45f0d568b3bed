/** Seed 003 Fig. 1 in Fortran: `v` is read, then referenced in the i loop and in the j loop nested in it. */
export const FIG1 = `program fig1
  real a(100, 100)
  integer v, i, j
  read *, v
  do i = 1, 50
    a(v+i+1, v) = 1.0
    do j = 1, 50
      a(100-v, i+j) = a(v, j) + 1.0
    end do
  end do
  print *, a(1, 1)
end program
`;
