import type { ElemRef, Expr, SectionRef } from "../../ir/expr.js";
import { printExpr } from "../../ir/print.js";
import type { Procedure, Program } from "../../ir/program.js";
import type { Loop } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import type { Span } from "../../source/span.js";
import { addScaled, coeffOf, constant, substitute, variable, type Affine } from "../symbolic/affine.js";
import { convolve, type ConvolutionRule } from "./convolve.js";
import type { CallEffects } from "./defs.js";
import { disturbedLoops, jumpTargets } from "./jumps.js";
import { linearize, sizeTermExpr, type Linearization } from "./linearize.js";
import { IndexRanges, levelBounds, type LevelBounds } from "./loop-bounds.js";
import type { AccessPattern, Accuracy } from "./pattern.js";
import { collectRefSites, type LevelKind, type NestLevel, type RefSite, type Role } from "./ref-sites.js";
import { ValueContext } from "./value-context.js";
import type { Widening } from "./widen.js";

/**
 * The access pattern of every array reference with respect to each loop
 * around it (seed 001): the innermost loop's single-loop pattern, then one
 * convolution (§3.1) per enclosing loop until the outermost loop is reached
 * ("full"), a loop cannot be folded ("partial", with the reason), or not
 * even the innermost loop has a pattern ("failed", with one of the Table 1
 * categories: while loop, subscript form, unknown bounds, variable size).
 */
export type FailureCategory = "while loop" | "subscript form" | "unknown bounds" | "variable size";
export const FAILURE_CATEGORIES: readonly FailureCategory[] = ["while loop", "subscript form", "unknown bounds", "variable size"];
/** Why the analysis stopped at a loop: a Table 1 category, or the convolution conditions. */
export type StopCategory = FailureCategory | "not convolvable";
export type AccessStatus = "full" | "partial" | "failed";

export interface AccessOptions {
  /** Apply the §5.2 widenings when a convolution condition fails (default true). */
  widen?: boolean;
  /**
   * Assume subscripts stay within the declared bounds (as standard Fortran
   * and C require), which caps a symbolic Num by the array's extents so the
   * widenings can apply (default true).
   */
  assumeInBounds?: boolean;
  /** How opaque values are named in Start, Num and ub (default: the HIR printer). */
  exprName?: (e: Expr) => string;
  /** What called procedures may modify (buildCallEffects over all the files; default: anything visible). */
  callEffects?: CallEffects;
}

export interface LoopRef {
  kind: LevelKind;
  /** The loop variable (null for while and GOTO loops). */
  var: Sym | null;
  span: Span;
  /** Identifies the loop within the program (for grouping references by loop). */
  key: string;
  loop?: Loop;
  /** Why a while-kind loop has no pattern. */
  why?: string;
}

export interface LevelResult {
  /** Position of the loop in RefAccess.loops. */
  loop: number;
  pattern: AccessPattern;
  /** "single" for the innermost loop; else the convolution rule that applied. */
  rule: "single" | ConvolutionRule;
  widenings: Widening[];
}

export interface RefAccess {
  procedure: string;
  ref: ElemRef | SectionRef;
  array: Sym;
  role: Role;
  /** Enclosing loops, outermost first. */
  loops: LoopRef[];
  /** Loop indices, outermost first: the order terms are printed in. */
  indices: Sym[];
  /** The offset from the array's first element, when the subscripts are affine. */
  offset?: Affine;
  /** One per loop reached, innermost first. */
  levels: LevelResult[];
  status: AccessStatus;
  /** Why the next loop out (or, when failed, the innermost) has no pattern. */
  stop?: { category: StopCategory; message: string; loop: number };
}

export interface ProcedureAccess {
  name: string;
  refs: RefAccess[];
  /** Array element references outside every loop (no pattern to compute). */
  outside: number;
}

export interface ProgramAccess {
  file: string;
  procedures: ProcedureAccess[];
}

export function analyzeProgramAccess(program: Program, opts: AccessOptions = {}): ProgramAccess {
  let next = program.symbolCount;
  const freshId = () => next++;
  return { file: program.file.path, procedures: program.procedures.map((p) => analyzeProcedureAccess(p, opts, freshId)) };
}

export function analyzeProcedureAccess(proc: Procedure, opts: AccessOptions = {}, freshId?: () => number): ProcedureAccess {
  let next = 1_000_000;
  const targets = jumpTargets(proc.body);
  const values = new ValueContext(freshId ?? (() => next++), targets, opts.exprName, opts.callEffects);
  const { sites, outside } = collectRefSites(proc, targets);
  const a = new SiteAnalyzer(proc, values, disturbedLoops(proc.body), opts);
  return { name: proc.name, refs: sites.map((s) => a.analyze(s)), outside };
}

/** The single-loop pattern of an offset with respect to one loop (the paper's A_j, A_i of Fig. 6). */
export function singleLoopPattern(offset: Affine, b: LevelBounds, accuracy: Accuracy): AccessPattern {
  const start = substitute(offset, b.index, b.first);
  if (!start) throw new Error("integer overflow");
  return { var: b.index, start, stride: 1, num: { c: 1, terms: [] }, velocity: coeffOf(offset, b.index) * b.step, accuracy, ub: b.ub, first: b.first, step: b.step };
}

class SiteAnalyzer {
  private readonly bounds = new Map<NestLevel, LevelBounds | string>();

  constructor(
    private readonly proc: Procedure,
    private readonly values: ValueContext,
    private readonly disturbed: ReadonlySet<Loop>,
    private readonly opts: AccessOptions,
  ) {}

  analyze(site: RefSite): RefAccess {
    const levels = site.levels;
    const d = levels.length;
    const out: RefAccess = {
      procedure: this.proc.name,
      ref: site.ref,
      array: site.ref.sym,
      role: site.role,
      loops: levels.map((l) => this.loopRef(l)),
      indices: levels.flatMap((l) => (l.index && (l.kind === "do" || l.kind === "implied-do") ? [l.index] : [])),
      levels: [],
      status: "failed",
    };
    const stop = (category: StopCategory, message: string, loop: number): RefAccess => {
      out.stop = { category, message, loop };
      out.status = out.levels.length === 0 ? "failed" : "partial";
      return out;
    };
    const inner = levels[d - 1]!;
    if (inner.kind === "while" || inner.kind === "goto") return stop("while loop", `the reference is in ${whileText(inner)}`, d - 1);
    const lin = linearize(site.ref.sym);
    if (!lin.ok) return stop("variable size", lin.message, d - 1);
    if (site.ref.kind === "section") return stop("subscript form", "an array section", d - 1);
    const off = this.offset(site, lin.lin);
    if (typeof off === "string") return stop(off.startsWith("the lower") ? "variable size" : "subscript form", off, d - 1);
    const { offset, subs, sizeTerms } = off;
    out.offset = offset;
    // A term of the offset that changes in a loop: "variable size" when it carries a non-constant extent.
    const category = (s: Sym): StopCategory => (sizeTerms.has(s.id) ? "variable size" : "subscript form");
    const changes = (s: Sym, index: Sym) => (sizeTerms.has(s.id) ? `${lin.lin.variable}, and the ${index.name} loop moves along a later dimension` : `${s.name} changes in the ${index.name} loop`);
    const moving = this.values.changingTerm(offset, inner, [inner.index!]);
    if (moving) return stop(category(moving), changes(moving, inner.index!), d - 1);
    const all = levels.map((l, m) => this.boundsOf(l, levels.slice(0, m)));
    const innerBounds = all[d - 1]!;
    if (typeof innerBounds === "string") return stop("unknown bounds", innerBounds, d - 1);
    const ranges = new IndexRanges(all.filter((b): b is LevelBounds => typeof b !== "string"));
    let p = singleLoopPattern(offset, innerBounds, this.accuracy(site, d - 1));
    out.levels.push({ loop: d - 1, pattern: p, rule: "single", widenings: [] });
    for (let m = d - 2; m >= 0; m--) {
      const L = levels[m]!;
      if (L.kind === "while" || L.kind === "goto") return stop("while loop", `the ${loopName(levels[m + 1]!)} loop is in ${whileText(L)}`, m);
      const b = all[m]!;
      if (typeof b === "string") return stop("unknown bounds", b, m);
      const s = this.values.changingTerm(p.start, L, [b.index]);
      if (s) return stop(category(s), changes(s, b.index), m);
      const n = this.values.changingTerm(p.num, L, [b.index, p.var]) ?? this.values.changingTerm(p.ub, L, [b.index]);
      if (n) return stop("unknown bounds", `${n.name} changes in the ${b.index.name} loop`, m);
      const numCap = p.accuracy === "MUST" ? this.numCap(site, subs, lin.lin, ranges, m + 2, p.stride) : undefined;
      const c = convolve(p, { var: b.index, first: b.first, step: b.step, ub: b.ub, accuracy: this.accuracy(site, m) }, { widen: this.opts.widen ?? true, bounds: (x) => ranges.bounds(x), ...(numCap !== undefined ? { numCap } : {}) });
      if (!c.ok) return stop("not convolvable", c.message, m);
      p = c.pattern;
      out.levels.push({ loop: m, pattern: p, rule: c.rule, widenings: c.widenings });
    }
    out.status = "full";
    return out;
  }

  /**
   * The offset Σ c_d·(s_d − lower_d) as an affine form; a dimension whose
   * coefficient holds a non-constant extent contributes one opaque term
   * (a "size term"). A string says why there is none.
   */
  private offset(site: RefSite, lin: Linearization): { offset: Affine; subs: (Affine | undefined)[]; sizeTerms: Set<number> } | string {
    let offset: Affine | undefined = constant(0);
    const subs: (Affine | undefined)[] = [];
    const sizeTerms = new Set<number>();
    const ref = site.ref as ElemRef;
    for (let d = 0; d < ref.subs.length && offset; d++) {
      const sub = ref.subs[d]!;
      const dim = lin.dims[d]!;
      const lower = ref.sym.dims[d]!.lower;
      if (dim.sizeFactor) {
        // A constant subscript needs only the size itself: c·factor·(s − lower) with s − lower constant.
        const s = this.values.affineAt(sub, site);
        const lo = this.values.affineAt(lower, { chain: [], levels: [] });
        const shift = s && lo ? addScaled(s, lo, -1) : undefined;
        if (shift && shift.terms.length === 0) {
          subs.push(s);
          if (shift.c === 0) continue;
          const f = this.values.opaqueSym(dim.sizeFactor);
          if (!f) return `the extent of ${ref.sym.name} has side effects`;
          sizeTerms.add(f.id);
          offset = addScaled(offset, variable(f), dim.coeff * shift.c);
          continue;
        }
        const t = this.values.opaqueSym(sizeTermExpr(dim.sizeFactor, sub, lower));
        if (!t) return `the subscript ${this.name(sub)} is not affine in the loop indices`;
        sizeTerms.add(t.id);
        subs.push(undefined);
        offset = addScaled(offset, variable(t), dim.coeff);
        continue;
      }
      const s = this.values.affineAt(sub, site);
      if (!s) return `the subscript ${this.name(sub)} is not affine in the loop indices`;
      const lo = this.values.affineAt(lower, { chain: [], levels: [] });
      if (!lo) return `the lower bound of dimension ${d + 1} of ${ref.sym.name} is not affine`;
      subs.push(s);
      offset = addScaled(offset, s, dim.coeff);
      offset = offset && addScaled(offset, lo, -dim.coeff);
    }
    return offset ? { offset, subs, sizeTerms } : "integer overflow in the offset";
  }

  /** MAY when the reference is conditional in the loop's body or an iteration may end early. */
  private accuracy(site: RefSite, m: number): Accuracy {
    const l = site.levels[m]!;
    return site.conditional[m] || l.mayStopEarly || (l.loop !== undefined && this.disturbed.has(l.loop)) ? "MAY" : "MUST";
  }

  /**
   * An upper bound of the Num of a MUST pattern whose region is made by the
   * loops from `from` inward: the region's span is at most Σ c_d·width_d
   * over the dimensions those loops move, each width bounded by the
   * subscript's range over the loop indices and, under the in-bounds
   * assumption, by the declared extent.
   */
  private numCap(site: RefSite, subs: (Affine | undefined)[], lin: Linearization, ranges: IndexRanges, from: number, stride: number): number | undefined {
    const level = site.levels[from];
    if (!level) return 1;
    let span = 0;
    for (let k = 0; k < subs.length; k++) {
      const sub = subs[k];
      if (!sub) continue; // a size term: fixed inside the region, or the pattern would have stopped
      if (!this.values.changingTerm(sub, level)) continue;
      const b = ranges.bounds(sub);
      let width = b.min !== undefined && b.max !== undefined ? b.max - b.min : Infinity;
      const ext = lin.boundedExtents[k];
      if ((this.opts.assumeInBounds ?? true) && ext !== undefined) width = Math.min(width, ext - 1);
      if (!Number.isFinite(width)) return undefined;
      span += lin.dims[k]!.coeff * Math.max(0, width);
    }
    return Math.floor(span / stride) + 1;
  }

  private boundsOf(l: NestLevel, outer: NestLevel[]): LevelBounds | string {
    if (l.kind !== "do" && l.kind !== "implied-do") return "not a counted loop";
    let b = this.bounds.get(l);
    if (b === undefined) {
      b = levelBounds(l, outer, this.values);
      this.bounds.set(l, b);
    }
    return b;
  }

  private loopRef(l: NestLevel): LoopRef {
    const key = l.loop ? `loop#${l.loop.id}` : `${l.kind}@${l.span.file}:${l.span.line}:${l.span.column}`;
    const r: LoopRef = { kind: l.kind, var: l.index, span: l.span, key };
    if (l.loop) r.loop = l.loop;
    if (l.why) r.why = l.why;
    return r;
  }

  private name(e: Expr): string {
    return (this.opts.exprName ?? printExpr)(e);
  }
}

/** "a loop made by GOTO 10", "a loop without a loop variable (DO WHILE loop: ...)". */
function whileText(l: NestLevel): string {
  return l.kind === "goto" ? l.why! : `a loop without a loop variable (${l.why ?? "a while loop"})`;
}

function loopName(l: NestLevel): string {
  return l.index?.name ?? "inner";
}
