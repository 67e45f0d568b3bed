import { evalInt } from "../../ir/const-eval.js";
import type { ElemRef, Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr, walkStmts } from "../../ir/walk.js";
import type { Cfg, CfgLoop } from "../cfg/cfg.js";
import { depthFirst } from "../dataflow/order.js";
import type { Ref } from "../refs/ref.js";
import { exprText } from "../../ir/expr-text.js";
import { referenceText } from "./bounds-facts.js";
import { edgeConditions, type EdgeCondition } from "./edge-conditions.js";
import { isRangeType } from "./eval-range.js";
import { sureElements } from "./sure-elements.js";
import { SourceTable } from "./var-range.js";

export interface RangeOptions {
  /**
   * Seed 003's source: a correct program keeps every subscript within its
   * declared bounds, so each array reference bounds the variables of its
   * subscripts. On by default; `--no-bounds-assumption` turns it off for
   * programs that index out of bounds on purpose.
   */
  boundsAssumption?: boolean;
  /**
   * The straightforward way, for the tests that check the shortcuts change
   * no range: compute every block's state in every round of the forward
   * propagation, even blocks whose inputs did not change (forward-ranges.ts
   * skips those), and record the state before every statement up front
   * (range-analysis.ts replays a block when a statement is asked for).
   */
  exhaustive?: boolean;
  /**
   * Values the procedure's dummies have when it starts: what every call
   * of the whole program gives them (run-constants.ts; NPB FT's fftXYZ
   * is called with nx, ny, nz).
   */
  entryValues?: ReadonlyMap<Sym, number>;
}

/**
 * What the range analysis of one procedure needs to know about it besides
 * the states: which variables it follows (one signed integer scalar per
 * dataflow variable, not EQUIVALENCEd), the conditions on the CFG's edges,
 * the counted loops whose index only the loop changes, the array elements
 * surely evaluated, and where widening happens.
 */
export class RangeContext {
  readonly sources = new SourceTable();
  /** RangeOptions.entryValues. */
  readonly entryValues: ReadonlyMap<Sym, number>;
  /** Tracked symbol → dataflow variable id. */
  private readonly varOfSym = new Map<Sym, number>();
  readonly symOfVar = new Map<number, Sym>();
  /** Variables with a definition somewhere in the procedure (any origin). */
  readonly defined = new Set<number>();
  readonly edges: Map<number, EdgeCondition[]>;
  /** Counted loops (by index in cfg.loops) whose index only their own step changes. */
  readonly cleanLoops = new Set<number>();
  /** Blocks that are the target of a retreating edge in depth-first order: widening happens there. */
  readonly wideningPoints = new Set<number>();
  readonly rpo: number[];
  readonly sure: Set<Expr>;
  /** Constants of the program (declared bounds, literals of conditions and loop bounds), for widening. */
  readonly thresholds: number[];
  readonly boundsAssumption: boolean;
  readonly exhaustive: boolean;
  /** Blocks with a loop's start, which sets its bounds, and with its step, which reads them (forward-ranges.ts). */
  readonly setsBounds = new Set<number>();
  readonly readsBounds = new Set<number>();
  /** Loops by their header block. */
  readonly loopOfHeader = new Map<number, CfgLoop>();
  private readonly refSources = new Map<number, number>();
  private readonly condSources = new Map<Expr, [number | undefined, number | undefined]>();
  private readonly memos = new Map<symbol, Map<unknown, unknown>>();

  constructor(
    readonly cfg: Cfg,
    options: RangeOptions = {},
  ) {
    this.boundsAssumption = options.boundsAssumption !== false;
    this.exhaustive = options.exhaustive === true;
    this.entryValues = options.entryValues ?? new Map();
    for (const v of cfg.vars.vars) {
      const s = v.syms[0];
      if (v.pseudo || v.syms.length !== 1 || !s || !isRangeType(s)) continue;
      this.varOfSym.set(s, v.id);
      this.symOfVar.set(v.id, s);
    }
    for (const r of cfg.refs.refs) if (r.kind === "def") this.defined.add(r.var);
    this.edges = edgeConditions(cfg);
    for (const cl of cfg.loops) {
      this.loopOfHeader.set(cl.header, cl);
      if (this.isClean(cl)) this.cleanLoops.add(cl.index);
    }
    const { rpo, rpoIndex } = depthFirst(cfg, [cfg.entry]);
    this.rpo = rpo;
    for (const b of rpo) for (const s of cfg.succs[b]!) if (rpoIndex[s]! >= 0 && rpoIndex[s]! <= rpoIndex[b]!) this.wideningPoints.add(s);
    this.sure = sureElements(cfg.proc);
    for (let b = 0; b < cfg.blocks.length; b++)
      for (const id of cfg.blocks[b]!.refs) {
        const origin = cfg.refs.refs[id]!.origin;
        if (origin === "loop-init") this.setsBounds.add(b);
        if (origin === "loop-step") this.readsBounds.add(b);
      }
    this.thresholds = collectThresholds(cfg);
  }

  /** The tracked variable of a symbol, if the analysis follows it. */
  varOf(sym: Sym): number | undefined {
    return this.varOfSym.get(sym);
  }

  /**
   * The "bounds" source of an array reference (seed 003 §3), created once
   * per reference: its text is costly to print, and the propagation meets
   * the reference once per visit of its block.
   */
  boundsSource(r: Ref, e: ElemRef): number {
    let id = this.refSources.get(r.id);
    if (id === undefined) this.refSources.set(r.id, (id = this.sources.add("bounds", `${referenceText(e, this.cfg.proc.language)} at line ${r.span.line}`, r.span.line)));
    return id;
  }

  /**
   * The "condition" source of a branch condition, created on first use:
   * the propagation narrows by the same edge on every visit, and printing
   * the condition each time cost more than the narrowing.
   */
  conditionSource(cond: Expr, truth: boolean): number {
    let ids = this.condSources.get(cond);
    if (!ids) this.condSources.set(cond, (ids = [undefined, undefined]));
    const k = truth ? 1 : 0;
    return (ids[k] ??= this.sources.add("condition", `${truth ? "" : "not "}(${this.text(cond)})`, cond.span.line));
  }

  /**
   * What a function of this procedure's context and one key computes,
   * computed once (the propagation meets each reference once per visit of
   * its block). `kind` tells the functions apart.
   */
  memo<K extends object, V>(kind: symbol, key: K, f: () => V): V {
    let m = this.memos.get(kind) as Map<K, V> | undefined;
    if (!m) this.memos.set(kind, (m = new Map()));
    let v = m.get(key);
    if (v === undefined && !m.has(key)) m.set(key, (v = f()));
    return v as V;
  }

  /** An expression as the user wrote it, for the facts' texts. */
  text(e: Expr): string {
    return exprText(e, this.cfg.proc.language);
  }

  ref(id: number): Ref {
    return this.cfg.refs.refs[id]!;
  }

  /**
   * A DO loop (or canonical C for) whose index changes only by its own
   * step: its index runs exactly through lower, lower + step, ... (seed
   * 003 §5: "a for loop with known initial and final values: the control
   * variable takes every value from the first to the last"), and it ends
   * after its trip count (fixed when it starts) unless its body jumps out.
   */
  private isClean(cl: CfgLoop): boolean {
    const l = cl.loop;
    if (l.form !== "do" || !l.index || !l.lower || !l.upper) return false;
    const iv = this.varOf(l.index);
    if (iv === undefined) return false;
    for (const b of cl.blocks) {
      for (const id of this.cfg.blocks[b]!.refs) {
        const r = this.ref(id);
        if (r.kind === "def" && r.var === iv && !(r.origin === "loop-step" && r.loopId === l.id)) return false;
      }
    }
    if (l.step && evalInt(l.step) === 0) return false;
    return true;
  }
}

function collectThresholds(cfg: Cfg): number[] {
  const out = new Set<number>([-1, 0, 1]);
  const note = (e: Expr | null) => {
    if (!e) return;
    const v = evalInt(e);
    if (v !== undefined) for (const d of [-1, 0, 1]) out.add(v + d);
  };
  for (const v of cfg.vars.vars) for (const s of v.syms) for (const d of s.dims) [d.lower, d.upper].forEach(note);
  walkStmts(cfg.proc.body, (s) => {
    if (s.kind === "loop") [s.lower, s.upper].forEach(note);
    if (s.kind === "if" || (s.kind === "loop" && s.cond)) {
      walkExpr(s.kind === "if" ? s.cond : s.cond!, (x) => {
        if (x.kind === "binary") [x.left, x.right].forEach(note);
      });
    }
  });
  return [...out].sort((a, b) => a - b);
}
