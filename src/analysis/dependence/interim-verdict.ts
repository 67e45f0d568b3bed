import type { Language, Procedure } from "../../ir/program.js";
import type { Loop } from "../../ir/stmt.js";
import type { ProcedureDeps } from "./analyze.js";
import { scalarBlockers } from "./interim-scalars.js";
import { arrayVerdict, checkText } from "./verdict.js";

/**
 * The interim `parallel` verdict of `doall analyze --json` (issue 6 §6),
 * until the parallelization issue lands: a loop is parallel when it
 * carries no dependence at all, scalars included (except its own index and
 * scalars defined before any use in every iteration, which are private),
 * and has no call, I/O or early exit. No reduction, privatization of
 * arrays or transform is attempted here.
 */
export interface InterimReason {
  /** flow, anti, output, input, call, io, exit, unknown, not-candidate. */
  kind: string;
  var: string | null;
  /** Lines of the source and sink references (the statement), when there are two. */
  source: number | null;
  sink: number | null;
  /** Iterations of this loop from source to sink, when known. */
  distance: number | null;
  /** Direction vector over the common loops, e.g. "(=,<)". */
  direction: string | null;
  /** The test that decided: "exact" or "siv" for dependences found, null when none could disprove it. */
  test: string | null;
  why?: string;
}

export interface InterimVerdict {
  parallel: boolean;
  reasons: InterimReason[];
  /** The condition under which the loop would be parallel (program's language), or null. */
  runtimeCheck: string | null;
}

/** Reasons listed per loop before the rest are only counted. */
const MAX_REASONS = 20;

export function interimVerdict(proc: Procedure, loop: Loop, deps: ProcedureDeps | null, lang: Language): InterimVerdict {
  const reasons: InterimReason[] = [];
  const simple = (kind: string, why: string, line: number | null = null, v: string | null = null): InterimReason => ({ kind, var: v, source: line, sink: null, distance: null, direction: null, test: null, why });
  if (!loop.candidate) reasons.push(simple("not-candidate", loop.notCandidate ?? "not a counted loop"));
  if (proc.unanalyzable) reasons.push(simple("unknown", proc.unanalyzable.reason, proc.unanalyzable.span.line));
  if (!deps) return { parallel: false, reasons: reasons.length ? reasons : [simple("unknown", "dependence analysis failed")], runtimeCheck: null };
  for (const b of scalarBlockers(loop)) reasons.push(simple(b.kind, b.why, b.line, b.var));
  const scalarOk = reasons.length === 0;
  const arrays = arrayVerdict(deps, loop);
  const seen = new Set<string>();
  let more = 0;
  for (const c of arrays.carried) {
    const key = `${c.kind}|${c.var}|${c.source.stmt.span.line}|${c.sink.stmt.span.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > MAX_REASONS) {
      more++;
      continue;
    }
    const r: InterimReason = {
      kind: c.kind,
      var: c.var,
      source: c.source.stmt.span.line,
      sink: c.sink.stmt.span.line,
      distance: c.distance,
      direction: `(${c.direction.join(",")})`,
      test: c.test,
    };
    r.why = c.why ?? (c.exact ? "a dependence exists" : c.test === "siv" ? "constant distance" : "no test could disprove it");
    reasons.push(r);
  }
  if (more > 0) reasons.push(simple("more", `${more} more dependences`));
  if (arrays.carried.length === 0 && arrays.assumes.length > 0) {
    reasons.push(simple("bounds", "independent only while subscripts stay within their declared bounds (not proved)"));
  }
  const runtimeCheck = scalarOk && arrays.runtimeCheck ? checkText(arrays.runtimeCheck, lang) : null;
  return { parallel: reasons.length === 0, reasons, runtimeCheck };
}
