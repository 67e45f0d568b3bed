import type { Expr } from "../../ir/expr.js";
import type { AggregateGroup } from "./aggregate.js";
import type { LevelKind } from "./ref-sites.js";
import type { RefAccess, StopCategory } from "./analyze-access.js";
import { patternJson, type PatternJson } from "./pattern.js";

/**
 * The stable JSON shape of `doall access --json` (field names do not
 * change once shipped). Per level: var, start (a formula), stride, num,
 * velocity, accuracy (MUST/MAY), ub — num and ub are numbers when
 * constant, formulas otherwise — plus where the loop is and how the level
 * was obtained.
 */
export interface LevelJson extends PatternJson {
  /** Line of the loop this level is the pattern of. */
  loopLine: number;
  /** "single" (innermost loop) or the convolution rule of §3.1: "(0)".."(3)". */
  rule: string;
  /** §5.2 widenings applied to get this level, e.g. "Num 9 → 10". */
  widened: string[];
}

export interface RefJson {
  file: string;
  line: number;
  column: number;
  procedure: string;
  array: string;
  /** The reference as written, e.g. "a(j, i)". */
  text: string;
  role: string;
  /** Loops around the reference. */
  depth: number;
  loops: { kind: LevelKind; var: string | null; line: number }[];
  status: "full" | "partial" | "failed";
  /** Why the next loop out (failed: the innermost) has no pattern; null when full. */
  reason: { category: StopCategory; message: string; loopLine: number } | null;
  /** Innermost loop first. */
  levels: LevelJson[];
}

export function refJson(r: RefAccess, text: (e: Expr) => string): RefJson {
  return {
    file: r.ref.span.file,
    line: r.ref.span.line,
    column: r.ref.span.column,
    procedure: r.procedure,
    array: r.array.name,
    text: text(r.ref),
    role: r.role,
    depth: r.loops.length,
    loops: r.loops.map((l) => ({ kind: l.kind, var: l.var?.name ?? null, line: l.span.line })),
    status: r.status,
    reason: r.stop ? { category: r.stop.category, message: r.stop.message, loopLine: r.loops[r.stop.loop]!.span.line } : null,
    levels: r.levels.map((l) => ({
      ...patternJson(l.pattern, r.indices),
      loopLine: r.loops[l.loop]!.span.line,
      rule: l.rule,
      widened: l.widenings.map((w) => w.text),
    })),
  };
}

export interface AggregateJson {
  loopLine: number;
  var: string | null;
  array: string;
  role: "write" | "read";
  /** Lines of the references combined. */
  refs: number[];
  /** References to the array in the loop without a pattern at it. */
  missing: number;
  /** One pattern when the union is regular. */
  patterns: PatternJson[];
}

export function aggregateJson(g: AggregateGroup): AggregateJson {
  const order = g.refs[0]?.indices ?? [];
  return {
    loopLine: g.loop.span.line,
    var: g.loop.var?.name ?? null,
    array: g.array.name,
    role: g.role,
    refs: g.refs.map((r) => r.ref.span.line),
    missing: g.missing.length,
    patterns: g.patterns.map((p) => patternJson(p, order)),
  };
}
