import type { Program } from "../ir/program.js";
import { calledNames } from "./flow-analysis.js";

/**
 * Whether a C program registers exit handlers (atexit, at_quick_exit,
 * on_exit) or has destructors (`__attribute__((destructor))`): they run
 * after main returns or exit() is called, and may read
 * any global then, so no global is dead at main's end, and what an exit()
 * in an iteration leaves is seen.
 */
export function registersExitHandlers(programs: readonly Program[]): boolean {
  return programs.some((q) => q.file.language === "c" && q.procedures.some((p) => p.destructor || ["atexit", "at_quick_exit", "on_exit"].some((n) => calledNames(p).has(n))));
}
