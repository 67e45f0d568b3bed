import { isAffinePoly, polyAdd, polyConst, polyNeg, polyVars, PolyOverflow, type Poly } from "../symbolic/polynomial.js";
import { integerFeasible, type Row } from "./omega.js";
import type { RatAffine } from "./ranges.js";

/**
 * What is known about the symbols of a nest: affine constraints p ≥ 0 over
 * atoms (from IF guards around the references, from the loops having to
 * run for the references to execute at all, and from PARAMETER values,
 * which are folded into constants already). A statement is proved when
 * its negation together with the facts has no integer solution (omega.ts).
 * With no facts only constant statements are proved.
 */
export class Facts {
  constructor(readonly list: readonly Poly[] = []) {}

  private vars: Set<string> | undefined;

  private mentioned(): Set<string> {
    return (this.vars ??= new Set(this.list.flatMap(polyVars)));
  }

  with(more: readonly Poly[]): Facts {
    return more.length === 0 ? this : new Facts([...this.list, ...more]);
  }

  /** Is p ≥ 0 for every integer assignment satisfying the facts? (p affine) */
  proveNonNeg(p: Poly): boolean {
    if (!isAffinePoly(p)) return false;
    if (p.terms.size === 0 || (p.terms.size === 1 && p.terms.has(""))) return (p.terms.get("") ?? 0) >= 0;
    // A variable no fact mentions is free: a form that uses it takes negative values.
    if (this.list.length === 0) return false;
    const known = this.mentioned();
    for (const k of p.terms.keys()) if (k !== "" && !known.has(k)) return false;
    try {
      // ¬(p ≥ 0) ⇔ -p - 1 ≥ 0
      return !this.satisfiable([polyAdd(polyNeg(p), polyConst(-1))]);
    } catch (e) {
      if (e instanceof PolyOverflow) return false;
      throw e;
    }
  }

  /** Is r ≥ 0 provable? (den > 0, so the sign is the numerator's) */
  proveRatNonNeg(r: RatAffine): boolean {
    return this.proveNonNeg(r.num);
  }

  /**
   * Whether facts ∪ extra may have an integer solution ("unknown" counts as
   * satisfiable: Conservative).
   */
  satisfiable(extra: readonly Poly[]): boolean {
    const polys = [...this.list, ...extra].filter(isAffinePoly);
    const names = [...new Set(polys.flatMap(polyVars))];
    const at = new Map(names.map((n, i) => [n, i + 1]));
    const rows: Row[] = polys.map((p) => {
      const r = new Array(names.length + 1).fill(0);
      for (const [k, v] of p.terms) r[k === "" ? 0 : at.get(k)!] = v;
      return r;
    });
    return integerFeasible({ n: names.length, eqs: [], geqs: rows }) !== "infeasible";
  }
}
