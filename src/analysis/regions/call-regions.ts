import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import { Linear, constDifference, formExpr, linearForm } from "../../ir/linear-form.js";
import { exprEquals } from "../../ir/expr-equals.js";
import { complexOf, pointedArgument } from "../../ir/pointed-argument.js";
import type { Procedure } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { libcFunction } from "../../frontend/c/libc.js";
import { passesPointer, reachableArrays } from "../dependence/call-effects.js";
import { memberExtent } from "../summaries/common-layout.js";
import { overlaps, symBytes } from "../summaries/common-layout.js";
import type { ArrayRegions, ProcedureSummary } from "../summaries/summary.js";
import { lazyRegions } from "../summaries/lazy-regions.js";
import { addMay, addMust, anyBox, provedLe, type Box, type Interval } from "./box.js";
import { fixedExpr } from "./project.js";
import { sectionRegions } from "./section-actual.js";
import { offset, plus } from "./offset-expr.js";

/** A call in the caller: its name, actual arguments and position. */
export interface CallSiteRef {
  name: string;
  args: readonly Expr[];
  span: Expr["span"];
  /** A library routine the front end knows (C's libc.ts, a Fortran intrinsic subroutine), not a procedure of the program. */
  intrinsic?: boolean;
}

/**
 * What one call does to the caller's arrays: per array touched, its
 * regions in the caller's index space. `opaque`: it may also touch arrays
 * not listed (a C pointer passed, an unknown callee's reach), every element.
 */
export interface CallRegions {
  arrays: Map<Sym, ArrayRegions>;
  opaque: boolean;
  /**
   * Asked for (`callRegions`' `fitting`): the arrays whose regions hold
   * only while an element actual's storage, as the callee's dummy uses
   * it, stays within the dimension it starts in (`call fill(n, z(2, j, k))`
   * with `y(n)` writes z(2:n+1, j, k) while n + 1 <= n1; past that, the
   * next columns). Each `lo <= hi` must hold at the call; a caller that
   * cannot check them at run time takes every element.
   */
  fits?: Map<Sym, Fit[]>;
}

/** A comparison `lo <= hi` in the caller's terms, at the call. */
export interface Fit {
  lo: Expr;
  hi: Expr;
}

/**
 * The callee's array regions (summaries/array-regions.ts) moved to a call
 * site (seed 004 §1.1 Case 4: "translated at each call through its
 * arguments and COMMON"):
 *
 * - an array dummy receives the actual's storage from the element passed
 *   on (the whole array: from its first element). Its dimensions map onto
 *   the actual's, fastest first (Fortran's first, C's last), when the
 *   dummy's leading extents equal the actual's, the element passed starts
 *   those dimensions, and the dummy's last dimension stays within the
 *   actual's (proved); the actual's slower dimensions are then fixed at
 *   the element's subscripts: `call matvec_sub(lhs(1,1,aa,i), ...)` with
 *   `ablock(5,5)` touches `lhs(1:5, 1:5, aa, i)`. An element past the
 *   first of a leading dimension (`x(bls, 1, k)` for `x(xd1, n)` with
 *   `xd1 = n1 + 1`) moves the rows by that much, while they stay in the
 *   column: a fit the caller proves or checks (`fitting`). Otherwise (a
 *   reshaped dummy whose extent is not known to fit) the dimensions from
 *   the dummy's last one on may be any value.
 * - a COMMON array is the caller's member at the same byte offset with the
 *   same shape; other COMMON storage it touches is touched whole.
 * - bounds in the callee's terms become the caller's: a dummy by its
 *   actual argument, a COMMON scalar by the caller's member at its offset,
 *   named constants by their value.
 *
 * What cannot be moved exactly is widened: a may-region (MOD, USE, EUSE)
 * to more elements, a must-region (DDEF) to fewer (dropped). Without a
 * summary, or with regions missing, every element of what may be touched.
 */
export function callRegions(caller: Procedure, call: CallSiteRef, summary: ProcedureSummary | undefined, assumeBounds = true, fitting = false): CallRegions {
  // One translation per call site, summary and assumption: the walks ask again and again.
  let cached = translations.get(call.args);
  if (!cached) translations.set(call.args, (cached = []));
  const intrinsic = !!call.intrinsic;
  // A loop, not `find` and a closure: every call of callRegions allocated the closure's context.
  for (const c of cached) if (c.caller === caller && c.summary === summary && c.assumeBounds === assumeBounds && c.intrinsic === intrinsic && c.fitting === fitting) return c.result;
  const result = translate(caller, call, summary, assumeBounds, fitting);
  cached.push({ caller, summary, assumeBounds, intrinsic, fitting, result });
  return result;
}

/** Translations of call sites, by the call's argument list (one per IR call node). */
const translations = new WeakMap<readonly Expr[], { caller: Procedure; summary: ProcedureSummary | undefined; assumeBounds: boolean; intrinsic: boolean; fitting: boolean; result: CallRegions }[]>();

function translate(caller: Procedure, call: CallSiteRef, summary: ProcedureSummary | undefined, assumeBounds: boolean, fitting: boolean): CallRegions {
  const out: CallRegions = { arrays: new Map(), opaque: false };
  const merge = (sym: Sym, r: ArrayRegions) => {
    const old = out.arrays.get(sym);
    if (!old) return void out.arrays.set(sym, r);
    out.arrays.set(
      sym,
      lazyRegions(r.mod.reduce(addMay, old.mod), r.use.reduce(addMay, old.use), () => ({
        euse: r.euse.reduce(addMay, old.euse),
        // Two dummies bound to one array: each surely writes its part.
        ddef: r.ddef.reduce(addMust, old.ddef),
        assumed: undefined,
      })),
    );
  };
  const whole = (sym: Sym, mod: boolean, use: boolean, euse = use): ArrayRegions => {
    const n = sym.dims.length === 0 && sym.type.base !== "pointer" ? 0 : Math.max(1, sym.dims.length);
    return { mod: mod ? [anyBox(n)] : [], use: use ? [anyBox(n)] : [], euse: euse ? [anyBox(n)] : [], ddef: [] };
  };
  const general = summary && !summary.unknown ? summary : undefined;
  // The regions for what this call passes, when its constants make them more precise (specialized-regions.ts).
  const special = general?.specialize?.(caller, call.args);
  const known = special ? { ...general!, regions: special } : general;
  const subst = new Substitution(caller, call, known);
  call.args.forEach((written, k) => {
    const a = caller.language === "c" ? pointedArgument(written) : written;
    // A scalar variable passed by reference (Fortran; C's &x): a region of rank 0, what the dummy does.
    const scalar = a.kind === "var" && caller.language === "fortran" ? a.sym : a.kind === "addr" && a.operand.kind === "var" ? a.operand.sym : null;
    if (scalar && scalar.dims.length === 0 && scalar.storage !== "parameter" && scalar.storage !== "procedure") {
      const f = known?.formals[k];
      if (!f) return merge(scalar, whole(scalar, true, true));
      const exact = f.ddef && f.exactBytes !== undefined && f.exactBytes === symBytes(scalar);
      return merge(scalar, { mod: f.mod ? [[]] : [], use: f.use ? [[]] : [], euse: f.euse ? [[]] : [], ddef: exact ? [[]] : [] });
    }
    // An array section for a vector dummy: the callee's regions placed in the section.
    if (a.kind === "section" && known?.regions) {
      const f = known.formals[k];
      const r = known.regions.formals[k];
      const dummy = dummyOf(known, k);
      if (f && !f.use && !f.mod) return;
      const placed = f && r && dummy ? sectionRegions(r, dummy, a, (e) => subst.expr(e)) : null;
      if (placed) return merge(a.sym, placed);
    }
    const base = arrayBase(a);
    if (!base) {
      if (caller.language === "c" && passesPointer(a, caller.language)) out.opaque = true;
      return;
    }
    const f = known?.formals[k];
    if (!f) return merge(base.sym, whole(base.sym, true, true));
    if (!f.use && !f.mod) return;
    const r = known.regions?.formals[k];
    const dummy = known.regions ? dummyOf(known, k) : undefined;
    // A scalar dummy given an element (Fortran): the call touches that element only.
    if (dummy && dummy.dims.length === 0 && caller.language === "fortran" && base.start && base.start.length === base.sym.dims.length && symBytes(dummy) !== undefined && symBytes(dummy) === elementBytes(base.sym)) {
      const point: Box = base.start.map((x) => ({ lo: x, hi: x }));
      return merge(base.sym, { mod: f.mod ? [point] : [], use: f.use ? [point] : [], euse: f.euse ? [point] : [], ddef: f.ddef ? [point] : [] });
    }
    let moved = r && dummy ? moveFormal(r, dummy, base, subst, assumeBounds) : null;
    // Where the dummy's extent is not known to fit in the dimension the element starts: under the
    // comparisons that say it does, when the caller asks for them (dependence tests, as run-time checks).
    if (fitting && r && dummy && (!moved || [...moved.mod, ...moved.use].some(isAnyBox))) {
      const fits: Fit[] = [];
      const placed = moveFormal(r, dummy, base, subst, assumeBounds, fits);
      const needed = placed && neededFits(fits);
      if (placed && needed && needed.length > 0 && ![...placed.mod, ...placed.use].some(isAnyBox)) {
        moved = placed;
        out.fits ??= new Map();
        out.fits.set(base.sym, [...(out.fits.get(base.sym) ?? []), ...needed]);
      }
    }
    merge(base.sym, moved ?? whole(base.sym, f.mod, f.use, f.euse));
  });
  // A library routine reaches the program's variables through its arguments only (done above): C's
  // clock(), omp_get_wtime(), time(&t); Fortran's CPU_TIME(t). Its own state (the clock, the random
  // seed) is no array of the program. Whether a loop may call it is the exclusions' question.
  if (!known && call.intrinsic && libraryRoutine(caller, call.name)) return out;
  if (!known) {
    out.opaque = true;
    for (const s of reachableArrays(caller)) merge(s, whole(s, true, true));
    return out;
  }
  // COMMON storage: members at the callee's offsets with the callee's shape get its regions, the rest what the extents say.
  const done = new Set<Sym>();
  for (const c of known.regions?.commons ?? []) {
    const mine = commonMember(caller, c.block, c.start, c.member);
    if (!mine) continue;
    const moved = moveSameShape(c.regions, c.member, mine, subst);
    if (moved) {
      if (moved.mod.length + moved.use.length > 0) merge(mine, moved);
      done.add(mine);
    }
  }
  for (const s of caller.symbols.values()) {
    if (s.storage !== "common" || done.has(s) || (s.dims.length === 0 && s.type.base !== "pointer")) continue;
    const eff = known.commons.get(s.common ?? "");
    if (!eff) continue;
    const ext = memberExtent(caller, s);
    const hit = (list: typeof eff.use) => list === "all" || ext === null || list.some((e) => overlaps(e, ext));
    const mod = hit(eff.mod);
    const use = hit(eff.use);
    if (mod || use) merge(s, whole(s, mod, use));
  }
  // C globals with regions (the same symbols in the caller's file, the link having translated them).
  const byRegions = new Set<Sym>();
  for (const g of known.regions?.globals ?? []) {
    const moved = moveSameShape(g.regions, g.sym, g.sym, subst);
    byRegions.add(g.sym);
    if (moved && moved.mod.length + moved.use.length > 0) merge(g.sym, moved);
    else if (!moved) merge(g.sym, whole(g.sym, g.regions.mod.length > 0, g.regions.use.length > 0));
  }
  // Module, global and host arrays: every element of what it names.
  for (const e of known.shared.values()) if (!byRegions.has(e.sym) && e.sym.dims.length > 0 && (e.use || e.mod)) merge(e.sym, whole(e.sym, e.mod, e.use));
  return out;
}

/** The array an actual argument passes and the element its storage starts at (null: the first). */
interface ActualBase {
  sym: Sym;
  start: readonly Expr[] | null;
}

function arrayBase(a: Expr): ActualBase | null {
  if (a.kind === "var" && a.sym.dims.length > 0) return { sym: a.sym, start: null };
  if (a.kind === "elem" && a.sym.dims.length > 0) return { sym: a.sym, start: a.subs };
  if (a.kind === "addr") return arrayBase(a.operand);
  // Conservative: a section not placed by sectionRegions (section-actual.ts) is every element of the array.
  if (a.kind === "section" && !a.substring && a.sym.dims.length > 0) return { sym: a.sym, start: [] };
  return null;
}

function dummyOf(s: ProcedureSummary, k: number): Sym | undefined {
  return s.regions?.dummies[k];
}

/** An expression of the callee's (a bound of its dummy) in the caller's terms at a call, or null (array-view.ts). */
export function inCallerTerms(caller: Procedure, call: CallSiteRef, summary: ProcedureSummary, e: Expr): Expr | null {
  return new Substitution(caller, call, summary).expr(e);
}

/** Callee bounds in the caller's terms. */
class Substitution {
  constructor(
    readonly caller: Procedure,
    readonly call: CallSiteRef,
    readonly callee: ProcedureSummary | undefined,
  ) {}

  /** `e` (callee's terms) in the caller's terms, or null. */
  expr(e: Expr): Expr | null {
    const v = evalInt(e);
    if (v !== undefined) return { kind: "int", value: v, span: this.call.span, type: { base: "integer", bytes: 4 } };
    switch (e.kind) {
      case "var":
        return e.sym.dims.length > 0 ? null : this.sym(e.sym);
      case "elem": {
        // An element of a COMMON (or same-file global) array the call does not write: the caller's array at its offset.
        const base = this.array(e.sym);
        const subs = this.exprs(e.subs);
        return base && subs ? { ...e, sym: base, subs } : null;
      }
      case "unary": {
        const o = this.expr(e.operand);
        return o && { ...e, operand: o };
      }
      case "binary": {
        const l = this.expr(e.left);
        const r = this.expr(e.right);
        return l && r && { ...e, left: l, right: r };
      }
      case "call": {
        if (!(e.intrinsic && e.pure)) return null;
        const args = this.exprs(e.args);
        return args ? { ...e, args } : null;
      }
      default:
        return null;
    }
  }

  /** `expr` of each, or null when one has none (a loop: a closure in `expr` made each of its calls allocate a context). */
  private exprs(xs: readonly Expr[]): Expr[] | null {
    const out: Expr[] = [];
    for (const x of xs) {
      const y = this.expr(x);
      if (y === null) return null;
      out.push(y);
    }
    return out;
  }

  private sym(s: Sym): Expr | null {
    const span = this.call.span;
    if (s.storage === "dummy") {
      const k = this.callee?.regions?.dummies.indexOf(s) ?? -1;
      const a = k >= 0 ? this.call.args[k] : undefined;
      // The actual's value, when it is one the call cannot change (a callee writing a COMMON passed as an argument would).
      if (!a || !fixedExpr(a, (x) => x.dims.length === 0 && !this.mayWrite(x))) return null;
      return a;
    }
    if (s.storage === "common") {
      const mine = commonMember(this.caller, s.common ?? "", this.calleeStart(s), s);
      return mine && !this.mayWrite(mine) ? { kind: "var", sym: mine, span } : null;
    }
    const mine = this.callerGlobal(s);
    if (mine) return this.mayWrite(mine) ? null : { kind: "var", sym: mine, span };
    return null;
  }

  private array(s: Sym): Sym | null {
    if (s.storage === "common") {
      const start = this.callee?.regions?.commonStarts.get(s);
      const mine = start === undefined ? null : commonMember(this.caller, s.common ?? "", start, s);
      return mine && !this.mayWrite(mine) ? mine : null;
    }
    const mine = this.callerGlobal(s);
    if (mine && !this.mayWrite(mine)) return mine;
    return null;
  }

  /**
   * The caller's symbol for a global or module variable a bound names: its
   * own, or in C the caller's file's declaration of a global of external
   * linkage with that name (the same object, C11 6.2.2: a summary the link
   * moved to this file keeps its bounds in the callee's file's symbols, as
   * NPB-C LU's jacld bounds its boxes by jst and jend); null when the
   * caller cannot name it.
   */
  private callerGlobal(s: Sym): Sym | null {
    if (s.storage !== "global" && s.storage !== "module") return null;
    if (this.callerSees(s)) return s;
    if (s.storage !== "global" || s.attrs.save) return null;
    const mine = this.caller.fileGlobals?.get(s.name);
    return mine && mine.storage === "global" && !mine.attrs.save && mine.dims.length === s.dims.length && mine.type.base === s.type.base ? mine : null;
  }

  private calleeStart(s: Sym): number {
    return this.callee?.regions?.commonStarts.get(s) ?? -1;
  }

  private callerSees(s: Sym): boolean {
    // A C global of the caller's file (a summary the link translated names the caller's own).
    if (s.storage === "global" && this.caller.fileGlobals?.get(s.name) === s) return true;
    for (const x of this.caller.symbols.values()) if (x === s) return true;
    return false;
  }

  /** Whether the call may change the caller's scalar (as COMMON, global or module storage). */
  private mayWrite(s: Sym): boolean {
    const c = this.callee;
    if (!c) return true;
    if (s.storage === "common") {
      const eff = c.commons.get(s.common ?? "");
      const ext = memberExtent(this.caller, s);
      return !!eff && (eff.mod === "all" || ext === null || eff.mod.some((e) => overlaps(e, ext)));
    }
    if (s.storage === "global" || s.storage === "module") return c.shared.get(s.id)?.mod ?? false;
    return false;
  }
}

/** The caller's COMMON member at byte offset `start` of `block` with the shape and type of `like`. */
export function commonMember(caller: Procedure, block: string, start: number, like: Sym): Sym | null {
  for (const s of caller.symbols.values()) {
    if (s.storage !== "common" || (s.common ?? "") !== block) continue;
    const ext = memberExtent(caller, s);
    if (!ext || ext.start !== start) continue;
    return sameShape(s, like) ? s : null;
  }
  return null;
}

/** Same element type and size, same rank and the same extent in every dimension (constants). */
export function sameShape(a: Sym, b: Sym): boolean {
  if (a.type.base !== b.type.base || a.type.bytes !== b.type.bytes || a.dims.length !== b.dims.length || symBytes(a) !== symBytes(b)) return false;
  return a.dims.every((d, k) => {
    const e = b.dims[k]!;
    const x = d.upper ? evalInt(d.upper) : undefined;
    const y = e.upper ? evalInt(e.upper) : undefined;
    const p = evalInt(d.lower);
    const q = evalInt(e.lower);
    return x !== undefined && y !== undefined && p !== undefined && q !== undefined && x - p === y - q;
  });
}

/** Regions of a COMMON member moved to the caller's member of the same shape (lower bounds may differ). */
function moveSameShape(r: ArrayRegions, from: Sym, to: Sym, subst: Substitution): ArrayRegions | null {
  const shift = from.dims.map((d, k) => (evalInt(to.dims[k]!.lower) ?? 0) - (evalInt(d.lower) ?? 0));
  const moveBox = (b: Box, must: boolean): Box | null => {
    const out: Box = [];
    for (let k = 0; k < b.length; k++) {
      const r = b[k];
      const lo = r ? subst.expr(r.lo) : null;
      const hi = r ? subst.expr(r.hi) : null;
      if (!r || !lo || !hi) {
        if (must) return null;
        out.push(null);
      } else out.push({ lo: plus(lo, shift[k]!), hi: plus(hi, shift[k]!) });
    }
    return out;
  };
  return moveAll(r, moveBox);
}

/** The regions through `moveBox`; the assumed EUSE too (its conditions mean the same everywhere: RunCondition). */
function moveAll(r: ArrayRegions, moveBox: (b: Box, must: boolean) => Box | null): ArrayRegions {
  const may = (list: Box[]) => list.map((b) => moveBox(b, false)!).reduce(addMay, [] as Box[]);
  // EUSE and DDEF when asked: reading them makes the callee's walk (lazy-regions.ts).
  return lazyRegions(may(r.mod), may(r.use), () => {
    const assumed = r.assumed;
    return { euse: may(r.euse), ddef: r.ddef.map((b) => moveBox(b, true)).filter((b): b is Box => b !== null).reduce(addMust, [] as Box[]), assumed: assumed ? { conditions: assumed.conditions, euse: may(assumed.euse) } : undefined };
  });
}

/**
 * Regions of an array dummy moved onto the actual's array. Dimensions are
 * compared fastest first: F's d-th fastest maps onto A's d-th fastest.
 */
function moveFormal(r: ArrayRegions, dummy: Sym, actual: ActualBase, subst: Substitution, assumeBounds: boolean, fits: Fit[] | null = null): ArrayRegions | null {
  const A = actual.sym;
  // A real vector given an element of a complex array of its precision (NPB FT's `call vranlc(2*nx,
  // x0, a, u0(1, j, k))`; sequence association, F2008 12.5.2.11): its elements 2k - 1 and 2k are
  // the parts of the complex element k - 1 after the one passed. Boxes are then counted in complex
  // elements, when they start and end on whole ones.
  const pun = dummy.type.base === "real" && dummy.dims.length === 1 && dummy.type.bytes !== undefined && ((A.type.base === "complex" && A.type.bytes === 2 * dummy.type.bytes) || complexOf(A.type, dummy.type));
  if (!pun && (dummy.type.base !== A.type.base || (dummy.type.bytes ?? 0) !== (A.type.bytes ?? 0))) return null;
  if (actual.start && actual.start.length === 0) return null;
  const fast = <T>(xs: readonly T[], layout: Sym["layout"]) => (layout === "row-major" ? [...xs].reverse() : [...xs]);
  const fDims = fast(dummy.dims, dummy.layout);
  const aDims = fast(A.dims, A.layout);
  const start = fast(actual.start ?? A.dims.map((d) => d.lower), A.layout);
  const m = fDims.length;
  const n = aDims.length;
  if (m === 0 || m > n) return null;
  // The dummy's leading dimensions must be the actual's, entered at their first element; or, when
  // the caller asks for fits, entered further on (NPB FT's `call Swarztrauber(..., x(bls,1,k), n1+1, ...)`
  // with `x(xd1,n)`): column j of the dummy is then column j of the actual while the callee's rows,
  // moved by the start, stay within the actual's (a Fit the caller checks).
  let exact = true;
  const entered: boolean[] = [];
  for (let d = 0; d < m - 1; d++) {
    const fd = fDims[d]!;
    const ad = aDims[d]!;
    const fLo = subst.expr(fd.lower);
    const fHi = fd.upper && subst.expr(fd.upper);
    if (!fLo || !fHi || !ad.upper || !sameExtent(fLo, fHi, ad.lower, ad.upper)) exact = false;
    entered.push(constDifference(start[d]!, ad.lower) !== 0);
    if (entered[d] && !fits) exact = false;
  }
  const fLast = fDims[m - 1]!;
  const aLast = aDims[m - 1]!;
  const cPointer = dummy.attrs.pointer === true && dummy.layout === "row-major";
  const fLoLast = subst.expr(fLast.lower);
  /** A box's ends in the dummy's elements, from its lower bound `from`, as the actual's (the same, but for `pun`). */
  const units = (lo: Expr | null, hi: Expr | null, from: Expr | null): [Expr | null, Expr | null] => {
    if (!pun || !lo || !hi || !from) return [lo, hi];
    const a = halved(lo, from);
    const z = halved(plus(hi, 1), from);
    return a && z ? [a, plus(z, -1)] : [null, null];
  };
  const moveBox = (b: Box, must: boolean): Box | null => {
    const placed = direct(b, must);
    // A vector dummy over several of the actual's dimensions (sequence association, F2008 12.5.2.11):
    // UA's `call r_init(tmult(1,1,1,ie), nxyz, 0.d0)` with `a(n)` writes tmult(:, :, :, ie).
    if (m === 1 && n > 1 && (placed === null || placed.every((r) => r === null))) return reshaped(b, must) ?? placed;
    return placed;
  };
  // The dummy's elements lo..hi (offsets from its first) as whole rows of the actual's dimension k, the
  // leading ones entered at their first element: exact when the offsets fall on row boundaries (must),
  // widened to whole rows otherwise (may).
  const reshaped = (b: Box, must: boolean): Box | null => {
    const r = b[0];
    const from = fLoLast;
    if (!r || !from) return null;
    const [lo, hi] = units(subst.expr(r.lo), subst.expr(r.hi), from);
    const a = lo && difference(lo, from);
    const z = hi && difference(hi, from);
    if (a === null || z === null || a === undefined || z === undefined || a < 0 || z < a) return null;
    let rows = 1;
    for (let k = 1; k < n; k++) {
      const prev = aDims[k - 1]!;
      const extent = prev.upper ? difference(prev.upper, prev.lower) : null;
      if (extent === null || extent === undefined || constDifference(start[k - 1]!, prev.lower) !== 0) return null;
      rows *= extent + 1;
      const exact = a % rows === 0 && (z + 1) % rows === 0;
      if (must && !exact) continue;
      const first = Math.floor(a / rows);
      const last = Math.floor(z / rows);
      const ak = aDims[k]!;
      const span = { lo: plus(start[k]!, first), hi: plus(start[k]!, last) };
      // Within dimension k: proved, or it is the last one (a dummy holds no more than the actual from the
      // element passed on, with its subscripts in bounds: the bounds assumption).
      const within = ak.upper && (difference(ak.upper, span.hi) ?? -1) >= 0 && (assumeBounds || (difference(span.lo, ak.lower) ?? -1) >= 0);
      if (!within && !(k === n - 1 && assumeBounds)) continue;
      const out: Box = aDims.map((d, e) => (e < k ? { lo: d.lower, hi: d.upper! } : e === k ? span : { lo: start[e]!, hi: start[e]! }));
      return fast(out, A.layout);
    }
    return null;
  };
  const direct = (b: Box, must: boolean): Box | null => {
    // Conservative: what cannot be placed in the actual's dimensions is any element of it.
    if (!exact || !fLoLast) return must ? null : anyBox(n);
    const box = fast(b, dummy.layout);
    const out: (Interval | null)[] = [];
    for (let d = 0; d < m; d++) {
      const r = box[d];
      // A leading dimension maps one to one only while the callee stays within its declared extent
      // (else it reaches the next column): the bounds assumption (seed 003), or proved.
      if (d < m - 1 && !assumeBounds && !(r && fDims[d]!.upper && provedLe(fDims[d]!.lower, r.lo) && provedLe(r.hi, fDims[d]!.upper!))) return must ? null : anyBox(n);
      const from = d < m - 1 ? subst.expr(fDims[d]!.lower) : fLoLast;
      const [lo, hi] = r ? units(subst.expr(r.lo), subst.expr(r.hi), from) : [null, null];
      const placed = lo && hi && from ? { lo: offset(start[d]!, lo, from), hi: offset(start[d]!, hi, from) } : null;
      if (d < m - 1 && entered[d]) {
        // Entered past the first row (exact only with `fits`): the rows it touches must end in the column.
        if (!placed) return must ? null : anyBox(n);
        fits!.push({ lo: placed.hi, hi: aDims[d]!.upper! });
        if (!assumeBounds) fits!.push({ lo: aDims[d]!.lower, hi: placed.lo });
      }
      // The last dimension must stay within the actual's (else it spills into the slower ones): its
      // box proved to, or the dummy's declared extent.
      // A C pointer parameter has no bounds of its own for the assumption to keep it in: r[j - 1] from
      // r = &A[i][0] is A[i - 1][N - 1] (found by fuzzing: the row's start was taken as its lowest element).
      const lowOk = (assumeBounds && !cPointer) || (!!placed && provedLe(aLast.lower, placed.lo));
      const inLast = placed && aLast.upper && provedLe(placed.hi, aLast.upper) && lowOk;
      // The dummy's last dimension is the actual's last one: a dummy may not be larger than what the
      // actual holds from the element passed on (F2008 12.5.2.11), so, with the subscripts within the
      // dummy's bounds (the bounds assumption), so are they within the actual's. An assumed-size dummy
      // (`y(*)`, NPB's vranlc given FT's work vector `tmp`) has no bound of its own: its elements are
      // the actual's from the one passed on, and one past the actual's last is outside the storage the
      // call was given, which a program that keeps its subscripts in bounds does not touch either.
      const lastOfBoth = m === n && !dummy.attrs.assumedShape;
      // In C, a pointer into an array object reaches that object only (C11 6.5.6p8): a formal
      // `double lhs[][3][5][5]` given the whole array `lhs` stays within its first dimension.
      const sameObject = m === n && dummy.layout === "row-major" && A.layout === "row-major";
      // A C array parameter's declared extent (`double p[N]`) is no bound: C adjusts it to a pointer
      // (C11 6.7.6.3p7), and the callee may go past it (found by fuzzing: fill(a[i], N + 1) writing
      // p[0..N] was taken to stay in row i, and the loop calling it got a directive).
      const declaredFits = !cPointer && fitsLast(fLast, aLast, start[d]!, subst);
      if (d === m - 1 && !inLast && !(assumeBounds && (lastOfBoth || sameObject || declaredFits))) {
        // Asked for: placed in the actual's dimension while it fits there (the caller checks it).
        if (!fits || !placed || !aLast.upper) return must ? null : anyBox(n);
        fits.push({ lo: placed.hi, hi: aLast.upper });
        if (!assumeBounds || cPointer) fits.push({ lo: aLast.lower, hi: placed.lo });
      }
      if (!placed && must) return null;
      out.push(placed);
    }
    for (let d = m; d < n; d++) out.push({ lo: start[d]!, hi: start[d]! });
    return fast(out, A.layout);
  };
  return moveAll(r, moveBox);
}

/** Whether hi1 - lo1 = hi2 - lo2 for every value of their variables (`xd1` given `n1 + 1` against `1:n1+1`). */
function sameExtent(lo1: Expr, hi1: Expr, lo2: Expr, hi2: Expr): boolean {
  const l = new Linear();
  l.add(hi1, 1);
  l.add(lo1, -1);
  l.add(hi2, -1);
  l.add(lo2, 1);
  return l.constant === 0 && [...l.terms.values()].every((t) => t.coef === 0);
}

/** Whether the dummy's last declared dimension, entered at `start`, stays within the actual's (its declared extent fits). */
function fitsLast(f: Sym["dims"][number], a: Sym["dims"][number], start: Expr, subst: Substitution): boolean {
  if (!f.upper || !a.upper) return false;
  const lo = subst.expr(f.lower);
  const hi = subst.expr(f.upper);
  if (!lo || !hi) return false;
  const end = offset(start, hi, lo);
  return provedLe(end, a.upper);
}

/** x - y as a constant: by their linear forms, or both evaluated (PARAMETERs). */
function difference(x: Expr, y: Expr): number | null {
  const d = constDifference(x, y);
  if (d !== null) return d;
  const a = evalInt(x);
  const b = evalInt(y);
  return a === undefined || b === undefined ? null : a - b;
}

/** The size of one element of an array, when known. */
function elementBytes(s: Sym): number | undefined {
  return symBytes({ ...s, dims: [] });
}

/**
 * What a call does to a COMMON variable the caller does not declare (its
 * block and offset, with the shape of `like`): the callee's regions for
 * the member at that offset, when it has them with that shape; "unknown"
 * when it (or what it calls) touches the storage otherwise; null when it
 * does not touch it. Bounds in the callee's terms the caller cannot name
 * are widened (may) or dropped (must), as at any call.
 */
export function commonRegionsAt(caller: Procedure, call: CallSiteRef, summary: ProcedureSummary | undefined, block: string, start: number, end: number, like: Sym): ArrayRegions | null | "unknown" {
  if (!summary || summary.unknown) return "unknown";
  const regions = summary.specialize?.(caller, call.args) ?? summary.regions;
  const entry = regions?.commons.find((c) => c.block === block && c.start === start && sameShape(c.member, like));
  if (entry) return moveSameShape(entry.regions, entry.member, like, new Substitution(caller, call, summary));
  const eff = summary.commons.get(block);
  if (!eff) return null;
  const hit = (l: typeof eff.use) => l === "all" || l.some((e) => overlaps(e, { start, end }));
  return hit(eff.use) || hit(eff.mod) ? "unknown" : null;
}

/** Whether a call may write the variable given as its argument k: its dummy's MOD (unknown callee, or past the dummies: yes). */
export function argumentWritten(summary: ProcedureSummary | undefined, k: number): boolean {
  return !summary || summary.unknown || summary.formals[k]?.mod !== false;
}

type ArgWritten = (call: { name: string; args: readonly Expr[]; span: Expr["span"] }, k: number) => boolean;
const writtenBy = new WeakMap<(name: string) => ProcedureSummary | undefined, ArgWritten>();

/**
 * `argumentWritten` through `summaries`, one function per `summaries`:
 * Coverage walks keep what each statement assigns per such function
 * (assignedIn), so the walks of all the arrays of a procedure, or of all
 * the loops of a plan, share it (issue 16).
 */
export function argumentsWrittenBy(summaries: (name: string) => ProcedureSummary | undefined): ArgWritten {
  let f = writtenBy.get(summaries);
  if (!f) writtenBy.set(summaries, (f = (call, k) => argumentWritten(summaries(call.name), k)));
  return f;
}

/**
 * A routine of the language's library that touches no variable of the
 * program but through its arguments: a Fortran intrinsic subroutine (the
 * standard gives each one's arguments' intents), a C library function of
 * effect "other" (libc.ts). Not C's io, alloc or writes-args functions:
 * streams, heap and buffers are followed elsewhere, or not at all.
 */
function libraryRoutine(caller: Procedure, name: string): boolean {
  return caller.language === "fortran" || libcFunction(name)?.effect === "other";
}

/** A box that may be any element of its array. */
function isAnyBox(b: Box): boolean {
  return b.every((x) => x === null);
}

/**
 * The comparisons of a placement that are not known to hold, without
 * repeats; null when one is known to fail (the placement is wrong, not
 * just unproved).
 */
function neededFits(fits: readonly Fit[]): Fit[] | null {
  const out: Fit[] = [];
  for (const f of fits) {
    const d = difference(f.hi, f.lo);
    if (d !== null) {
      if (d < 0) return null;
      continue;
    }
    if (!out.some((g) => exprEquals(g.lo, f.lo) && exprEquals(g.hi, f.hi))) out.push(f);
  }
  return out;
}

/** `from + (x - from) / 2` when x - from is even for every value (its linear form's coefficients are), else null. */
function halved(x: Expr, from: Expr): Expr | null {
  const f = linearForm(offsetFrom(x, from));
  if (f.constant % 2 !== 0 || f.terms.some((t) => t.coef % 2 !== 0)) return null;
  const l = new Linear();
  l.constant = f.constant / 2;
  for (const t of f.terms) l.add(t.e, t.coef / 2);
  l.add(from, 1);
  return formExpr(l, x.span);
}

/** x - from, as an expression. */
function offsetFrom(x: Expr, from: Expr): Expr {
  const int = { base: "integer" as const, bytes: 4 };
  return { kind: "binary", op: "-", left: x, right: from, span: x.span, type: int };
}
