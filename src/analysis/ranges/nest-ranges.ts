import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import type { ProcedureRanges } from "./range-analysis.js";
import type { VarRange } from "./var-range.js";

/** The ends of a range as the dependence tests take it (their `SymbolRanges` hook). */
export interface SymbolRange {
  min?: number;
  max?: number;
}

/**
 * A range the report cites for a loop (issue 7 §5: "which fact was
 * used"): `{var: "v", range: "1..49", source: "a(v + i + 1, v) (declared
 * a(100, 100)) at line 6, for every i = 1..50"}`.
 */
export interface RangeFact {
  var: string;
  /** `lo..hi`, an open end written -inf / +inf. */
  range: string;
  /** The facts that gave the range its ends, separated by "; ". */
  source: string;
}

/**
 * Ranges of scalars where a loop nest starts, read from the procedure's
 * value ranges (seed 003 §4: a fact holds from the definition that reaches
 * it to the next one). The dependence tests use them for the symbols they
 * treat as fixed during the whole nest, so the range at the nest's start
 * holds everywhere in it (seed 003 §6: v's range from line 4 is valid on
 * lines 6 and 7).
 */
export class NestRanges {
  /** Roots of the nests where `at` gave some range (where a range may have changed an answer). */
  readonly answered = new Set<Loop>();
  /** The procedure's ranges, or how to compute them on the first question (null: that failed). */
  private source: ProcedureRanges | (() => ProcedureRanges) | null;
  /** Why computing the ranges failed, when it was tried and failed. */
  error: string | undefined;

  /**
   * `ranges` may be a function computing them: it is called on the first
   * question (issue 16: most procedures never get one, NPB BT's tests ask
   * in 5 of its procedures). If it throws, every question gets no answer
   * and `error` says why.
   */
  constructor(ranges: ProcedureRanges | (() => ProcedureRanges)) {
    this.source = ranges;
  }

  /** Whether the ranges were computed (or tried), by a question or `available`. */
  get computed(): boolean {
    return typeof this.source !== "function";
  }

  /** Whether the ranges could be computed (computing them now if they were not yet). */
  available(): boolean {
    return this.procedure() !== null;
  }

  private procedure(): ProcedureRanges | null {
    if (typeof this.source === "function") {
      const compute = this.source;
      this.source = null;
      try {
        this.source = compute();
      } catch (e) {
        // Conservative: no range is known; the caller reports the failure.
        this.error = (e as Error).message;
      }
    }
    return this.source;
  }

  /** The range of `sym` when the nest rooted at `root` starts; undefined when nothing is known. */
  at(sym: Sym, root: Loop): SymbolRange | undefined {
    const out = this.ends(sym, root);
    if (out) this.answered.add(root);
    return out;
  }

  /** The range of `sym` when the nest rooted at `root` starts, as `at`, without recording it (for heuristics, not answers). */
  peek(sym: Sym, root: Loop): SymbolRange | undefined {
    return this.ends(sym, root);
  }

  /** The range of `sym` just before statement `stmt` runs; undefined when nothing is known. */
  before(sym: Sym, stmt: Stmt): SymbolRange | undefined {
    const ranges = this.procedure();
    if (!ranges) return undefined;
    return rangeEnds(ranges.before(stmt, sym));
  }

  /** Whether `sym` has a range at the nest rooted at `root` (as `at`, without recording it). */
  has(sym: Sym, root: Loop): boolean {
    return this.ends(sym, root) !== undefined;
  }

  private ends(sym: Sym, root: Loop): SymbolRange | undefined {
    const ranges = this.procedure();
    if (!ranges) return undefined;
    return rangeEnds(ranges.before(root, sym));
  }

  /** The fact the report cites for `sym` at the nest rooted at `root`. */
  fact(sym: Sym, root: Loop): RangeFact | undefined {
    const s = this.ends(sym, root);
    if (!s) return undefined;
    const ranges = this.procedure()!;
    return { var: sym.name, range: `${s.min ?? "-inf"}..${s.max ?? "+inf"}`, source: this.sourceText(ranges, ranges.before(root, sym)) };
  }

  private sourceText(ranges: ProcedureRanges, r: VarRange): string {
    if (r.why.length === 0) return "constants, assignments and loop bounds";
    return r.why
      .map((id) => {
        const s = ranges.source(id);
        return s.kind === "condition" ? `condition ${s.text} at line ${s.line}` : s.text;
      })
      .join("; ");
  }
}

/** A range's ends, when it has one. */
function rangeEnds(r: VarRange): SymbolRange | undefined {
  // Conservative: an empty range means no correct execution reaches the point; say nothing rather than anything.
  if (r.set.isAll() || r.set.isEmpty()) return undefined;
  const out: SymbolRange = {};
  if (Number.isFinite(r.set.min)) out.min = r.set.min;
  if (Number.isFinite(r.set.max)) out.max = r.set.max;
  return out.min === undefined && out.max === undefined ? undefined : out;
}
