import { evalInt } from "../ir/const-eval.js";
import type { Loop } from "../ir/stmt.js";

/**
 * A counted loop of the user's in the form OpenMP's loop directives take
 * (a DO with an index, a canonical C for with no extra init or update),
 * with no OpenMP directive of its own, not a DO CONCURRENT and not a loop
 * the front end made for an array statement: a loop that simd-loops.ts,
 * interchange.ts and doacross.ts may put a directive on or rewrite.
 */
export function plainCountedLoop(loop: Loop): boolean {
  return loop.form === "do" && !!loop.index && loop.candidate && !loop.implied && !loop.concurrent && !loop.existingDirective && !loop.init?.length && !loop.update?.length;
}

/** The loop's step when it is an integer constant (1 when it has none). */
export function constStep(loop: Loop): number | undefined {
  return loop.step ? evalInt(loop.step) : 1;
}

/**
 * Whether a labeled DO ends on the terminal statement of an enclosing DO
 * too (`do 10 j` / `do 10 i` / `10 continue`): no END directive can follow
 * it, for it would land outside that loop. `parentOf` gives a loop's
 * enclosing loop.
 */
export function sharesTerminal(loop: Loop, parentOf: (l: Loop) => Loop | null | undefined): boolean {
  if (loop.terminalLabel === undefined) return false;
  for (let q = parentOf(loop); q; q = parentOf(q)) if (q.terminalLabel === loop.terminalLabel) return true;
  return false;
}
