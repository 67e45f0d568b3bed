/**
 * Sets of integers as a union of disjoint closed intervals whose ends may
 * be infinite: the value of one range fact. Seed 003 §4 combines range
 * facts with "or" (joins, and the backward move of §4's `1 ≤ V ≤ 10 or
 * V ≥ 100` example) and "and" (branch conditions); §7 warns that the
 * disjunctions can grow without bound, so a set keeps at most MAX_PARTS
 * intervals and fills its smallest gaps beyond that (a superset: sound).
 *
 * Ends are safe integers or ±Infinity. Arithmetic whose result leaves the
 * safe range rounds outward (a finite end beyond 2^53 becomes infinite),
 * so every operation returns a superset of the exact result. Machine
 * overflow of the program's own integers is not modelled: seed 003
 * assumes a program without run-time errors, and overflow is one.
 */
export interface Interval {
  readonly lo: number;
  readonly hi: number;
}

export const MAX_PARTS = 4;

const SAFE = Number.MAX_SAFE_INTEGER;

/** Outward rounding of an end: lower ends go down, upper ends go up. */
function lowEnd(x: number): number {
  if (Number.isNaN(x)) return -Infinity;
  if (x < -SAFE) return -Infinity;
  return x > SAFE ? SAFE : Math.floor(x);
}
function highEnd(x: number): number {
  if (Number.isNaN(x)) return Infinity;
  if (x > SAFE) return Infinity;
  return x < -SAFE ? -SAFE : Math.ceil(x);
}

export class IntSet {
  private constructor(readonly parts: readonly Interval[]) {}

  static readonly EMPTY = new IntSet([]);
  static readonly ALL = new IntSet([{ lo: -Infinity, hi: Infinity }]);

  /** [lo, hi] (empty when lo > hi); ends are rounded outward to integers. */
  static range(lo: number, hi: number): IntSet {
    const l = lowEnd(lo);
    const h = highEnd(hi);
    return l > h ? IntSet.EMPTY : new IntSet([{ lo: l, hi: h }]);
  }

  static point(v: number): IntSet {
    return IntSet.range(v, v);
  }

  static atLeast(lo: number): IntSet {
    return IntSet.range(lo, Infinity);
  }

  static atMost(hi: number): IntSet {
    return IntSet.range(-Infinity, hi);
  }

  /** Normalizes any list of intervals: sorted, merged when they overlap or touch, capped. */
  static of(list: readonly Interval[]): IntSet {
    // Fast path: most sets in real programs are one interval (measured on NPB, this is the hot spot).
    if (list.length === 0) return IntSet.EMPTY;
    if (list.length === 1) {
      const r = IntSet.range(list[0]!.lo, list[0]!.hi);
      return r.parts.length === 1 && r.parts[0]!.lo === -Infinity && r.parts[0]!.hi === Infinity ? IntSet.ALL : r;
    }
    // Two intervals (a join of two one-interval sets, most of the rest): the steps below, without their arrays.
    if (list.length === 2) {
      let a: Interval = { lo: lowEnd(list[0]!.lo), hi: highEnd(list[0]!.hi) };
      let b: Interval = { lo: lowEnd(list[1]!.lo), hi: highEnd(list[1]!.hi) };
      if (a.lo > a.hi) return IntSet.capped(b.lo > b.hi ? [] : [b]);
      if (b.lo > b.hi) return IntSet.capped([a]);
      if (b.lo < a.lo) [a, b] = [b, a];
      return IntSet.capped(b.lo <= a.hi + 1 ? [{ lo: a.lo, hi: Math.max(a.hi, b.hi) }] : [a, b]);
    }
    const xs = list
      .map((p) => ({ lo: lowEnd(p.lo), hi: highEnd(p.hi) }))
      .filter((p) => p.lo <= p.hi)
      .sort((a, b) => a.lo - b.lo);
    const out: Interval[] = [];
    for (const p of xs) {
      const last = out[out.length - 1];
      // Integers: [1,3] and [4,5] touch and merge into [1,5].
      if (last && p.lo <= last.hi + 1) out[out.length - 1] = { lo: last.lo, hi: Math.max(last.hi, p.hi) };
      else out.push(p);
    }
    return IntSet.capped(out);
  }

  /** Fills the smallest gaps until at most MAX_PARTS intervals remain (Conservative: a superset). */
  private static capped(parts: Interval[]): IntSet {
    while (parts.length > MAX_PARTS) {
      let best = 0;
      for (let k = 1; k < parts.length - 1; k++) if (parts[k + 1]!.lo - parts[k]!.hi < parts[best + 1]!.lo - parts[best]!.hi) best = k;
      parts.splice(best, 2, { lo: parts[best]!.lo, hi: parts[best + 1]!.hi });
    }
    if (parts.length === 0) return IntSet.EMPTY;
    if (parts.length === 1 && parts[0]!.lo === -Infinity && parts[0]!.hi === Infinity) return IntSet.ALL;
    return new IntSet(parts);
  }

  /** ALL itself for the whole line (sets are compared with isAll, and ALL is returned as such by `of`). */
  private normalAll(): IntSet {
    return this.parts.length === 1 && this.parts[0]!.lo === -Infinity && this.parts[0]!.hi === Infinity ? IntSet.ALL : this;
  }

  isEmpty(): boolean {
    return this.parts.length === 0;
  }

  isAll(): boolean {
    return this.parts.length === 1 && this.parts[0]!.lo === -Infinity && this.parts[0]!.hi === Infinity;
  }

  /** Least element (Infinity when empty). */
  get min(): number {
    return this.parts.length ? this.parts[0]!.lo : Infinity;
  }

  /** Greatest element (-Infinity when empty). */
  get max(): number {
    return this.parts.length ? this.parts[this.parts.length - 1]!.hi : -Infinity;
  }

  /** The single value of a one-point set. */
  get constant(): number | undefined {
    return this.parts.length === 1 && this.parts[0]!.lo === this.parts[0]!.hi ? this.parts[0]!.lo : undefined;
  }

  // Loops, not some/every with a closure (issue 16: the range analysis compares sets at every block it visits).
  has(v: number): boolean {
    for (const p of this.parts) if (p.lo <= v && v <= p.hi) return true;
    return false;
  }

  /** The smallest interval containing the set. */
  hull(): IntSet {
    return this.parts.length <= 1 ? this : IntSet.range(this.min, this.max);
  }

  equals(o: IntSet): boolean {
    if (this === o) return true;
    if (this.parts.length !== o.parts.length) return false;
    for (let k = 0; k < this.parts.length; k++) {
      const p = this.parts[k]!;
      const q = o.parts[k]!;
      if (p.lo !== q.lo || p.hi !== q.hi) return false;
    }
    return true;
  }

  subsetOf(o: IntSet): boolean {
    for (const p of this.parts) {
      let inside = false;
      for (const q of o.parts)
        if (q.lo <= p.lo && p.hi <= q.hi) {
          inside = true;
          break;
        }
      if (!inside) return false;
    }
    return true;
  }

  union(o: IntSet): IntSet {
    if (this.isEmpty() || o.isAll()) return o;
    if (o.isEmpty() || this.isAll()) return this;
    return IntSet.of([...this.parts, ...o.parts]);
  }

  intersect(o: IntSet): IntSet {
    if (this.isAll() || o.isEmpty()) return o;
    if (o.isAll() || this.isEmpty()) return this;
    if (this.parts.length === 1 && o.parts.length === 1) {
      // The common case (one interval each), without the general normalization; the same set.
      const p = this.parts[0]!;
      const q = o.parts[0]!;
      const lo = Math.max(p.lo, q.lo);
      const hi = Math.min(p.hi, q.hi);
      if (lo > hi) return IntSet.EMPTY;
      if (lo === p.lo && hi === p.hi) return this;
      if (lo === q.lo && hi === q.hi) return o;
      return new IntSet([{ lo, hi }]);
    }
    const out: Interval[] = [];
    for (const p of this.parts) {
      for (const q of o.parts) {
        const lo = Math.max(p.lo, q.lo);
        const hi = Math.min(p.hi, q.hi);
        if (lo <= hi) out.push({ lo, hi });
      }
    }
    return IntSet.of(out);
  }

  /**
   * The integers not in the set. Exact when the set is not capped; the
   * complement of a capped set is still a superset of the true complement
   * only if the set was exact, so callers complement conditions, never
   * approximations of values.
   */
  complement(): IntSet {
    const out: Interval[] = [];
    let from = -Infinity;
    for (const p of this.parts) {
      if (p.lo > from) out.push({ lo: from, hi: p.lo - 1 });
      from = p.hi + 1;
    }
    if (from <= Infinity && from !== Infinity) out.push({ lo: from, hi: Infinity });
    return IntSet.of(out);
  }

  /** Applies f to each pair of intervals and unites the results. */
  private pairwise(o: IntSet, f: (a: Interval, b: Interval) => Interval | null): IntSet {
    if (this.isEmpty() || o.isEmpty()) return IntSet.EMPTY;
    const out: Interval[] = [];
    for (const p of this.parts) {
      for (const q of o.parts) {
        const r = f(p, q);
        if (r) out.push(r);
      }
    }
    return IntSet.of(out);
  }

  private each(f: (a: Interval) => Interval | null): IntSet {
    // One interval (most sets): `of` takes a list of one the short way.
    if (this.parts.length === 1) {
      const r = f(this.parts[0]!);
      return r ? IntSet.of([r]) : IntSet.EMPTY;
    }
    const out: Interval[] = [];
    for (const p of this.parts) {
      const r = f(p);
      if (r) out.push(r);
    }
    return IntSet.of(out);
  }

  add(o: IntSet): IntSet {
    if (this.parts.length === 1 && o.parts.length === 1) {
      const p = this.parts[0]!;
      const q = o.parts[0]!;
      return IntSet.range(sum(p.lo, q.lo, -Infinity), sum(p.hi, q.hi, Infinity)).normalAll();
    }
    return this.pairwise(o, (a, b) => ({ lo: sum(a.lo, b.lo, -Infinity), hi: sum(a.hi, b.hi, Infinity) }));
  }

  neg(): IntSet {
    return this.each((a) => ({ lo: -a.hi, hi: -a.lo }));
  }

  sub(o: IntSet): IntSet {
    return this.add(o.neg());
  }

  /** {k·x}; as intervals (the multiples in between are included). */
  scale(k: number): IntSet {
    if (k === 0) return this.isEmpty() ? this : IntSet.point(0);
    return this.each((a) => {
      const x = prod(a.lo, k);
      const y = prod(a.hi, k);
      return { lo: Math.min(x, y), hi: Math.max(x, y) };
    });
  }

  mul(o: IntSet): IntSet {
    return this.pairwise(o, (a, b) => {
      const c = [prod(a.lo, b.lo), prod(a.lo, b.hi), prod(a.hi, b.lo), prod(a.hi, b.hi)];
      return { lo: Math.min(...c), hi: Math.max(...c) };
    });
  }

  /**
   * Integer division truncating toward zero (Fortran and C), by any value
   * of `o` but zero: dividing by zero is a run-time error, which a correct
   * program does not commit. Over a rectangle of one sign of divisor the
   * quotient is monotone in each argument, so its extremes are at corners.
   */
  div(o: IntSet): IntSet {
    const pos = o.intersect(IntSet.atLeast(1));
    const neg = o.intersect(IntSet.atMost(-1));
    const part = (d: IntSet) =>
      this.pairwise(d, (a, b) => {
        const c = [quot(a.lo, b.lo), quot(a.lo, b.hi), quot(a.hi, b.lo), quot(a.hi, b.hi)];
        return { lo: Math.min(...c), hi: Math.max(...c) };
      });
    return part(pos).union(part(neg));
  }

  /**
   * Remainder with the sign of the dividend (Fortran MOD, C %): |r| < |d|
   * and |r| ≤ |x|, r ≥ 0 when x ≥ 0 and r ≤ 0 when x ≤ 0. A dividend
   * within one period of a constant divisor keeps its own values.
   */
  mod(o: IntSet): IntSet {
    const d = o.intersect(IntSet.range(0, 0).complement());
    if (d.isEmpty() || this.isEmpty()) return IntSet.EMPTY;
    const m = Math.max(Math.abs(d.min), Math.abs(d.max)) - 1; // may be Infinity
    const k = d.constant;
    return this.each((a) => {
      if (k !== undefined && a.lo >= 0 && Number.isFinite(a.hi)) {
        const p = Math.abs(k);
        if (Math.floor(a.lo / p) === Math.floor(a.hi / p)) return { lo: a.lo % p, hi: a.hi % p };
      }
      if (k !== undefined && a.hi <= 0 && Number.isFinite(a.lo)) {
        const p = Math.abs(k);
        if (Math.floor(-a.hi / p) === Math.floor(-a.lo / p)) return { lo: -(-a.lo % p), hi: -(-a.hi % p) };
      }
      const lo = a.lo >= 0 ? 0 : Math.max(-m, a.lo);
      const hi = a.hi <= 0 ? 0 : Math.min(m, a.hi);
      return { lo, hi };
    });
  }

  /** {min(x, y)}. */
  min2(o: IntSet): IntSet {
    return this.pairwise(o, (a, b) => ({ lo: Math.min(a.lo, b.lo), hi: Math.min(a.hi, b.hi) }));
  }

  /** {max(x, y)}. */
  max2(o: IntSet): IntSet {
    return this.pairwise(o, (a, b) => ({ lo: Math.max(a.lo, b.lo), hi: Math.max(a.hi, b.hi) }));
  }

  abs(): IntSet {
    return this.each((a) => (a.lo >= 0 ? a : a.hi <= 0 ? { lo: -a.hi, hi: -a.lo } : { lo: 0, hi: Math.max(-a.lo, a.hi) }));
  }

  /**
   * {x : k·x ∈ this}, for k ≠ 0: solving a constraint k·V ∈ S for V
   * (seed 003 §3's ⌈(A_lb - C1)/C0⌉ ≤ V ≤ ⌊(A_ub - C1)/C0⌋, rounding
   * inward since V is an integer; the paper rounds the lower end down,
   * which is sound but loses a value).
   */
  solveScale(k: number): IntSet {
    if (k === 0) throw new Error("solveScale by zero");
    return this.each((a) => {
      const x = a.lo / k;
      const y = a.hi / k;
      const lo = Math.ceil(Math.min(x, y));
      const hi = Math.floor(Math.max(x, y));
      return lo <= hi ? { lo, hi } : null;
    });
  }

  /**
   * Widening (Cousot & Cousot 1977) at loop heads: an end that moved is
   * pushed to the next threshold beyond it (or to infinity), so ascending
   * chains stop. Seed 003 §5's monotonicity rule is the case where only
   * one end moves: a variable that only grows keeps its lower end.
   */
  widen(next: IntSet, thresholds: readonly number[] = []): IntSet {
    if (next.subsetOf(this)) return this;
    if (this.isEmpty()) return next;
    const lo = next.min < this.min ? below(next.min, thresholds) : this.min;
    const hi = next.max > this.max ? above(next.max, thresholds) : this.max;
    return IntSet.range(lo, hi);
  }

  toString(): string {
    if (this.isEmpty()) return "{}";
    return this.parts.map((p) => (p.lo === p.hi ? `{${p.lo}}` : `[${end(p.lo)}, ${end(p.hi)}]`)).join(" ∪ ");
  }
}

function end(x: number): string {
  return x === Infinity ? "+inf" : x === -Infinity ? "-inf" : String(x);
}

function below(x: number, ts: readonly number[]): number {
  let best = -Infinity;
  for (const t of ts) if (t <= x && t > best) best = t;
  return best;
}

function above(x: number, ts: readonly number[]): number {
  let best = Infinity;
  for (const t of ts) if (t >= x && t < best) best = t;
  return best;
}

/** a + b where an infinite operand wins; `inf` decides ∞ + (−∞) (cannot happen for same-side ends). */
function sum(a: number, b: number, inf: number): number {
  const s = a + b;
  return Number.isNaN(s) ? inf : s;
}

/** a·b with 0·∞ = 0 (an end that is 0 times an unbounded one is 0). */
function prod(a: number, b: number): number {
  if (a === 0 || b === 0) return 0;
  return a * b;
}

/** Truncating quotient with infinite operands: ±∞/finite = ±∞, finite/±∞ = 0. */
function quot(a: number, b: number): number {
  if (!Number.isFinite(b)) return Number.isFinite(a) ? 0 : Math.sign(a) * Math.sign(b) * Infinity;
  if (!Number.isFinite(a)) return Math.sign(a) * Math.sign(b) * Infinity;
  return Math.trunc(a / b);
}
