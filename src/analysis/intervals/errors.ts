/**
 * The one error type of the interval library. EMI arithmetic never returns a
 * wrong set: when a result cannot be represented (a product of two symbolic
 * counts is not linear, a symbolic lower bound would become a step, a
 * magnitude passes 2^53) it throws an `EmiError` instead. A caller that
 * analyses dependences must read a caught `EmiError` as "unknown set", i.e.
 * "maybe dependent"; `attempt` does exactly that without try/catch noise.
 */

export type EmiErrorCode =
  /** An intermediate integer left the safe range of JS numbers (|x| > 2^53 - 1). */
  | "overflow"
  /** A product of two non-constant linear expressions (e.g. two symbolic counts). */
  | "nonlinear"
  /** A step would become symbolic: steps are integer constants by design. */
  | "symbolic-step"
  /** A count that is not provably a non-negative integer for every value of its names. */
  | "negative-count"
  /** The described set would be empty; an EMI always has its lower bound as an element. */
  | "empty"
  /** Anything else that is malformed (bad arguments, inconsistent upper bound, ...). */
  | "invalid";

/**
 * Raised where seed 000 §2's arithmetic has no representable result (e.g.
 * Def. 3 with two symbolic counts); never a wrong set.
 */
export class EmiError extends Error {
  readonly code: EmiErrorCode;
  constructor(code: EmiErrorCode, message: string) {
    super(message);
    this.name = "EmiError";
    this.code = code;
  }
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: EmiError };

/**
 * Runs `f` and turns an `EmiError` into a value, for callers of the §2.3
 * arithmetic that must treat "cannot represent" as "unknown set". Other
 * exceptions are bugs and propagate.
 */
export function attempt<T>(f: () => T): Attempt<T> {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (e instanceof EmiError) return { ok: false, error: e };
    throw e;
  }
}
