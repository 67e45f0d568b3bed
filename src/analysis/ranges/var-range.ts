import { IntSet } from "./int-set.js";

/**
 * Where a range came from, for the report: "which fact made this loop
 * parallel" (issue 7 §5). Only the sources a user would want to check are
 * recorded: declared array bounds (seed 003 §3), the all-iterations form
 * of §3, facts moved back to a definition (§4), branch conditions, and
 * the value every call gives a dummy (run-constants.ts).
 * Constants, PARAMETERs and assignments carry the sources of the values
 * they were computed from.
 */
export type SourceKind = "bounds" | "all-iterations" | "anticipated" | "condition" | "calls";

export interface RangeSource {
  id: number;
  kind: SourceKind;
  /** e.g. "a(v + i + 1, v) at line 6 (declared a(100, 100)), for every i = 1..50". */
  text: string;
  line: number;
}

/** The sources of one procedure's analysis, numbered in order of creation. */
export class SourceTable {
  readonly list: RangeSource[] = [];
  private readonly byKey = new Map<string, number>();

  /** The id of a source, created on first use (the same text at the same line is one source). */
  add(kind: SourceKind, text: string, line: number): number {
    const key = `${kind}|${line}|${text}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const id = this.list.length;
    this.list.push({ id, kind, text, line });
    this.byKey.set(key, id);
    return id;
  }

  get(id: number): RangeSource {
    return this.list[id]!;
  }
}

/** How many sources a range remembers; beyond that the oldest are dropped (they only explain). */
const MAX_WHY = 6;

/**
 * The range of one variable at one point, with the sources that narrowed
 * it. The sources of each end are kept apart (`lo`, `hi`), so a fact that
 * moves one end replaces what explained that end before: the report cites
 * the facts that give the range its final ends, not every fact met.
 */
export interface VarRange {
  readonly set: IntSet;
  /** Source ids of both ends, ascending. */
  readonly why: readonly number[];
  /** Sources of the lower / upper end when they differ from `why`. */
  readonly lo?: readonly number[];
  readonly hi?: readonly number[];
}

export const UNKNOWN: VarRange = { set: IntSet.ALL, why: [] };

export function known(set: IntSet, why: readonly number[] = []): VarRange {
  return set.isAll() ? UNKNOWN : { set, why };
}

export function mergeWhy(a: readonly number[], b: readonly number[]): readonly number[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  // The lists this makes are increasing, as are one-element ones: merged in one pass, not through a Set
  // and a sort (issue 16: the range analysis merges sources at every join and narrowing).
  const out = increasing(a) && increasing(b) ? mergeIncreasing(a, b) : [...new Set([...a, ...b])].sort((x, y) => x - y);
  return out.length > MAX_WHY ? out.slice(out.length - MAX_WHY) : out;
}

function increasing(a: readonly number[]): boolean {
  for (let i = 1; i < a.length; i++) if (!(a[i - 1]! < a[i]!)) return false;
  return true;
}

/** The union of two increasing lists, increasing. */
function mergeIncreasing(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x <= y) i++;
    if (y <= x) j++;
    out.push(x <= y ? x : y);
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

const loWhy = (r: VarRange) => r.lo ?? r.why;
const hiWhy = (r: VarRange) => r.hi ?? r.why;

function withEnds(set: IntSet, lo: readonly number[], hi: readonly number[]): VarRange {
  if (set.isAll()) return UNKNOWN;
  const why = mergeWhy(lo, hi);
  return lo === hi || (lo.length === why.length && hi.length === why.length) ? { set, why } : { set, why, lo, hi };
}

/** Both ranges hold: the intersection; an end `set` moved is explained by `why`. */
export function narrow(r: VarRange, set: IntSet, why: readonly number[]): VarRange {
  return meet(r, { set, why });
}

/** Both ranges hold: each end of the intersection is explained by the range that gave it. */
export function meet(a: VarRange, b: VarRange): VarRange {
  if (b.set.isAll()) return a;
  if (a.set.isAll()) return b;
  const s = a.set.intersect(b.set);
  if (s.equals(a.set)) return a;
  if (s.isEmpty()) return { set: s, why: mergeWhy(a.why, b.why) };
  const lo = s.min === a.set.min ? (s.min === b.set.min ? mergeWhy(loWhy(a), loWhy(b)) : loWhy(a)) : loWhy(b);
  const hi = s.max === a.set.max ? (s.max === b.set.max ? mergeWhy(hiWhy(a), hiWhy(b)) : hiWhy(a)) : hiWhy(b);
  return withEnds(s, lo, hi);
}

/** Either range holds (a join of paths): each end comes from the range that reaches further. */
export function join(a: VarRange, b: VarRange): VarRange {
  if (a === b) return a;
  if (a.set.isEmpty()) return b;
  if (b.set.isEmpty()) return a;
  const s = a.set.union(b.set);
  if (s.isAll()) return UNKNOWN;
  const lo = a.set.min === b.set.min ? mergeWhy(loWhy(a), loWhy(b)) : a.set.min < b.set.min ? loWhy(a) : loWhy(b);
  const hi = a.set.max === b.set.max ? mergeWhy(hiWhy(a), hiWhy(b)) : a.set.max > b.set.max ? hiWhy(a) : hiWhy(b);
  return withEnds(s, s.min === -Infinity ? [] : lo, s.max === Infinity ? [] : hi);
}

export function sameRange(a: VarRange, b: VarRange): boolean {
  return a === b || a.set.equals(b.set);
}

/** The same set and the same sources (sameRange compares the sets only): what is computed from the two is the same. */
export function identicalRange(a: VarRange, b: VarRange): boolean {
  return a === b || (a.set.equals(b.set) && sameIds(a.why, b.why) && sameIds(a.lo, b.lo) && sameIds(a.hi, b.hi));
}

function sameIds(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
