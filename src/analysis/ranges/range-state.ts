import { join, sameRange, UNKNOWN, type VarRange } from "./var-range.js";

/**
 * The ranges of the tracked variables at one program point: a map from
 * variable id (the dataflow VarTable's) to its range; a variable absent
 * from the map may hold any value. The analysis copies a state before
 * changing it, so states stored at blocks are never shared mutably.
 */
export class RangeState {
  constructor(private readonly map: Map<number, VarRange> = new Map()) {}

  get(v: number): VarRange {
    return this.map.get(v) ?? UNKNOWN;
  }

  set(v: number, r: VarRange): void {
    if (r.set.isAll()) this.map.delete(v);
    else this.map.set(v, r);
  }

  clone(): RangeState {
    return new RangeState(new Map(this.map));
  }

  entries(): IterableIterator<[number, VarRange]> {
    return this.map.entries();
  }

  /** Some variable has no possible value: the point cannot be reached. */
  isInfeasible(): boolean {
    for (const r of this.map.values()) if (r.set.isEmpty()) return true;
    return false;
  }

  /** The state of either path: a variable keeps a range only if both paths bound it. */
  static join(a: RangeState, b: RangeState): RangeState {
    const out = new Map<number, VarRange>();
    for (const [v, ra] of a.map) {
      const rb = b.map.get(v);
      if (!rb) continue;
      const r = join(ra, rb);
      if (!r.set.isAll()) out.set(v, r);
    }
    return new RangeState(out);
  }

  static equals(a: RangeState, b: RangeState): boolean {
    if (a.map.size !== b.map.size) return false;
    for (const [v, ra] of a.map) {
      const rb = b.map.get(v);
      if (!rb || !sameRange(ra, rb)) return false;
    }
    return true;
  }

  /** Widening of `old` by `next` (int-set.ts), variable by variable. */
  static widen(old: RangeState, next: RangeState, thresholds: readonly number[]): RangeState {
    const out = new Map<number, VarRange>();
    for (const [v, ro] of old.map) {
      const rn = next.map.get(v);
      if (!rn) continue;
      const set = ro.set.widen(rn.set, thresholds);
      if (!set.isAll()) out.set(v, { set, why: rn.why });
    }
    return new RangeState(out);
  }
}
