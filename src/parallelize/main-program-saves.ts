import type { Procedure } from "../ir/program.js";
import type { Sym } from "../ir/symbol.js";
import { directiveLine } from "./threadprivate-blocks.js";

/**
 * The local arrays of a Fortran main program that doall's output declares
 * SAVE, when it writes a directive into the main program's file (so the
 * file must be compiled with OpenMP from now on).
 *
 * Why: `gfortran -fopenmp` implies `-frecursive`, which puts every local
 * array without SAVE on the stack, the main program's too. The serial
 * build, without `-fopenmp`, keeps an array over 64 KiB in static storage.
 * Two things then go wrong in the build of doall's output, neither of them
 * the directive's fault:
 * - an array of some megabytes overflows the default 8 MiB stack, and the
 *   program that ran serial crashes at start-up, at any thread count;
 * - a parallel region reaches the arrays through the pointers it is given
 *   (the outlined function's shared data), which gcc cannot prove apart:
 *   in an ikj product it reloads `b(k, j)` after every store to `c(i, j)`
 *   (read in `-fdump-tree-optimized`), and our f34 ran 1.16 times as long
 *   as serial at one thread (issue 17). A static array is a symbol the
 *   region names directly, and the reloads go.
 *
 * SAVE changes nothing a main program means: its variables have the SAVE
 * attribute implicitly (F2008 5.3.16), and F77 says a SAVE statement in a
 * main program has no effect (8.9). An array already static is left alone
 * (SAVE given, or a DATA / initializer value), as are those SAVE may not
 * name or that gain nothing: COMMON and module storage, pointers and
 * allocatables (their data is not the unit's), EQUIVALENCE members (one
 * may be in COMMON through the set), statement and construct entities.
 * An unanalyzable unit gets nothing: its declarations may be ones doall
 * did not read; nor does one with no line of its own before its first
 * executable statement (threadprivate-blocks.ts's directiveLine).
 */
export function mainProgramSaves(proc: Procedure): string[] {
  if (proc.kind !== "program" || proc.language !== "fortran" || proc.unanalyzable || directiveLine(proc) === null) return [];
  const names = new Map<number, string>();
  for (const s of proc.symbols.values()) if (savable(s)) names.set(s.id, s.name);
  return [...names.values()].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
}

function savable(s: Sym): boolean {
  const a = s.attrs;
  return s.storage === "local" && s.dims.length > 0 && s.equivalence === undefined && !a.save && !a.initialized && !a.pointer && !a.allocatable && !a.statementFunction && !a.constructEntity && !a.constant && !a.threadLocal;
}
