import type { LinSys } from "./omega.js";

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
  // Every constraint as c + Σ a_j·x_j ≥ 0 (an equality as two), over the variables it uses: constraint k's
  // terms are at start[k] .. start[k + 1] - 1 of `vars` and `coefs` (one flat list: per-constraint arrays
  // were a twentieth of all the analyzer allocated on NPB UA, issue 16).
  const m = 2 * sys.eqs.length + sys.geqs.length;
  const cs = new Array<number>(m);
  const start = new Int32Array(m + 1);
  const vars: number[] = [];
  const coefs: number[] = [];
  let k0 = 0;
  const add = (r: readonly number[], sign: number) => {
    for (let j = 1; j <= n && j < r.length; j++)
      if (r[j]) {
        vars.push(j);
        coefs.push(sign * r[j]!);
      }
    cs[k0] = sign * r[0]!;
    start[++k0] = vars.length;
  };
  for (const r of sys.eqs) {
    add(r, 1);
    add(r, -1);
  }
  for (const r of sys.geqs) add(r, 1);
  const uses: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let k = 0; k < m; k++) for (let t = start[k]!; t < start[k + 1]!; t++) uses[vars[t]!]!.push(k);
  const lo = new Array<number>(n + 1).fill(-Infinity);
  const hi = new Array<number>(n + 1).fill(Infinity);
  // Changes to the bounds since the search began, to undo a failed choice: variable, old lo, old hi.
  const trail: number[] = [];
  const queued = new Uint8Array(m);
  const queue: number[] = [];
  let work = budget;

  const push = (k: number) => {
    if (!queued[k]) {
      queued[k] = 1;
      queue.push(k);
    }
  };
  /** Tightens bounds from the queued constraints and those their changes touch; false on an empty interval or the budget spent. */
  const propagate = (): boolean => {
    while (queue.length > 0) {
      const k = queue.pop()!;
      queued[k] = 0;
      if (--work < 0) return false;
      const from = start[k]!;
      const to = start[k + 1]!;
      // max of c + Σ a_j·x_j over the bounds, with the terms that are infinite counted apart.
      let max = cs[k]!;
      let infinite = 0;
      let which = -1;
      for (let t = from; t < to; t++) {
        const a = coefs[t]!;
        const v = a > 0 ? a * hi[vars[t]!]! : a * lo[vars[t]!]!;
        if (v === Infinity) {
          infinite++;
          which = t;
        } else max += v;
      }
      if (infinite > 1) continue;
      if (!Number.isSafeInteger(max)) return false;
      for (let t = from; t < to; t++) {
        if (infinite === 1 && t !== which) continue;
        const i = vars[t]!;
        const a = coefs[t]!;
        // a·x_i ≥ -(the rest at its max).
        const rest = infinite === 1 ? max : max - (a > 0 ? a * hi[i]! : a * lo[i]!);
        let changed = false;
        if (a > 0) {
          const b = Math.ceil(-rest / a);
          if (b > lo[i]!) {
            trail.push(i, lo[i]!, hi[i]!);
            lo[i] = b;
            changed = true;
          }
        } else {
          const b = Math.floor(rest / -a);
          if (b < hi[i]!) {
            trail.push(i, lo[i]!, hi[i]!);
            hi[i] = b;
            changed = true;
          }
        }
        if (lo[i]! > hi[i]!) return false;
        if (changed) for (const q of uses[i]!) if (q !== k) push(q);
      }
    }
    return true;
  };
  const undo = (mark: number) => {
    while (trail.length > mark) {
      const h = trail.pop()!;
      const l = trail.pop()!;
      const i = trail.pop()!;
      lo[i] = l;
      hi[i] = h;
    }
    for (const k of queue) queued[k] = 0;
    queue.length = 0;
  };

  for (let k = 0; k < m; k++) push(k);
  if (!propagate()) return null;
  for (let i = 1; i <= n; i++) {
    if (lo[i] === hi[i]) continue;
    const first = Number.isFinite(lo[i]!) ? lo[i]! : Number.isFinite(hi[i]!) ? hi[i]! : 0;
    const second = Number.isFinite(lo[i]!) && Number.isFinite(hi[i]!) ? hi[i]! : null;
    let fixed = false;
    for (const v of second === null ? [first] : [first, second]) {
      const mark = trail.length;
      trail.push(i, lo[i]!, hi[i]!);
      lo[i] = hi[i] = v;
      for (const q of uses[i]!) push(q);
      if (propagate()) {
        fixed = true;
        break;
      }
      undo(mark);
      if (work < 0) return null;
    }
    if (!fixed) return null;
  }
  // The point, checked against every constraint.
  for (let k = 0; k < m; k++) {
    let v = cs[k]!;
    for (let t = start[k]!; t < start[k + 1]!; t++) v += coefs[t]! * lo[vars[t]!]!;
    if (!Number.isSafeInteger(v) || v < 0) return null;
  }
  return lo.slice(1);
}
