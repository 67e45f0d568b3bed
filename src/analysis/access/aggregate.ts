import type { Sym } from "../../ir/symbol.js";
import { equals, isConstant, sub } from "../symbolic/affine.js";
import type { LoopRef, RefAccess } from "./analyze-access.js";
import { meetAccuracy, type AccessPattern } from "./pattern.js";

/**
 * Aggregation, the operation seed 001 leaves to future work (§2.3, §6):
 * the patterns of several references to one array in one loop combined
 * into one pattern when the union of their regions is regular, as for
 * a(i), a(i+3), a(i+6) of Fig. 3(b) → A(i, 0, 3, 3, 10, MUST)10.
 *
 * Two patterns of the same loop move together when their Velocities are
 * equal; then the union of their regions in iteration t is the union in
 * iteration 1 shifted by Vel·(t − 1), and it is one pattern exactly when
 * that union is an arithmetic progression. Starts must differ by a
 * constant. With constant Nums the union is enumerated (up to a limit);
 * with symbolic Nums only identical regions merge (Conservative: a shift
 * by m strides would need Num ≥ m for every iteration). Otherwise the
 * patterns stay a list.
 */
const ENUMERATION_LIMIT = 4096;

/** The union of two patterns of the same loop as one pattern, or undefined when it is not regular. */
export function mergePatterns(a: AccessPattern, b: AccessPattern): AccessPattern | undefined {
  return unionOf([a, b]);
}

function sameMotion(a: AccessPattern, b: AccessPattern): boolean {
  return a.var.id === b.var.id && a.velocity === b.velocity && a.step === b.step && equals(a.ub, b.ub) && equals(a.first, b.first);
}

/** The union of patterns moving together, when it is one arithmetic progression. */
function unionOf(ps: readonly AccessPattern[]): AccessPattern | undefined {
  const a = ps[0]!;
  const shifts: number[] = [];
  for (const p of ps) {
    if (!sameMotion(a, p)) return undefined;
    const diff = sub(p.start, a.start);
    if (!diff || !isConstant(diff)) return undefined;
    shifts.push(diff.c);
  }
  const accuracy = ps.reduce((acc, p) => meetAccuracy(acc, p.accuracy), a.accuracy);
  if (ps.every((p) => isConstant(p.num))) {
    if (ps.reduce((n, p) => n + Math.max(0, p.num.c), 0) > ENUMERATION_LIMIT) return undefined;
    const set = new Set<number>();
    ps.forEach((p, i) => {
      for (let k = 0; k < p.num.c; k++) set.add(shifts[i]! + p.stride * k);
    });
    if (set.size === 0) return { ...a, accuracy };
    const xs = [...set].sort((x, y) => x - y);
    const stride = xs.length > 1 ? xs[1]! - xs[0]! : 1;
    for (let k = 2; k < xs.length; k++) if (xs[k]! - xs[k - 1]! !== stride) return undefined;
    return { ...a, start: { c: a.start.c + xs[0]!, terms: a.start.terms }, stride, num: { c: xs.length, terms: [] }, accuracy };
  }
  // Symbolic Nums: only the same region twice (a(i) read and written, say).
  if (ps.every((p, i) => shifts[i] === 0 && p.stride === a.stride && equals(p.num, a.num))) return { ...a, accuracy };
  return undefined;
}

/** §6 aggregation: one pattern when the whole union is regular, else the pairwise merges that are. */
export function aggregatePatterns(patterns: readonly AccessPattern[]): AccessPattern[] {
  if (patterns.length === 0) return [];
  // The whole union first: pairwise merging can miss one regular only as a whole ({0,4} ∪ {1,3} ∪ {2}).
  const all = unionOf(patterns);
  if (all) return [all];
  let list = [...patterns];
  for (let changed = true; changed && list.length > 1; ) {
    changed = false;
    outer: for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const m = mergePatterns(list[i]!, list[j]!);
        if (m) {
          list = [...list.slice(0, i), m, ...list.slice(i + 1, j), ...list.slice(j + 1)];
          changed = true;
          break outer;
        }
      }
  }
  return list;
}

export type AggregateRole = "write" | "read";

export interface AggregateGroup {
  loop: LoopRef;
  array: Sym;
  role: AggregateRole;
  /** References to the array in the loop whose pattern reached it. */
  refs: RefAccess[];
  /** References to the array in the loop (same role) with no pattern at this loop. */
  missing: RefAccess[];
  /** One pattern when the union is regular, else several. */
  patterns: AccessPattern[];
}

/** Writes and reads are aggregated apart (a pipelined pair needs the predecessor's writes and the successor's reads). */
function rolesOf(r: RefAccess): AggregateRole[] {
  return r.role === "read" ? ["read"] : r.role === "write" ? ["write"] : ["write", "read"];
}

/** Groups the references of one procedure by loop, array and role, and aggregates each group of two or more. */
export function aggregateByLoop(refs: readonly RefAccess[]): AggregateGroup[] {
  const groups = new Map<string, AggregateGroup & { found: AccessPattern[] }>();
  for (const r of refs)
    r.loops.forEach((loop, m) => {
      const level = r.levels.find((l) => l.loop === m);
      for (const role of rolesOf(r)) {
        const key = `${loop.key} ${r.array.id} ${role}`;
        let g = groups.get(key);
        if (!g) groups.set(key, (g = { loop, array: r.array, role, refs: [], missing: [], patterns: [], found: [] }));
        if (level) {
          g.refs.push(r);
          g.found.push(level.pattern);
        } else g.missing.push(r);
      }
    });
  const out: AggregateGroup[] = [];
  for (const { found, ...g } of groups.values()) {
    if (g.refs.length < 2) continue;
    g.patterns = aggregatePatterns(found);
    out.push(g);
  }
  return out;
}
