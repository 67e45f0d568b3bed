/**
 * Reachability modulo M: can Σ s_i ρ_i (0 ≤ ρ_i ≤ c_i) be ≡ t (mod M)?
 *
 * This is the argument behind condition 4 of seed 000 §3.1, made general:
 * if every step of the other parts (and every symbolic part of t) is a
 * multiple of M, those parts vanish modulo M, and when the remaining parts
 * cannot produce t's residue, no choice of the other parts helps either.
 * It is what proves emptiness with symbolic lower bounds (the FTRVMT sets
 * of §3.2, whose difference has the lower bound -25799 - 25800X) and gives
 * an exact "no" for constant sets too large to search.
 *
 * Exact. The table has M cells; a part whose count covers its whole cycle
 * (c ≥ M/gcd(s, M) - 1) closes the table under its subgroup in one pass, the
 * others are split in binary (1, 2, 4, ..., rest). Cost O(M · Σ_i log c_i),
 * refused (undefined) when above the budget.
 */
import { gcd, modPos, mulMod } from "./integers.js";
import type { Part } from "./combination.js";

/**
 * Whether some ρ gives Σ step_i ρ_i ≡ target (mod modulus), the residue form
 * of condition 4 (§3.1); undefined when the table would cost more than
 * `budget` cell updates.
 */
export function residueReachable(target: number, parts: readonly Part[], modulus: number, budget: number): boolean | undefined {
  const M = modulus;
  if (!Number.isSafeInteger(M) || M < 1) throw new RangeError(`bad modulus ${M}`);
  if (M === 1) return true;
  let cost = 0;
  for (const p of parts) {
    const s = modPos(p.step, M);
    if (s === 0 || p.count === 0) continue;
    const period = M / gcd(s, M);
    cost += M * (p.count >= period - 1 ? 1 : Math.ceil(Math.log2(p.count + 1)));
  }
  if (cost > budget) return undefined; // Conservative: no answer rather than a table too large
  let reach = new Uint8Array(M);
  reach[0] = 1;
  for (const p of parts) {
    const s = modPos(p.step, M);
    if (s === 0 || p.count === 0) continue;
    const g = gcd(s, M);
    if (p.count >= M / g - 1) {
      // ρ runs through a whole cycle: the multiples of s mod M are the multiples of g.
      const cls = new Uint8Array(g);
      for (let r = 0; r < M; r++) if (reach[r]) cls[r % g] = 1;
      for (let r = 0; r < M; r++) reach[r] = cls[r % g]!;
      continue;
    }
    let left = p.count;
    for (let k = 1; left > 0; k *= 2) {
      const take = Math.min(k, left);
      left -= take;
      const w = mulMod(s, take, M);
      const next = reach.slice();
      for (let r = 0; r < M; r++) if (reach[r]) next[(r + w) % M] = 1;
      reach = next;
    }
  }
  return reach[modPos(target, M)] === 1;
}
