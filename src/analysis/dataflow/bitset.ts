/**
 * Fixed-size bit vectors over a Uint32Array: the sets of reaching
 * definitions, exposed uses and variables that the dataflow equations of
 * seed 002 (Kanada & Ishida, §2–§3: "these sets can be computed efficiently
 * as bit vectors") are written over.
 *
 * Every binary operation requires both operands to have the same size (the
 * universe of one problem); it is checked once per call, not per word. The
 * in-place operations return whether the receiver changed, which is what an
 * iterative solver needs to detect its fixed point without a second compare.
 */
export class BitSet {
  readonly words: Uint32Array;

  constructor(
    /** Number of elements in the universe: valid members are 0 .. size-1. */
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static of(size: number, members: Iterable<number>): BitSet {
    const s = new BitSet(size);
    for (const m of members) s.add(m);
    return s;
  }

  /** The set of every element 0 .. size-1 (the top of an intersection problem). */
  static full(size: number): BitSet {
    const s = new BitSet(size);
    s.fill();
    return s;
  }

  clone(): BitSet {
    return new BitSet(this.size, this.words.slice());
  }

  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  add(i: number): void {
    this.check(i);
    this.words[i >>> 5]! |= 1 << (i & 31);
  }

  delete(i: number): void {
    this.check(i);
    this.words[i >>> 5]! &= ~(1 << (i & 31));
  }

  clear(): void {
    this.words.fill(0);
  }

  /** Adds every element of the universe (and nothing past `size`). */
  fill(): void {
    this.words.fill(0xffffffff);
    const rest = this.size & 31;
    if (rest && this.words.length) this.words[this.words.length - 1] = (1 << rest) - 1;
  }

  /** Adds lo .. hi-1. */
  addRange(lo: number, hi: number): void {
    for (let i = lo; i < hi && (i & 31) !== 0; i++) this.add(i);
    let i = lo + ((32 - (lo & 31)) & 31);
    for (; i + 32 <= hi; i += 32) this.words[i >>> 5] = 0xffffffff;
    for (; i < hi; i++) this.add(i);
  }

  /** Removes lo .. hi-1: the kill of every reference of one variable when references are numbered by variable. */
  deleteRange(lo: number, hi: number): void {
    if (hi <= lo) return;
    const w = this.words;
    const lw = lo >>> 5;
    const hw = (hi - 1) >>> 5;
    const lmask = ~0 << (lo & 31);
    const hmask = ~0 >>> (31 - ((hi - 1) & 31));
    if (lw === hw) {
      w[lw]! &= ~(lmask & hmask);
      return;
    }
    w[lw]! &= ~lmask;
    for (let k = lw + 1; k < hw; k++) w[k] = 0;
    w[hw]! &= ~hmask;
  }

  /** Whether any element of lo .. hi-1 is present. */
  anyInRange(lo: number, hi: number): boolean {
    const i = this.nextSetBit(lo);
    return i >= 0 && i < hi;
  }

  copyFrom(o: BitSet): void {
    this.same(o);
    this.words.set(o.words);
  }

  /** this ∪= o; true when this changed. */
  unionWith(o: BitSet): boolean {
    this.same(o);
    const a = this.words;
    const b = o.words;
    let changed = 0;
    for (let k = 0; k < a.length; k++) {
      const v = a[k]! | b[k]!;
      changed |= v ^ a[k]!;
      a[k] = v;
    }
    return changed !== 0;
  }

  /** this ∩= o; true when this changed. */
  intersectWith(o: BitSet): boolean {
    this.same(o);
    const a = this.words;
    const b = o.words;
    let changed = 0;
    for (let k = 0; k < a.length; k++) {
      const v = a[k]! & b[k]!;
      changed |= v ^ a[k]!;
      a[k] = v;
    }
    return changed !== 0;
  }

  /** this −= o; true when this changed. */
  subtract(o: BitSet): boolean {
    this.same(o);
    const a = this.words;
    const b = o.words;
    let changed = 0;
    for (let k = 0; k < a.length; k++) {
      const v = a[k]! & ~b[k]!;
      changed |= v ^ a[k]!;
      a[k] = v;
    }
    return changed !== 0;
  }

  /**
   * this := (input − kill) ∪ gen, the transfer function of every gen/kill
   * problem (seed 002 Fig. 3, "NEW := (RIN(b) − RKILL(b)) ∪ RGEN(b)").
   * `gen` may be null for a kill-only transfer. True when this changed.
   */
  assignTransfer(input: BitSet, kill: BitSet, gen: BitSet | null): boolean {
    this.same(input);
    this.same(kill);
    if (gen) this.same(gen);
    const a = this.words;
    const x = input.words;
    const k = kill.words;
    const g = gen?.words;
    let changed = 0;
    for (let i = 0; i < a.length; i++) {
      const v = (x[i]! & ~k[i]!) | (g ? g[i]! : 0);
      changed |= v ^ a[i]!;
      a[i] = v;
    }
    return changed !== 0;
  }

  equals(o: BitSet): boolean {
    if (o.size !== this.size) return false;
    const a = this.words;
    const b = o.words;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
    return true;
  }

  /** Whether this ⊆ o. */
  isSubsetOf(o: BitSet): boolean {
    this.same(o);
    const a = this.words;
    const b = o.words;
    for (let k = 0; k < a.length; k++) if ((a[k]! & ~b[k]!) !== 0) return false;
    return true;
  }

  intersects(o: BitSet): boolean {
    this.same(o);
    const a = this.words;
    const b = o.words;
    for (let k = 0; k < a.length; k++) if ((a[k]! & b[k]!) !== 0) return true;
    return false;
  }

  isEmpty(): boolean {
    const a = this.words;
    for (let k = 0; k < a.length; k++) if (a[k] !== 0) return false;
    return true;
  }

  count(): number {
    let n = 0;
    const a = this.words;
    for (let k = 0; k < a.length; k++) n += popcount(a[k]!);
    return n;
  }

  /** The smallest member ≥ from, or -1. */
  nextSetBit(from: number): number {
    if (from >= this.size) return -1;
    const a = this.words;
    let k = from >>> 5;
    let w = a[k]! & (~0 << (from & 31));
    while (true) {
      if (w !== 0) return (k << 5) + ctz(w);
      if (++k >= a.length) return -1;
      w = a[k]!;
    }
  }

  /** Calls f for each member in increasing order. */
  forEach(f: (i: number) => void): void {
    const a = this.words;
    for (let k = 0; k < a.length; k++) {
      let w = a[k]!;
      while (w !== 0) {
        const t = w & -w;
        f((k << 5) + ctz(w));
        w ^= t;
      }
    }
  }

  toArray(): number[] {
    const out: number[] = [];
    this.forEach((i) => out.push(i));
    return out;
  }

  [Symbol.iterator](): Iterator<number> {
    return this.toArray()[Symbol.iterator]();
  }

  toString(): string {
    return `{${this.toArray().join(", ")}}`;
  }

  private check(i: number): void {
    if (!(i >= 0 && i < this.size) || !Number.isInteger(i)) throw new RangeError(`bit ${i} outside a set of size ${this.size}`);
  }

  private same(o: BitSet): void {
    if (o.size !== this.size) throw new RangeError(`bit sets of sizes ${this.size} and ${o.size} mixed`);
  }
}

/** Number of trailing zero bits of a non-zero 32-bit word. */
function ctz(w: number): number {
  return 31 - Math.clz32(w & -w);
}

function popcount(w: number): number {
  w = w - ((w >>> 1) & 0x55555555);
  w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
  return (((w + (w >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
