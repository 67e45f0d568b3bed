/**
 * Exact search for multipliers: is t = Σ s_i ρ_i with 0 ≤ ρ_i ≤ c_i
 * solvable, and with which ρ? This is membership in a constant EMI
 * (seed 000 §2.1: x ∈ [l,u]<α:β> iff x - l = Σ α_i ρ_i), a bounded knapsack
 * feasibility problem, NP-hard in general, so the search is exact only
 * within a work budget and says "unknown" beyond it.
 *
 * Order of the checks (each exact):
 *  1. bounds: 0 ≤ t ≤ Σ s_i c_i;
 *  2. divisibility: gcd(s) | t (the GCD test; condition 2 of §3.1);
 *  3. degree ≤ 2 (after merging equal steps): closed form by the extended
 *     Euclidean algorithm, O(log s);
 *  4. otherwise the cheaper of
 *     - enumeration of all but the two largest-count parts, each leaf solved
 *       by step 3: Π (c_i + 1) leaves over the enumerated parts, pruned by
 *       the remaining range;
 *     - a dynamic program over the values 0..t (binary splitting of counts):
 *       t · Σ ⌈log2(c_i + 1)⌉ bit operations, t + 1 bytes + 4(t + 1) bytes;
 *     when both exceed the budget the answer is "unknown".
 * Negative steps are flipped first (ρ' = c - ρ), and t is replaced by
 * Σ s_i c_i - t when that is smaller (the complement has the same answer).
 */
import { addInt, assertInt, ceilDiv, floorDiv, gcd, modInverse, modPos, mulInt, mulMod, subInt } from "./integers.js";

export interface Part {
  /** Any integer; negative steps are allowed. */
  readonly step: number;
  /** A non-negative integer. */
  readonly count: number;
}

/** Which check decided: bounds, gcd, closed form, enumeration, table. */
export type SearchMethod = "bounds" | "gcd" | "closed-form" | "enumeration" | "table";

export type CombinationResult =
  /** rho[i] is the multiplier of parts[i]; Σ step·rho = target. */
  | { kind: "found"; rho: number[]; via: SearchMethod }
  | { kind: "none"; reason: string; via: SearchMethod }
  | { kind: "unknown"; reason: string };

/** Default work budget (leaves visited or table updates) per §2.1 membership question. */
export const DEFAULT_BUDGET = 2_000_000;

/**
 * Membership in a degree-2 EMI (§2.1): solves a·x + b·y = t with
 * 0 ≤ x ≤ A, 0 ≤ y ≤ B (a, b > 0), or undefined.
 * All solutions are x = x0 + k·b/g; we take the least x in the window where
 * both x and y are in range. O(log b).
 */
export function solvePair(t: number, a: number, A: number, b: number, B: number): [number, number] | undefined {
  const g = gcd(a, b);
  if (t % g !== 0) return undefined;
  const bg = b / g;
  const lo = Math.max(0, ceilDiv(subInt(t, mulInt(b, B)), a));
  const hi = Math.min(A, floorDiv(t, a));
  if (lo > hi) return undefined;
  const r0 = bg === 1 ? 0 : mulMod(modPos(t / g, bg), modInverse(modPos(a / g, bg), bg), bg);
  const x = lo + modPos(r0 - modPos(lo, bg), bg);
  if (x > hi) return undefined;
  return [x, (t - a * x) / b];
}

interface Item {
  step: number;
  count: number;
  members: number[];
}

/**
 * Membership in a constant EMI (§2.1 definition): finds ρ with
 * Σ parts[i].step·ρ_i = target and 0 ≤ ρ_i ≤ parts[i].count, or proves there
 * is none, within `budget` units of work (see the file comment).
 */
export function findCombination(target: number, parts: readonly Part[], budget = DEFAULT_BUDGET): CombinationResult {
  assertInt(target, "target");
  const rho = parts.map(() => 0);
  let t = target;
  // Flip negative steps: s·ρ = s·c - s·(c - ρ) = -|s|c + |s|ρ'.
  const flipped = parts.map((p) => p.step < 0);
  const byStep = new Map<number, Item>();
  let total = 0;
  parts.forEach((p, i) => {
    assertInt(p.count, "count");
    if (p.count < 0) throw new RangeError("negative count");
    let s = assertInt(p.step, "step");
    if (s < 0) {
      s = -s;
      t = addInt(t, mulInt(s, p.count));
    }
    if (s === 0 || p.count === 0) return;
    total = addInt(total, mulInt(s, p.count));
    const it = byStep.get(s);
    if (it) {
      it.count = addInt(it.count, p.count);
      it.members.push(i);
    } else byStep.set(s, { step: s, count: p.count, members: [i] });
  });
  const finish = (itemRho: Map<Item, number>, complement: boolean, via: SearchMethod): CombinationResult => {
    for (const it of byStep.values()) {
      let r = itemRho.get(it) ?? 0;
      if (complement) r = it.count - r;
      for (const i of it.members) {
        const take = Math.min(r, parts[i]!.count);
        rho[i] = take;
        r -= take;
      }
    }
    parts.forEach((p, i) => {
      if (flipped[i]) rho[i] = p.count - rho[i]!;
    });
    return { kind: "found", rho, via };
  };
  if (t < 0 || t > total) return { kind: "none", reason: `${t} is outside the range 0..${total} of the sums`, via: "bounds" };
  const items = [...byStep.values()];
  const g = items.reduce((acc, it) => gcd(acc, it.step), 0);
  if (g === 0) return finish(new Map(), false, "bounds"); // t = 0 = total here
  if (t % g !== 0) return { kind: "none", reason: `the gcd ${g} of the steps does not divide ${t}`, via: "gcd" };
  // Solve the complement when it is smaller: Σ s(c - ρ) = total - t.
  const complement = total - t < t;
  if (complement) t = total - t;
  const found = (m: Map<Item, number>, via: SearchMethod) => finish(m, complement, via);

  if (items.length === 1) {
    const it = items[0]!;
    return t % it.step === 0 && t / it.step <= it.count
      ? found(new Map([[it, t / it.step]]), "closed-form")
      : { kind: "none", reason: `${t} is not ${it.step}·ρ with ρ in 0..${it.count}`, via: "closed-form" };
  }
  // Enumerate all but the two parts of largest count; solve those in closed form.
  const sorted = [...items].sort((x, y) => y.count - x.count);
  const [p, q] = [sorted[0]!, sorted[1]!];
  const rest = sorted.slice(2).sort((x, y) => y.step - x.step);
  if (rest.length === 0) return enumerate(t, p, q, rest, Infinity, found); // closed form: O(log), never over budget
  let leaves = 1;
  for (const it of rest) leaves = Math.min(leaves * (it.count + 1), Number.MAX_SAFE_INTEGER);
  const bins = items.reduce((acc, it) => acc + Math.ceil(Math.log2(it.count + 1)), 0);
  const dpCost = (t / g + 1) * bins;
  if (leaves <= budget && leaves <= dpCost) {
    const r = enumerate(t, p, q, rest, budget, found);
    if (r.kind !== "unknown" || dpCost > budget) return r;
  }
  if (dpCost <= budget) return dynamic(t, g, items, found);
  // Conservative: both exact methods would pass the budget; callers read "unknown" as "maybe".
  return {
    kind: "unknown",
    reason: `search budget ${budget} exceeded (${leaves} combinations or ${dpCost} table updates)`,
  };
}

function enumerate(
  t: number,
  p: Item,
  q: Item,
  rest: Item[],
  budget: number,
  found: (m: Map<Item, number>, via: SearchMethod) => CombinationResult,
): CombinationResult {
  // suffix[k]: the largest sum of rest[k..] plus the pair, for pruning.
  const suffix: number[] = new Array(rest.length + 1);
  suffix[rest.length] = p.step * p.count + q.step * q.count;
  for (let k = rest.length - 1; k >= 0; k--) suffix[k] = suffix[k + 1]! + rest[k]!.step * rest[k]!.count;
  const chosen: number[] = new Array(rest.length).fill(0);
  let work = 0;
  const go = (k: number, r: number): [number, number] | undefined | "budget" => {
    if (++work > budget) return "budget";
    if (r < 0 || r > suffix[k]!) return undefined;
    if (k === rest.length) return solvePair(r, p.step, p.count, q.step, q.count);
    const it = rest[k]!;
    const top = Math.min(it.count, Math.floor(r / it.step));
    for (let x = 0; x <= top; x++) {
      chosen[k] = x;
      const sub = go(k + 1, r - x * it.step);
      if (sub !== undefined) return sub;
    }
    return undefined;
  };
  const res = go(0, t);
  // Conservative: pruning did not keep the enumeration within the budget.
  if (res === "budget") return { kind: "unknown", reason: `search budget ${budget} exceeded` };
  const via: SearchMethod = rest.length === 0 ? "closed-form" : "enumeration";
  if (res === undefined) {
    return {
      kind: "none",
      reason: rest.length === 0 ? "the two-step equation has no solution in range" : "no combination of the steps reaches it (exhaustive search)",
      via,
    };
  }
  const m = new Map<Item, number>([
    [p, res[0]],
    [q, res[1]],
  ]);
  rest.forEach((it, k) => m.set(it, chosen[k]!));
  return found(m, via);
}

function dynamic(
  t: number,
  g: number,
  items: Item[],
  found: (m: Map<Item, number>, via: SearchMethod) => CombinationResult,
): CombinationResult {
  const T = t / g;
  // Binary splitting: counts 1, 2, 4, ..., remainder reach exactly 0..c.
  const binStep: number[] = [];
  const binMult: number[] = [];
  const binItem: number[] = [];
  items.forEach((it, idx) => {
    let left = it.count;
    for (let k = 1; left > 0; k *= 2) {
      const take = Math.min(k, left);
      binStep.push((it.step / g) * take);
      binMult.push(take);
      binItem.push(idx);
      left -= take;
    }
  });
  const reach = new Uint8Array(T + 1);
  const who = new Int32Array(T + 1).fill(-1);
  reach[0] = 1;
  for (let b = 0; b < binStep.length && !reach[T]; b++) {
    const w = binStep[b]!;
    // Downwards, so that reach[v - w] still means "without bin b".
    for (let v = T; v >= w; v--) {
      if (!reach[v] && reach[v - w]) {
        reach[v] = 1;
        who[v] = b;
      }
    }
  }
  if (!reach[T]) return { kind: "none", reason: "no combination of the steps reaches it (exhaustive table)", via: "table" };
  const m = new Map<Item, number>();
  for (let v = T; v > 0; ) {
    const b = who[v]!;
    const it = items[binItem[b]!]!;
    m.set(it, (m.get(it) ?? 0) + binMult[b]!);
    v -= binStep[b]!;
  }
  return found(m, "table");
}
