program literals
  ! don't do /* this */ here: the apostrophe opens a literal to the end of the line
  print *, "it's" /* c1 */, 1
  x = 1 /* a comment over
  two lines */ ; y = 2
  print *, 'a''b /* c2 */'
  z = 3 ! comment with 'quote /* c3 */
  w = 4 ! comment /* c4 */ end
  print *, 'a\' /* c5: a backslash escapes the quote */ '
  print *, 1 /**/ + 2 /* x */ /* y */
  print *, 3 /* *\/ */ + 4
end program
