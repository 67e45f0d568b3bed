import type { Sym } from "../../ir/symbol.js";
import { polyKey, type Poly } from "../symbolic/polynomial.js";
import type { AccessForm } from "./access.js";
import type { AliasKind } from "./alias.js";

/**
 * Keys for the pairs of references of one nest such that two pairs with
 * the same key get the same answer (aliasing, in-bounds facts, equations,
 * problem, solution): the answer is computed once per key. A nest of n
 * references has about n²/2 pairs (NPB BT's compute_rhs: 339 references,
 * 57,000 pairs), mostly alike: u(1,i,j,k) is read in a dozen statements of
 * one loop, and rhs(m,i,j,k) meets u(m,i,j,k) for m = 1..5.
 *
 * Each step of a pair's analysis reads only, of each reference: its array,
 * loops, guards, subscripts (as polynomials) and the reason a subscript is
 * unknown. References equal in all of these (and in kind, read or write)
 * are one class, and a pair's key is its two classes ("K"). Two cases are
 * coarser, under the bounds assumption only (`assumeInBounds`: every
 * dimension is then tested on its own, and nothing about the subscripts
 * but their equations is used):
 *
 * - "S", two references to the same array: the problem depends on the
 *   subscripts only through the equations f_d(I) - g_d(I') = 0, so
 *   subscripts that differ by constants giving the same difference are
 *   alike: u(1,i) against u(2,i) is u(2,i) against u(3,i).
 * - "C", members of one COMMON block with known subscripts: disjoint while
 *   in bounds, whatever the subscripts; only the loops and guards remain.
 */
export class PairKeys {
  private readonly classIds: number[];
  private readonly count: number;
  private readonly form: number[];
  private readonly why: number[];
  /** Per reference and dimension: the subscript's part without its constant (an id) and the constant; null for none. */
  private readonly dims: (({ rest: number; c: number } | null)[] | null)[];

  constructor(
    forms: readonly AccessForm[],
    private readonly assumeInBounds: boolean,
  ) {
    // Arrays by identity: the ids of symbols from different scopes need not differ.
    const syms = new Map<Sym, number>();
    const ids = new Interned();
    const formIds = new Interned();
    const restIds = new Interned();
    const whyIds = new Interned();
    this.classIds = [];
    this.form = [];
    this.why = [];
    this.dims = [];
    for (const f of forms) {
      const r = f.ref;
      let s = syms.get(r.sym);
      if (s === undefined) syms.set(r.sym, (s = syms.size));
      // What a pair assumes of its references is part of its answer: their fits too (AccessForm.fits).
      const loopsGuards = `${r.loops.map((l) => l.id).join(",")}|${f.guards.map(polyKey).join("&")}${f.fits ? `|${f.fits.map(polyKey).join("&")}` : ""}`;
      const dims = f.dims ? f.dims.map((d) => (d ? polyKey(d) : "?")).join(",") : "*";
      this.classIds.push(ids.id(`${s}|${r.kind}|${loopsGuards}|${dims}|${f.why ?? ""}`));
      this.form.push(formIds.id(loopsGuards));
      this.why.push(whyIds.id(`${f.dims ? `${f.dims.length}${r.sym.layout}:${f.dims.map((d) => (d ? "" : "?")).join(",")}` : "*"}|${f.why ?? ""}`));
      this.dims.push(f.dims ? f.dims.map((d) => (d ? split(d, restIds) : null)) : null);
    }
    this.count = ids.size;
  }

  /** The class of reference i: references of one class are alike in everything a pair's key reads (and their kind and array). */
  classOf(i: number): number {
    return this.classIds[i]!;
  }

  /** How many classes there are. */
  get classes(): number {
    return this.count;
  }

  /** The key of the pair (i, j) of references (positions in the nest's list), i ≤ j. */
  key(i: number, j: number, kind: AliasKind, self: boolean): string {
    if (this.assumeInBounds) {
      if (kind === "common" && this.dims[i] && this.dims[j]) return `C${this.form[i]},${this.form[j]}`;
      if (kind === "same") {
        const a = this.dims[i];
        const b = this.dims[j];
        let eqs = "";
        if (a && b) {
          for (let d = 0; d < a.length; d++) {
            const x = a[d];
            const y = b[d];
            const diff = x && y ? x.c - y.c : 0;
            // Conservative: a difference JavaScript cannot hold exactly keeps the pair in its own class.
            if (!Number.isSafeInteger(diff)) return this.classKey(i, j, self);
            eqs += x && y ? `${x.rest}.${y.rest}.${diff};` : ";";
          }
        }
        return `S${self ? 1 : 0}${this.form[i]},${this.form[j]}|${this.why[i]},${this.why[j]}|${eqs}`;
      }
    }
    return this.classKey(i, j, self);
  }

  private classKey(i: number, j: number, self: boolean): string {
    return `K${this.classIds[i]! * this.count + this.classIds[j]!}${self ? "s" : ""}`;
  }
}

/**
 * A subscript as (rest, c) with rest the polynomial without its constant
 * c: the difference of two subscripts, rest_a - rest_b + (c_a - c_b), is
 * then known from the rests and the constants' difference. A subscript
 * with a denominator ((i*i - i)/2) is kept whole (its own rest, c = 0).
 */
function split(p: Poly, ids: Interned): { rest: number; c: number } {
  const c = p.terms.get("");
  if (p.den !== 1 || c === undefined) return { rest: ids.id(polyKey(p)), c: 0 };
  const terms = new Map(p.terms);
  terms.delete("");
  return { rest: ids.id(polyKey({ terms, den: 1 })), c };
}

/** Small integer ids for strings. */
class Interned {
  private readonly ids = new Map<string, number>();
  get size(): number {
    return this.ids.size;
  }
  id(s: string): number {
    let k = this.ids.get(s);
    if (k === undefined) this.ids.set(s, (k = this.ids.size));
    return k;
  }
}
