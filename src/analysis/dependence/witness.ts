import type { LinSys, Row } from "./omega.js";

/**
 * An integer point of a system of linear constraints, when a quick search
 * finds one (issue 16). Most systems the dependence tests give the Omega
 * test (omega.ts) have solutions: the exact test meets a pair's system
 * at each node of the direction-vector hierarchy, and a pair that no test
 * separates (most of a program's pairs) is feasible at every node; the
 * facts' proofs ask whether a statement's negation is satisfiable, which
 * it is whenever the statement does not follow. The Omega test proves
 * feasibility the long way (projections, shadows); a point in hand
 * proves it at once.
 *
 * The search: bounds on every variable by propagation over the
 * constraints (each row bounds each of its variables by the others'
 * bounds), then variables fixed one at a time, each at its least possible
 * value (else its greatest, else 0), propagating after each; a conflict
 * tries the other end of the variable's interval, then gives up. The
 * point is checked against every constraint before it is returned, so a
 * point returned is a solution whatever the search did; null says
 * nothing (the caller asks the Omega test). Never "infeasible": an empty
 * interval only means this search failed.
 */
export function findWitness(sys: LinSys, budget = 2000): number[] | null {
  const n = sys.n;
  const rows: { r: Row; eq: boolean }[] = [...sys.eqs.map((r) => ({ r, eq: true })), ...sys.geqs.map((r) => ({ r, eq: false }))];
  // Rows by variable, for propagating only what a change touches.
  const uses: number[][] = Array.from({ length: n + 1 }, () => []);
  rows.forEach(({ r }, k) => {
    for (let i = 1; i <= n && i < r.length; i++) if (r[i]) uses[i]!.push(k);
  });
  const lo = new Array<number>(n + 1).fill(-Infinity);
  const hi = new Array<number>(n + 1).fill(Infinity);
  let work = budget;

  /** Tightens bounds from the rows in `queue` (and those their changes touch); false on an empty interval or the budget spent. */
  const propagate = (queue: number[]): boolean => {
    const queued = new Uint8Array(rows.length);
    for (const k of queue) queued[k] = 1;
    while (queue.length > 0) {
      if (--work < 0) return false;
      const k = queue.pop()!;
      queued[k] = 0;
      const { r, eq } = rows[k]!;
      // For r ≥ 0 (and -r ≥ 0 for an equality): a_i·x_i ≥ -(c + Σ_{j≠i} a_j·x_j) ≥ -(c + max Σ_{j≠i}).
      for (const sign of eq ? [1, -1] : [1]) {
        let maxAll = sign * r[0]!;
        let infinite = 0;
        for (let j = 1; j <= n; j++) {
          const a = sign * (r[j] ?? 0);
          if (a === 0) continue;
          const m = a > 0 ? a * hi[j]! : a * lo[j]!;
          if (m === Infinity) infinite++;
          else maxAll += m;
        }
        if (infinite > 1) continue;
        for (const i of rowVars(r, n)) {
          const a = sign * r[i]!;
          const mi = a > 0 ? a * hi[i]! : a * lo[i]!;
          if (infinite === 1 && mi !== Infinity) continue;
          const rest = infinite === 1 ? maxAll : maxAll - mi;
          if (!Number.isSafeInteger(rest)) return false;
          // a·x_i + rest ≥ 0.
          let changed = false;
          if (a > 0) {
            const b = Math.ceil(-rest / a);
            if (b > lo[i]!) {
              lo[i] = b;
              changed = true;
            }
          } else {
            const b = Math.floor(rest / -a);
            if (b < hi[i]!) {
              hi[i] = b;
              changed = true;
            }
          }
          if (lo[i]! > hi[i]!) return false;
          if (changed)
            for (const q of uses[i]!)
              if (!queued[q]) {
                queued[q] = 1;
                queue.push(q);
              }
        }
      }
    }
    return true;
  };

  if (!propagate(rows.map((_, k) => k))) return null;
  for (let i = 1; i <= n; i++) {
    if (lo[i] === hi[i]) continue;
    const choices = [lo[i]!, hi[i]!].filter((v) => Number.isFinite(v));
    if (choices.length === 0) choices.push(0);
    let fixed = false;
    for (const v of choices) {
      const saveLo = lo.slice();
      const saveHi = hi.slice();
      lo[i] = hi[i] = v;
      if (propagate([...uses[i]!])) {
        fixed = true;
        break;
      }
      if (work < 0) return null;
      lo.splice(0, lo.length, ...saveLo);
      hi.splice(0, hi.length, ...saveHi);
    }
    if (!fixed) return null;
  }
  const x = lo;
  for (const { r, eq } of rows) {
    let v = r[0]!;
    for (let j = 1; j <= n && j < r.length; j++) if (r[j]) v += r[j]! * x[j]!;
    if (!Number.isSafeInteger(v) || (eq ? v !== 0 : v < 0)) return null;
  }
  return x.slice(1);
}

function rowVars(r: Row, n: number): number[] {
  const out: number[] = [];
  for (let i = 1; i <= n && i < r.length; i++) if (r[i]) out.push(i);
  return out;
}
