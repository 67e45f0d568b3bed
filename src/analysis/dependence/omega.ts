/**
 * Integer feasibility of small systems of linear equalities and
 * inequalities: the core of the Omega test (Pugh, "The Omega test: a fast
 * and practical integer programming algorithm for dependence analysis",
 * Supercomputing 1991, §2-§3; seed 000 ref. [7]).
 *
 *   - Normalization: divide each constraint by the gcd of its coefficients;
 *     an equality whose constant the gcd does not divide has no integer
 *     solution; an inequality's constant is rounded down (tightening).
 *   - Equalities are eliminated exactly: through a coefficient ±1 when there
 *     is one, otherwise with Pugh's symmetric-residue substitution (§2.2),
 *     which introduces a new variable and shrinks the coefficients.
 *   - Inequalities by Fourier-Motzkin: a variable bounded on one side only
 *     is dropped with its constraints; otherwise lower/upper pairs are
 *     combined. When every pair has a coefficient 1 on one side the
 *     projection is exact. Otherwise the real shadow (no integer point if it
 *     is empty), the dark shadow (an integer point if it is not), and, if
 *     they disagree, Pugh's splinters (§3.2).
 *
 * Answers: "infeasible" (proved: no integer solution), "feasible" (proved:
 * there is one), "unknown" (budget exceeded or coefficients too large);
 * dependence tests read "unknown" as "maybe dependent".
 */

/** A constraint c + Σ a_i x_i (= 0 or ≥ 0), stored as [c, a_1, ..., a_n]. */
export type Row = number[];

export interface LinSys {
  /** Number of variables. */
  n: number;
  eqs: Row[];
  geqs: Row[];
}

export type Feasibility = "feasible" | "infeasible" | "unknown";

export interface OmegaOptions {
  /** Work budget in constraint combinations (default 20,000). */
  budget?: number;
  /** Largest number of inequalities at any step (default 300). */
  maxRows?: number;
}

class Budget extends Error {}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

function safe(x: number): number {
  if (!Number.isSafeInteger(x)) throw new Budget();
  return x + 0;
}

/** Integer feasibility of `sys` (see the file comment). */
export function integerFeasible(sys: LinSys, options: OmegaOptions = {}): Feasibility {
  const ctx = { left: options.budget ?? 20000, maxRows: options.maxRows ?? 300 };
  try {
    return solve(sys.n, sys.eqs.map((r) => r.slice()), sys.geqs.map((r) => r.slice()), ctx);
  } catch (e) {
    if (e instanceof Budget) return "unknown"; // Conservative: gave up within the budget
    throw e;
  }
}

type Ctx = { left: number; maxRows: number };

/** Normalizes in place; false when a constraint is unsatisfiable. Constant rows are removed. */
function normalize(rows: Row[], isEq: boolean): Row[] | null {
  const out: Row[] = [];
  for (const r of rows) {
    let g = 0;
    for (let i = 1; i < r.length; i++) g = gcd(g, r[i]!);
    if (g === 0) {
      if (isEq ? r[0] !== 0 : r[0]! < 0) return null;
      continue;
    }
    if (isEq) {
      if (r[0]! % g !== 0) return null;
      if (g > 1) for (let i = 0; i < r.length; i++) r[i] = r[i]! / g + 0;
    } else if (g > 1) {
      r[0] = Math.floor(r[0]! / g);
      for (let i = 1; i < r.length; i++) r[i] = r[i]! / g + 0;
    }
    out.push(r);
  }
  return out;
}

/** Replaces x_k by the affine expression `by` ([c, a_1..a_n], a_k = 0) in every row. */
function substitute(rows: Row[], k: number, by: Row): void {
  for (const r of rows) {
    const a = r[k]!;
    if (a === 0) continue;
    r[k] = 0;
    for (let i = 0; i < r.length; i++) if (i !== k) r[i] = safe(r[i]! + a * by[i]!);
  }
}

function widen(rows: Row[], n: number): void {
  for (const r of rows) while (r.length < n + 1) r.push(0);
}

function modHat(a: number, m: number): number {
  return a - m * Math.floor(a / m + 0.5);
}

function solve(n0: number, eqs0: Row[], geqs0: Row[], ctx: Ctx): Feasibility {
  if (--ctx.left < 0) throw new Budget();
  let n = n0;
  let eqs = normalize(eqs0, true);
  let geqs = normalize(geqs0, false);
  if (!eqs || !geqs) return "infeasible";
  // Equalities.
  while (eqs.length > 0) {
    const e = eqs.pop()!;
    let k = -1;
    for (let i = 1; i <= n; i++) if (Math.abs(e[i]!) === 1) k = i;
    if (k === -1) {
      // Pugh §2.2: m = |a_k| + 1 for the smallest |a_k|; σ is a new variable.
      let best = 0;
      for (let i = 1; i <= n; i++) if (e[i] !== 0 && (best === 0 || Math.abs(e[i]!) < Math.abs(e[best]!))) best = i;
      if (best === 0) continue;
      const m = Math.abs(e[best]!) + 1;
      const sk = Math.sign(e[best]!);
      n += 1;
      widen(eqs, n);
      widen(geqs, n);
      e.push(0);
      // x_best = sk·(Σ_{i≠best} modhat(a_i) x_i + modhat(c) - m σ)
      const by: Row = new Array(n + 1).fill(0);
      by[0] = safe(sk * modHat(e[0]!, m));
      for (let i = 1; i < n; i++) if (i !== best) by[i] = safe(sk * modHat(e[i]!, m));
      by[n] = safe(-sk * m);
      substitute([e], best, by);
      substitute(eqs, best, by);
      substitute(geqs, best, by);
      eqs.push(e);
    } else {
      // x_k = -sign(a_k)·(c + Σ_{i≠k} a_i x_i)
      const s = -Math.sign(e[k]!);
      const by = e.map((v, i) => (i === k ? 0 : safe(s * v)));
      substitute(eqs, k, by);
      substitute(geqs, k, by);
    }
    eqs = normalize(eqs, true);
    geqs = normalize(geqs, false);
    if (!eqs || !geqs) return "infeasible";
  }
  return inequalities(n, geqs, ctx);
}

/** A hash of the coefficients (times `sign`), for finding parallel constraints. */
function hashRow(r: Row, sign: number): number {
  let h = 0;
  for (let i = 1; i < r.length; i++) h = (Math.imul(h, 31) + sign * r[i]!) | 0;
  return h;
}

function sameCoeffs(a: Row, b: Row, sign: number): boolean {
  for (let i = 1; i < a.length; i++) if (a[i] !== sign * b[i]! + 0 && !(a[i] === 0 && b[i] === 0)) return false;
  return true;
}

/** A list of rows (a row holds numbers). */
function isBucket(e: Row | Row[]): e is Row[] {
  return typeof e[0] !== "number";
}

function inequalities(n: number, rows: Row[], ctx: Ctx): Feasibility {
  for (;;) {
    if (rows.length > ctx.maxRows) throw new Budget();
    // Parallel constraints: keep the tightest; opposite ones may contradict or form an equality.
    // Rows by the hash of their coefficients: one row, or (rarely) a list of rows with different coefficients.
    const byKey = new Map<number, Row | Row[]>();
    for (const r of rows) {
      const h = hashRow(r, 1);
      const e = byKey.get(h);
      if (e === undefined) byKey.set(h, r);
      else if (!isBucket(e)) {
        if (!sameCoeffs(e, r, 1)) byKey.set(h, [e, r]);
        else if (r[0]! < e[0]!) byKey.set(h, r);
      } else {
        const i = e.findIndex((x) => sameCoeffs(x, r, 1));
        if (i < 0) e.push(r);
        else if (r[0]! < e[i]![0]!) e[i] = r;
      }
    }
    const kept: Row[] = [];
    for (const e of byKey.values()) {
      if (isBucket(e)) for (const r of e) kept.push(r);
      else kept.push(e);
    }
    rows = kept;
    for (const r of rows) {
      const e = byKey.get(hashRow(r, -1));
      const opp = e === undefined ? undefined : isBucket(e) ? e.find((x) => sameCoeffs(x, r, -1)) : sameCoeffs(e, r, -1) ? e : undefined;
      if (!opp) continue;
      const sum = r[0]! + opp[0]!;
      if (sum < 0) return "infeasible";
      if (sum === 0) {
        // r = 0 exactly: back to equality elimination.
        return solve(n, [r.slice()], rows.filter((x) => x !== r && x !== opp).map((x) => x.slice()), ctx);
      }
    }
    if (rows.length === 0) return "feasible";
    // Variables bounded on one side only can always be satisfied: drop their constraints.
    // Per variable: how many rows bound it from below (coefficient > 0) and above, and how many of those with coefficient exactly ±1.
    const lower = new Int32Array(n + 1);
    const upper = new Int32Array(n + 1);
    const unitLower = new Int32Array(n + 1);
    const unitUpper = new Int32Array(n + 1);
    for (const r of rows)
      for (let i = 1; i <= n; i++) {
        const a = r[i]!;
        if (a > 0) {
          lower[i]++;
          if (a === 1) unitLower[i]++;
        } else if (a < 0) {
          upper[i]++;
          if (a === -1) unitUpper[i]++;
        }
      }
    const oneSided = new Set<number>();
    for (let i = 1; i <= n; i++) if ((lower[i] > 0) !== (upper[i] > 0)) oneSided.add(i);
    if (oneSided.size > 0) {
      rows = rows.filter((r) => ![...oneSided].some((i) => r[i] !== 0));
      continue;
    }
    // Pick the variable to eliminate: exact ones first, then the fewest new rows.
    let pick = -1;
    let pickExact = false;
    let pickCost = Infinity;
    for (let i = 1; i <= n; i++) {
      if (lower[i] === 0) continue;
      const exact = unitLower[i] === lower[i] || unitUpper[i] === upper[i];
      const cost = lower[i]! * upper[i]!;
      if ((exact && !pickExact) || (exact === pickExact && cost < pickCost)) {
        pick = i;
        pickExact = exact;
        pickCost = cost;
      }
    }
    if (pick === -1) return "feasible";
    const x = pick;
    const lo = rows.filter((r) => r[x]! > 0);
    const up = rows.filter((r) => r[x]! < 0);
    const rest = rows.filter((r) => r[x] === 0);
    ctx.left -= lo.length * up.length;
    if (ctx.left < 0) throw new Budget();
    const combine = (dark: boolean): Row[] => {
      const out = rest.map((r) => r.slice());
      for (const l of lo) {
        const a = l[x]!;
        for (const u of up) {
          const b = -u[x]!;
          const r = l.map((v, i) => safe(b * v + a * u[i]!));
          r[x] = 0;
          if (dark) r[0] = safe(r[0]! - (a - 1) * (b - 1));
          out.push(r);
        }
      }
      return out;
    };
    if (pickExact) {
      const next = normalize(combine(false), false);
      if (!next) return "infeasible";
      rows = next;
      continue;
    }
    const realRows = normalize(combine(false), false);
    const real = realRows ? inequalities(n, realRows, ctx) : "infeasible";
    if (real === "infeasible") return "infeasible";
    const darkRows = normalize(combine(true), false);
    if (darkRows) {
      const dark = inequalities(n, darkRows, ctx);
      if (dark === "feasible") return "feasible";
    }
    // Splinters (Pugh §3.2): an integer solution not in the dark shadow lies
    // close to some lower bound: a·x + P = i for 0 ≤ i ≤ (a·bmax - a - bmax)/bmax.
    const bmax = Math.max(...up.map((u) => -u[x]!));
    let unknown = real === "unknown";
    for (const l of lo) {
      const a = l[x]!;
      const top = Math.floor((a * bmax - a - bmax) / bmax);
      for (let i = 0; i <= top; i++) {
        const eq = l.slice();
        eq[0] = safe(eq[0]! - i);
        const r = solve(n, [eq], rows.map((v) => v.slice()), ctx);
        if (r === "feasible") return "feasible";
        if (r === "unknown") unknown = true;
      }
    }
    return unknown ? "unknown" : "infeasible";
  }
}
