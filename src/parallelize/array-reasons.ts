import type { Dir } from "../analysis/dependence/problem.js";
import type { CarriedDependence } from "../analysis/dependence/verdict.js";
import type { Language } from "../ir/program.js";
import { exprText } from "../ir/expr-text.js";
import type { Reason } from "./reason.js";

/** Reasons listed per loop before the rest are only counted. */
const MAX_REASONS = 20;

/**
 * The carried array dependences that keep a loop serial, as reasons
 * (DESIGN.md: kind, var, source/sink with lines and text, direction,
 * distance at each common loop, the deciding test), one per pair of
 * statements and kind.
 */
export function carriedReasons(carried: readonly CarriedDependence[], lang: Language): Reason[] {
  const out: Reason[] = [];
  const seen = new Set<string>();
  let more = 0;
  for (const c of carried) {
    const key = `${c.kind}|${c.var}|${c.source.stmt.span.line}|${c.sink.stmt.span.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > MAX_REASONS) {
      more++;
      continue;
    }
    const forward = c.source === c.pair.src;
    const d = c.vector.distance;
    const r: Reason = {
      kind: c.kind,
      var: c.var,
      source: { line: c.source.stmt.span.line, text: exprText(c.source.expr, lang) },
      sink: { line: c.sink.stmt.span.line, text: exprText(c.sink.expr, lang) },
      direction: c.direction.map((x: Dir) => x),
      // 0 - x, not -x: a distance 0 reversed is 0, not the -0 a library user would get (JSON hides it).
      distance: d.map((x) => (x === null || x === undefined ? null : forward ? x : 0 - x)),
      message: describe(c),
    };
    if (c.test) r.test = c.test;
    out.push(r);
  }
  if (more > 0) out.push({ kind: "unknown-bound", message: `and ${more} more possible dependences` });
  return out;
}

function describe(c: CarriedDependence): string {
  if (c.why) return `possible dependence: ${c.why}`;
  if (c.exact) return "dependence (an integer solution exists)";
  if (c.test === "siv") return "dependence at a constant distance (SIV test)";
  return "possible dependence: no test could disprove it";
}
