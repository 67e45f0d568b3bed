/**
 * Options of the analyses that change what doall may assume about the
 * program, shared by `doall analyze`, `doall deps` and `doall parallelize`
 * (and by library users), so every command decides the same way.
 */
export interface AnalysisOptions {
  /**
   * Assume a correct program keeps every subscript within its array's
   * declared bounds (seed 003 §2: "the program raises no run-time error").
   * On by default. It gives value ranges (seed 003 §3: a reference
   * A(C0·V + C1) bounds V) and lets the dependence tests compare
   * subscripts dimension by dimension. `false` (`--no-bounds-assumption`)
   * turns both off, for old Fortran that indexes out of bounds on purpose:
   * ranges then come only from constants, assignments, loop bounds and
   * conditions, and a multi-dimensional subscript that may leave its
   * bounds makes the answer depend on a run-time check.
   */
  boundsAssumption?: boolean;
  /**
   * Restructure loop nests where that makes them parallel (issue 20; seed
   * 004 §3): interchange a serial loop with the parallel loop it holds
   * (parallelize/interchange.ts), pipeline a loop whose carried
   * dependences touch a small part of its body (doacross.ts), fuse
   * adjacent parallel loops over one range (fusion.ts). On by default; `false` (`--no-restructure`) keeps every nest as written.
   */
  restructure?: boolean;
}

export function boundsAssumed(options: AnalysisOptions | undefined): boolean {
  return options?.boundsAssumption !== false;
}
