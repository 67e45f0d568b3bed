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
 * Only compiler flags, which V8 reads at each compilation: flags of the
 * heap (GC threads, space sizes) cannot change once it exists (setting
 * --single-threaded-gc here crashed V8). Applied on the Node versions
 * measured (20): another V8 may not know a flag and would print an error
 * for it. Never set by the library API: the host process's V8 is its own.
 */
export const JIT_FLAGS: readonly string[] = ["--no-turbo-inlining", "--interrupt-budget=250000"];

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
