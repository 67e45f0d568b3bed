! args: --arrays
! Seed 002 §2: the minimal dependences give all dependences by
! transitive closure only without partial definitions. An element write is
! one: it kills nothing, so every earlier write reaches every later one
! and the read, as whole-variable edges the array analysis will refine.
subroutine elements(a)
  real a(10)
  a(1) = 1.0
  a(2) = 2.0
  a(3) = a(1)
end subroutine
