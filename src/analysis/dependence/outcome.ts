/**
 * What one dependence test says about one direction vector of one pair.
 * The tests run in a chain from cheap to exact (solve-pair.ts); the first
 * "independent" prunes the vector and everything below it in the
 * direction-vector hierarchy.
 */
export type TestName = "ziv" | "siv" | "gcd" | "banerjee" | "emi" | "exact";

export const TEST_ORDER: readonly TestName[] = ["ziv", "siv", "gcd", "banerjee", "emi", "exact"];

export interface TestOutcome {
  /** Proved: no two iterations with this direction vector touch the same element. */
  independent: boolean;
  /** Proved: some do (an exact test on an exact model). */
  dependent?: boolean;
  /** Strong SIV: t'_k - t_k = d on common level k in every solution with this direction vector. */
  distances?: Map<number, number>;
  /** The subset of `distances` that holds for every solution whatever the direction vector. */
  global?: Set<number>;
  /** A short explanation for reports. */
  note?: string;
}

export const MAYBE: TestOutcome = { independent: false };

export function independent(note: string): TestOutcome {
  return { independent: true, note };
}
