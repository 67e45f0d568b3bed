import { hostOf } from "../analysis/link/linked-names.js";
import type { Procedure, Program } from "../ir/program.js";
import { cDirectiveLine, directiveLine } from "./threadprivate-blocks.js";

/**
 * A pipelined loop (doacross.ts) runs only while the team has no more
 * threads than there are processors (issue 17: never slower, never
 * stuck). A thread waiting at `ordered depend(sink)` spins: libgomp's
 * doacross wait neither sleeps nor yields, whatever OMP_WAIT_POLICY says.
 * With more threads than processors, the thread it waits for may not be
 * running, and the spinning one burns the time slice that thread needs:
 * NPB LU at class W, pipelined, ran 2.45 s with 2 threads on this 2-core
 * machine and 47-53 s with 4 (the hand version's pipeline, over 120 s).
 * Run on one thread instead, the loop costs what it costs serially.
 *
 * The directive's `if` clause asks the runtime, so the file must declare
 * the two functions (emit-program.ts writes the declarations, compiled
 * only with OpenMP: Fortran's `!$` lines, C's `#ifdef _OPENMP`).
 */
export const THREADS_GUARD = "omp_get_max_threads() <= omp_get_num_procs()";
export const OMP_QUERIES = ["omp_get_max_threads", "omp_get_num_procs"] as const;

/**
 * Whether the guard can be written for a loop of `proc`: the file has a
 * place for the declarations (Fortran: before the unit's first executable
 * statement, in the file; C: before its first function), and the code
 * names neither function itself (its own declaration would clash).
 */
export function threadsGuardFits(proc: Procedure, program: Program): boolean {
  // Any unit of the file (a host or module scope reaches its procedures), its globals, its procedures' names.
  const names = new Set<string>();
  for (const g of program.globals.values()) names.add(g.name.toLowerCase());
  for (const p of program.procedures) {
    names.add(p.name.toLowerCase());
    for (const s of p.symbols.values()) names.add(s.name.toLowerCase());
  }
  if (OMP_QUERIES.some((n) => names.has(n))) return false;
  // A module the unit (or its host) uses may bring omp_lib's functions, and a declaration of ours would clash
  // with them (found by fuzzing): only modules of this file that reach no omp_lib are known not to.
  if (proc.language === "fortran") {
    const modules = new Map(program.procedures.filter((p) => p.kind === "module").map((p) => [p.name.toLowerCase(), p] as const));
    const host = hostOf(proc, program);
    const seen = new Set<string>();
    const reaches = (uses: readonly string[]): boolean =>
      uses.some((u) => {
        const k = u.toLowerCase();
        if (k === "omp_lib" || seen.has(k)) return false;
        seen.add(k);
        const m = modules.get(k);
        return !m || m.uses.some((x) => x.toLowerCase() === "omp_lib") || reaches(m.uses);
      });
    // The unit's own `use omp_lib` the emitter reads (emit-program.ts); its host's is out of its lines.
    if (reaches(proc.uses) || (host && (host.uses.some((x) => x.toLowerCase() === "omp_lib") || reaches(host.uses)))) return false;
  }
  return proc.language === "c" ? cDirectiveLine(program) !== null : directiveLine(proc) !== null;
}
