import type { ConcurrentSpec } from "../ir/stmt.js";
import type { LoopPlan, PlanReductionOp } from "./loop-plan.js";

/**
 * DO CONCURRENT (F2018 11.1.7.5): the standard requires that no iteration
 * reads a variable another iteration defines (unless it defined it first
 * itself), nor defines one another iteration references, so no array
 * dependence is carried by the loop: plan-program.ts does not test them.
 * What remains is what the standard leaves to the program's words:
 *
 * - LOCAL variables are new in every iteration: private; LOCAL_INIT ones
 *   start from the outer value: firstprivate (F2018 11.1.7.5 ¶2, ¶3).
 * - REDUCE (F2023 11.1.7.5) names reductions, whatever the statements
 *   look like; doall's own reduction recognition covers the same
 *   updates written without it.
 * - A scalar with no locality spec is judged by the scalar analysis, as
 *   in any loop: private when every iteration writes it before reading
 *   it, a reason to stay serial otherwise (a value flowing between
 *   iterations breaks the standard's rule: doall says so rather than
 *   trusting a program that does not conform).
 * - Calls, I/O and jumps out keep their reasons (exclusions.ts): doall
 *   cannot check that a callee is PURE (C1139).
 *
 * gfortran accepts no OpenMP directive on a DO CONCURRENT ("!$OMP
 * PARALLEL DO cannot be a DO CONCURRENT loop", also DO, LOOP, SIMD), so
 * the loop never gets one (choose-directives.ts); gfortran runs it in
 * parallel itself with -ftree-parallelize-loops=N.
 */
export function applyConcurrent(plan: LoopPlan, spec: ConcurrentSpec): void {
  plan.private.push(...spec.local.filter((v) => !plan.private.includes(v)));
  plan.firstprivate.push(...spec.localInit.filter((v) => !plan.firstprivate.includes(v)));
  for (const r of spec.reduce) {
    const op = REDUCE_OPS[r.op];
    if (!op) continue;
    for (const v of r.vars) {
      const same = (x: string) => x.toLowerCase() === v.toLowerCase();
      plan.reasons = plan.reasons.filter((x) => !(x.kind === "scalar" && x.var !== undefined && same(x.var)));
      plan.private = plan.private.filter((x) => !same(x));
      plan.lastprivate = plan.lastprivate.filter((x) => !same(x));
      plan.linear = plan.linear.filter((x) => !same(x.var));
      plan.reductions = plan.reductions.filter((x) => !same(x.var));
      plan.reductions.push({ op, var: v });
    }
  }
}

/** The sentence the reports give as the reason a DO CONCURRENT is parallel. */
export const CONCURRENT_GUARANTEE = "the standard guarantees DO CONCURRENT iterations are independent (Fortran 2018, 11.1.7.5)";

/** Why a parallel DO CONCURRENT gets no directive (choose-directives.ts). */
export const CONCURRENT_NO_DIRECTIVE =
  "gfortran accepts no OpenMP directive on a DO CONCURRENT loop (compile with -ftree-parallelize-loops=N to run it in parallel, or write it as a DO loop)";

const REDUCE_OPS: Record<string, PlanReductionOp> = {
  "+": "+",
  "*": "*",
  ".and.": "and",
  ".or.": "or",
  ".eqv.": "eqv",
  ".neqv.": "neqv",
  max: "max",
  min: "min",
  iand: "bitand",
  ior: "bitor",
  ieor: "bitxor",
};
