import { gcd } from "../symbolic/affine.js";
import type { AccessPattern } from "./pattern.js";

/**
 * The iteration dependence ratio of seed 001 §2.2 (from the authors'
 * incremental-execution paper, ref. 5): two loops that share an array run
 * as a pipeline, the successor following the predecessor's iterations.
 * With A_pred(Var_p, St_p, Str_p, Num_p, Vel_p, Acc_p)ub_p and
 * A_succ(Var_s, …, Vel_s, …)ub_s, the ratio is Vel_s : Vel_p: the
 * predecessor's region moves Vel_p elements per iteration and the
 * successor's Vel_s, so covering the same stretch of the array takes
 * Vel_s iterations of the predecessor for every Vel_p of the successor.
 *
 * Returned reduced: { pred, succ } with pred : succ = Vel_s : Vel_p and
 * gcd(pred, succ) = 1; e.g. pred moving 10 per iteration and succ 5 gives
 * { pred: 1, succ: 2 } — one predecessor iteration feeds two successor
 * iterations. The patterns must describe the same array (the caller's
 * responsibility; patterns do not name their array).
 *
 * Undefined when either region does not move (velocity 0: no pipeline
 * along this loop) or when they move in opposite directions (the
 * successor would wait for the predecessor's last iteration).
 */
export interface IterationRatio {
  /** Iterations of the predecessor loop... */
  pred: number;
  /** ...per this many iterations of the successor loop. */
  succ: number;
}

export function iterationDependenceRatio(pred: AccessPattern, succ: AccessPattern): IterationRatio | undefined {
  const vp = pred.velocity;
  const vs = succ.velocity;
  if (vp === 0 || vs === 0 || Math.sign(vp) !== Math.sign(vs)) return undefined;
  const g = gcd(vp, vs);
  return { pred: Math.abs(vs) / g, succ: Math.abs(vp) / g };
}
