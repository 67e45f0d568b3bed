import { setFlagsFromString } from "node:v8";

/**
 * V8 compiler settings for a doall run (issue 16), set by the CLI before
 * any of the analyzer's code is hot.
 *
 * Half of a run's CPU time was not the analyzer's: TurboFan compiled the
 * hot functions on background threads, inlining deeply into the IR walks
 * (Expr and Stmt objects of many shapes), then threw much of that code
 * away ("wrong map" deoptimizations) and compiled it again. On NPB
 * 3.3-SER BT, `--trace-opt` counted 834 compilations; the CPU of the run
 * (all threads) was ~6.0 s against 3.5 s on the main thread. Without
 * inlining, and with functions optimized only once they have run four
 * times longer (the interrupt budget, 66 KB of bytecode by default), the
 * same runs take ~40 % less CPU time and less wall time too (scripts/
 * bench.js: NPB 3.3-SER Fortran 28.8 s -> 16.9 s, with the C suite
 * 45.4 s -> 32.9 s).
 *
 * The C parser's wasm (tree-sitter's runtime and the C grammar) stays on
 * Liftoff, V8's baseline wasm compiler (--liftoff-only). Dynamic tiering
 * had recompiled its three largest functions (the grammar's lexers, 40 KB
 * and 25 KB of wasm, and the runtime's parse loop, 28 KB) with TurboFan on
 * the first file of every run: ~200 ms of CPU on background threads (the
 * first parse of NPB BT's x_solve.c cost 150 ms against 30 ms without),
 * paid back only past ~2 MB of preprocessed C parsed in one run, while
 * Liftoff's code parses ~35 % slower. NPB3.3-SER-C, one run per program
 * (scripts/bench.js, CPU of all threads): read 1.57 s -> 0.91 s, lower
 * 1.06 s -> 0.42 s (the compile ran under both). The worst case, one 5 MB
 * file (the CLI's limit), parses ~8 % slower (4.0 s against 3.7 s).
 *
 * The interrupt budget was raised again, from 250,000 to 600,000 (issue
 * 16, once the analyzer allocated less): fewer functions reach TurboFan,
 * whose compilations on background threads count in a run's CPU. Same
 * build, interleaved, best of 3 runs, CPU seconds: NPB 3.3-SER BT 2.22 ->
 * 2.02, UA 3.11 -> 2.95, LU 2.61 -> 2.35, SP 1.83 -> 1.70, CG 0.31 ->
 * 0.28, MG 0.53 -> 0.44; NPB3.3-SER-C BT 1.66 -> 1.59, LU 2.18 -> 2.05, SP
 * 1.89 -> 1.81. 1,500,000 measured the same as 600,000 within noise; no
 * TurboFan at all (--no-opt) 15 % slower.
 *
 * And to 1,200,000 once the build compiled for-of loops over arrays to
 * indexed ones (scripts/indexed-loops.js): with less to gain from
 * optimizing them, compiling fewer functions pays. Same build, two
 * interleaved rounds of best of 3, 600,000 against 1,200,000, CPU seconds
 * (issue 16): NPB 3.3-SER BT 1.95 -> 1.83 and 1.79 -> 1.75, UA 2.43 ->
 * 2.43 and 2.41 -> 2.36, LU 2.02 -> 2.02 and 1.98 -> 1.93, SP 1.41 ->
 * 1.40 and 1.40 -> 1.34; NPB3.3-SER-C BT 1.26 -> 1.24 and 1.33 -> 1.31,
 * LU 1.62 -> 1.53 and 1.65 -> 1.68, SP 1.55 -> 1.46 and 1.64 -> 1.62.
 * 3,000,000 measured the same as 1,200,000 or slightly worse.
 *
 * Only compiler flags, which V8 reads at each compilation: flags of the
 * heap (GC threads, space sizes) cannot change once it exists (setting
 * --single-threaded-gc here crashed V8). Applied on the Node versions
 * measured (20): another V8 may not know a flag and would print an error
 * for it. Never set by the library API: the host process's V8 is its own.
 */
export const JIT_FLAGS: readonly string[] = ["--no-turbo-inlining", "--interrupt-budget=1200000", "--liftoff-only"];

/** Whether this Node's V8 is one the flags were measured on. */
export function jitFlagsApply(nodeVersion: string = process.versions.node): boolean {
  return nodeVersion.split(".")[0] === "20";
}

/** Sets JIT_FLAGS in this process (once, before the analyzer runs); false when this Node is not one they apply to. */
export function tuneJit(): boolean {
  if (!jitFlagsApply() || process.env.DOALL_NO_JIT_FLAGS) return false;
  for (const f of JIT_FLAGS) setFlagsFromString(f);
  return true;
}
