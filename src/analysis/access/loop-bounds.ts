import { evalInt } from "../../ir/const-eval.js";
import type { Sym } from "../../ir/symbol.js";
import { isConstant, sub, type Affine } from "../symbolic/affine.js";
import type { Bounds } from "./convolve.js";
import type { NestLevel } from "./ref-sites.js";
import type { ValueContext } from "./value-context.js";

/**
 * A counted loop normalized as in seed 001 Fig. 1: iteration t = 1..ub, the
 * index being first + step·(t − 1). The paper assumes loops already run
 * from 1 with step 1; any affine lower bound and constant step is accepted
 * here by carrying `first` and `step`.
 */
export interface LevelBounds {
  index: Sym;
  first: Affine;
  step: number;
  /** Trip count ⌊(last − first)/step⌋ + 1 (no iterations when ≤ 0). */
  ub: Affine;
}

export function levelBounds(level: NestLevel, outer: readonly NestLevel[], values: ValueContext): LevelBounds | string {
  if (!level.index || !level.lower || !level.upper) return "the loop has no index";
  const site = { chain: level.boundChain, levels: outer };
  let step = 1;
  if (level.step) {
    const s = evalInt(level.step) ?? constValue(values.affineAt(level.step, site));
    if (s === undefined || s === 0) return `the step of the ${level.index.name} loop is not a nonzero constant`;
    step = s;
  }
  const first = values.affineAt(level.lower, site);
  if (!first) return `the lower bound of the ${level.index.name} loop is not affine`;
  const last = values.affineAt(level.upper, site);
  if (!last) return `the upper bound of the ${level.index.name} loop is not affine`;
  const ub = tripCount(first, last, step);
  if (!ub) return `the trip count of the ${level.index.name} loop is not affine (step ${step})`;
  return { index: level.index, first, step, ub };
}

function constValue(a: Affine | undefined): number | undefined {
  return a && isConstant(a) ? a.c : undefined;
}

/** ⌊(last − first)/step⌋ + 1 when every coefficient of last − first is a multiple of step. */
export function tripCount(first: Affine, last: Affine, step: number): Affine | undefined {
  const diff = sub(last, first);
  if (!diff || diff.terms.some((t) => t.coeff % step !== 0)) return undefined;
  return { c: Math.floor(diff.c / step) + 1, terms: diff.terms.map((t) => ({ sym: t.sym, coeff: t.coeff / step + 0 })) };
}

/**
 * Intervals of the loop indices, outermost first, for deciding the
 * conditions of the convolution (Num1 ≥ q, ub1 ≥ p, ub1 ≥ 1) when they
 * mention indices: inside the loop, the index lies between the first value
 * and the last one. Symbols are unbounded.
 */
export class IndexRanges {
  private readonly ranges = new Map<number, [number, number]>();

  constructor(levels: readonly LevelBounds[]) {
    for (const l of levels) {
      const f = this.bounds(l.first);
      const u = this.bounds(l.ub);
      const fmin = f.min ?? -Infinity;
      const fmax = f.max ?? Infinity;
      const reach = u.max === undefined ? Infinity : Math.max(0, u.max - 1);
      const span = l.step * reach;
      this.ranges.set(l.index.id, l.step > 0 ? [fmin, fmax + span] : [fmin + span, fmax]);
    }
  }

  bounds(a: Affine): Bounds {
    let lo = a.c;
    let hi = a.c;
    for (const t of a.terms) {
      const r = this.ranges.get(t.sym.id) ?? [-Infinity, Infinity];
      const x = t.coeff * r[0];
      const y = t.coeff * r[1];
      lo += Math.min(x, y);
      hi += Math.max(x, y);
    }
    const out: Bounds = {};
    if (Number.isFinite(lo)) out.min = lo;
    if (Number.isFinite(hi)) out.max = hi;
    return out;
  }
}
