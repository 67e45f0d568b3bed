import type { Dir } from "../analysis/dependence/problem.js";
import type { ArrayRef } from "../analysis/dependence/references.js";
import type { CarriedDependence } from "../analysis/dependence/verdict.js";
import type { Language } from "../ir/program.js";
import { exprText } from "../ir/expr-text.js";
import type { Reason, ReasonRef } from "./reason.js";

/** Reasons listed per loop before the rest are only counted. */
const MAX_REASONS = 20;

/**
 * The carried array dependences that keep a loop serial, as reasons
 * (DESIGN.md: kind, var, source/sink with lines and text, direction,
 * distance at each common loop, the deciding test), one per pair of
 * statements and kind. Past MAX_REASONS the rest are counted, with the
 * variables they are on (`omitted`), not listed.
 */
export function carriedReasons(carried: readonly CarriedDependence[], lang: Language): { reasons: Reason[]; omitted: OmittedDependences | null } {
  const out: Reason[] = [];
  const seen = new Set<string>();
  let more = 0;
  const moreVars = new Set<string>();
  for (const c of carried) {
    const key = `${c.kind}|${c.var}|${c.source.stmt.span.line}|${c.sink.stmt.span.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > MAX_REASONS) {
      more++;
      moreVars.add(c.var);
      continue;
    }
    const forward = c.source === c.pair.src;
    const d = c.vector.distance;
    const r: Reason = {
      kind: c.kind,
      var: c.var,
      source: refOf(c.source, lang),
      sink: refOf(c.sink, lang),
      direction: c.direction.map((x: Dir) => x),
      // 0 - x, not -x: a distance 0 reversed is 0, not the -0 a library user would get (JSON hides it).
      distance: d.map((x) => (x === null || x === undefined ? null : forward ? x : 0 - x)),
      message: describe(c),
    };
    if (c.test) r.test = c.test;
    out.push(r);
  }
  return { reasons: out, omitted: more > 0 ? { count: more, vars: [...moreVars].sort() } : null };
}

/** The dependences of a loop past the first MAX_REASONS: how many, on which variables. */
export interface OmittedDependences {
  count: number;
  vars: string[];
}

/** One end of a dependence: its statement's line, the reference's column and text, the procedure it is passed to. */
function refOf(r: ArrayRef, lang: Language): ReasonRef {
  const out: ReasonRef = { line: r.stmt.span.line };
  if (r.expr.span && r.expr.span.line === r.stmt.span.line) out.column = r.expr.span.column;
  out.text = exprText(r.expr, lang);
  if (r.stmt.kind === "call" && r.stmt.args.includes(r.expr)) out.call = r.stmt.name;
  return out;
}

function describe(c: CarriedDependence): string {
  if (c.why) return `possible dependence: ${c.why}`;
  if (c.exact) return "dependence (an integer solution exists)";
  if (c.test === "siv") return "dependence at a constant distance (SIV test)";
  return "possible dependence: no test could disprove it";
}
