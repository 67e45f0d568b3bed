import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { concatCopies } from "../../scripts/concat-copies.js";

/**
 * A Fortran file of about `lines` lines for the playground's timing: our
 * own end-to-end programs (fixed form, no INCLUDE), one after the other,
 * the whole repeated with its procedures renamed per copy
 * (scripts/concat-copies.js, as the benchmark's growth test does).
 */
const PROGRAMS = ["f03_jacobi3d.f", "f05_matmul.f", "f07_reductions.f", "f09_private.f", "f12_recurrence.f", "f14_common.f", "f15_labeled.f", "f16_stmtfunc.f", "f21_sorting.f", "f22_bits.f"];

export function bigFortran(lines: number): string {
  const dir = fileURLToPath(new URL("../e2e/programs/fortran/", import.meta.url));
  const one = PROGRAMS.map((p) => readFileSync(dir + p, "latin1")).join("");
  const copies = Math.max(1, Math.round(lines / one.split("\n").length));
  return concatCopies(one, "fixed", copies);
}
