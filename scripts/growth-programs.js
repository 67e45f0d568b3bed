// Generated Fortran programs for the growth tests of scripts/bench.js
// (issues 16 and 21): the cost of `doall parallelize` must grow about
// linearly with the size of its input, whichever way the input grows.
// Besides one program concatenated k times (concat-copies.js):
//
// - nest depth: one loop nest `depth` deep (past the analyzer's 16-deep
//   cut too), whose innermost statement reads and writes arrays indexed by
//   the outer and inner indices, as a stencil in a deep nest does;
// - file size: one procedure of `nests` loop nests in a row (a
//   relaxation sweep each, the offsets varying from nest to nest, scalars
//   carried between them), so one procedure's analyses (its CFG, value
//   ranges, dependence tests) grow, not the number of procedures.
//
// Free-form Fortran, valid for gfortran; nothing of anyone's code.

/** A program whose one nest is `depth` loops deep. */
export function nestDepthProgram(depth) {
  const idx = (k) => `i${k + 1}`;
  // Free form allows 132 columns: the indentation stops growing.
  const ind = (k) => "  ".repeat(Math.min(k, 16) + 1);
  const first = idx(0);
  const last = idx(depth - 1);
  const mid = idx(Math.floor((depth - 1) / 2));
  const lines = [
    "program nest",
    "  implicit none",
    "  integer, parameter :: n = 4",
    ...Array.from({ length: Math.ceil(depth / 10) }, (_, r) => `  integer :: ${Array.from({ length: Math.min(10, depth - 10 * r) }, (_, k) => idx(10 * r + k)).join(", ")}`),
    "  double precision :: a(0:n + 1, 0:n + 1), b(0:n + 1, 0:n + 1), s",
    "  a = 1.0d0",
    "  b = 2.0d0",
    "  s = 0.0d0",
  ];
  for (let k = 0; k < depth; k++) lines.push(`${ind(k)}do ${idx(k)} = 1, n`);
  lines.push(`${ind(depth)}a(${first}, ${last}) = a(${first}, ${last}) + b(${mid}, ${last} - 1) * 0.5d0`);
  lines.push(`${ind(depth)}s = s + b(${last}, ${first})`);
  for (let k = depth - 1; k >= 0; k--) lines.push(`${ind(k)}end do`);
  lines.push("  print *, s, a(1, 1)", "end program nest");
  return lines.join("\n") + "\n";
}

/** A program whose one procedure holds `nests` loop nests in a row. */
export function fileSizeProgram(nests) {
  const lines = [
    "program size",
    "  implicit none",
    "  integer, parameter :: n = 50",
    "  double precision :: a(n, n), b(n, n), c(n)",
    "  a = 1.0d0",
    "  b = 0.0d0",
    "  c = 0.0d0",
    "  call sweeps(a, b, c, n)",
    "  print *, a(2, 2), b(2, 2), c(2)",
    "end program size",
    "",
    "subroutine sweeps(a, b, c, n)",
    "  implicit none",
    "  integer :: n, i, j, k, m",
    "  double precision :: a(n, n), b(n, n), c(n), s, t",
    "  s = 0.0d0",
    "  m = n / 2",
  ];
  for (let k = 0; k < nests; k++) {
    const o = (k % 3) + 1;
    lines.push(
      `  do j = ${o + 1}, n - ${o}`,
      `    do i = ${o + 1}, n - ${o}`,
      `      b(i, j) = 0.25d0 * (a(i - ${o}, j) + a(i + ${o}, j) + a(i, j - ${o}) + a(i, j + ${o}))`,
      "    end do",
      "  end do",
      `  do i = 1, m`,
      `    c(i) = c(i) + b(i, i + ${k % 5})`,
      `    s = s + c(i)`,
      "  end do",
      "  t = s * 0.5d0",
      `  k = m + ${k % 7}`,
      "  a(1, 1) = a(1, 1) + t + b(k, 1)",
    );
  }
  lines.push("end subroutine sweeps");
  return lines.join("\n") + "\n";
}
