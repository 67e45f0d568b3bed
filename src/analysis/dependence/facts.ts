import { isAffinePoly, polyAdd, polyConst, polyKey, polyNeg, polyVars, PolyOverflow, type Poly } from "../symbolic/polynomial.js";
import { integerFeasible, type Row } from "./omega.js";
import { findWitness } from "./witness.js";
import type { RatAffine } from "./ranges.js";

/**
 * What is known about the symbols of a nest: affine constraints p ≥ 0 over
 * atoms (from IF guards around the references, from the loops having to
 * run for the references to execute at all, and from PARAMETER values,
 * which are folded into constants already). A statement is proved when
 * its negation together with the facts has no integer solution (omega.ts).
 * With no facts only constant statements are proved.
 */
const INTERNED = 4096;
const interned = new Map<string, Facts>();

export class Facts {
  constructor(readonly list: readonly Poly[] = []) {}

  /**
   * The facts of `list`, one instance per text: what they prove depends on
   * the polynomials' text alone, and the references of a nest mostly share
   * their guards and loops, so what one reference's facts proved is not
   * proved again for the next (issue 16: NPB BT asked 4,677 feasibility
   * questions, 616 of them different). The table is emptied when it
   * reaches INTERNED entries: memory stays bounded over a long run.
   */
  static of(list: readonly Poly[]): Facts {
    const key = list.map(polyKey).join(";");
    let f = interned.get(key);
    if (!f) {
      if (interned.size >= INTERNED) interned.clear();
      interned.set(key, (f = new Facts(list)));
    }
    return f;
  }

  private vars: Set<string> | undefined;
  /**
   * Answers already given, by the polynomials' text: a problem's facts are
   * asked the same questions at every direction vector of the hierarchy,
   * and each answer costs an integer feasibility test.
   */
  private readonly proved = new Map<string, boolean>();
  private readonly sat = new Map<string, boolean>();
  private readonly extended = new Map<string, Facts>();

  private mentioned(): Set<string> {
    return (this.vars ??= new Set(this.list.flatMap(polyVars)));
  }

  with(more: readonly Poly[]): Facts {
    if (more.length === 0) return this;
    const key = more.map(polyKey).join(";");
    let f = this.extended.get(key);
    if (!f) this.extended.set(key, (f = new Facts([...this.list, ...more])));
    return f;
  }

  /** Is p ≥ 0 for every integer assignment satisfying the facts? (p affine) */
  proveNonNeg(p: Poly): boolean {
    if (!isAffinePoly(p)) return false;
    if (p.terms.size === 0 || (p.terms.size === 1 && p.terms.has(""))) return (p.terms.get("") ?? 0) >= 0;
    // A variable no fact mentions is free: a form that uses it takes negative values.
    if (this.list.length === 0) return false;
    const known = this.mentioned();
    for (const k of p.terms.keys()) if (k !== "" && !known.has(k)) return false;
    const key = polyKey(p);
    let r = this.proved.get(key);
    if (r === undefined) {
      try {
        // ¬(p ≥ 0) ⇔ -p - 1 ≥ 0
        r = !this.satisfiable([polyAdd(polyNeg(p), polyConst(-1))]);
      } catch (e) {
        if (!(e instanceof PolyOverflow)) throw e;
        r = false;
      }
      this.proved.set(key, r);
    }
    return r;
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
    const key = extra.map(polyKey).join(";");
    let r = this.sat.get(key);
    if (r === undefined) this.sat.set(key, (r = this.decide(extra)));
    return r;
  }

  private decide(extra: readonly Poly[]): boolean {
    const polys = [...this.list, ...extra].filter(isAffinePoly);
    const names = [...new Set(polys.flatMap(polyVars))];
    const at = new Map(names.map((n, i) => [n, i + 1]));
    const rows: Row[] = polys.map((p) => {
      const r = new Array(names.length + 1).fill(0);
      for (const [k, v] of p.terms) r[k === "" ? 0 : at.get(k)!] = v;
      return r;
    });
    const sys = { n: names.length, eqs: [], geqs: rows };
    // A solution found at once is the Omega test's "not infeasible" (witness.ts).
    return findWitness(sys) !== null || integerFeasible(sys) !== "infeasible";
  }
}
