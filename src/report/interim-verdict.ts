import type { ProcedureDeps } from "../analysis/dependence/analyze.js";
import type { ProcedureFlow } from "../analysis/flow-analysis.js";
import type { Dir } from "../analysis/dependence/problem.js";
import { arrayVerdict, checkText } from "../analysis/dependence/verdict.js";
import type { Procedure } from "../ir/program.js";
import type { Loop } from "../ir/stmt.js";
import { exclusions, type CallVerdict } from "../parallelize/exclusions.js";
import type { Reason } from "../parallelize/reason.js";
import { exprText } from "./expr-text.js";

/**
 * The interim `parallel` verdict of `doall analyze --json` (issue 6 §6)
 * until the parallelization stage decides: a loop is parallel when it has
 * none of seed 004 §0's exclusions and carries no dependence at all:
 * no array dependence (verdict.ts) and no scalar of class "carried" in
 * the dataflow issue's regions (an exposed use, or a conditional last value
 * live after the loop); its index, read-only, private and lastprivate
 * scalars are fine. Reductions are not recognized here (they are carried),
 * nor are arrays privatized. Reasons use the parallelizer's `Reason` shape.
 */
export interface InterimVerdict {
  parallel: boolean;
  reasons: Reason[];
  /** The condition under which the loop would be parallel, in the program's language; null if none. */
  runtimeCheck: string | null;
}

/** Reasons listed per loop before the rest are only counted. */
const MAX_REASONS = 20;

/** Until call summaries exist: intrinsics and known-pure calls are harmless, every other call blocks. */
const callVerdict = (): CallVerdict => ({ kind: "unknown", why: "its effects are not known" });

export function interimVerdict(proc: Procedure, loop: Loop, deps: ProcedureDeps | null, flow: ProcedureFlow | null): InterimVerdict {
  const reasons: Reason[] = [...exclusions(loop, proc, callVerdict)];
  const region = flow?.regions.loops.find((l) => l.loop === loop);
  if (!deps || !region) {
    reasons.push({ kind: "unanalyzable", message: "the dependence analysis of the procedure failed" });
    return { parallel: false, reasons, runtimeCheck: null };
  }
  for (const s of region.scalars) {
    if (s.class !== "carried") continue;
    const message =
      s.why === "conditional-last-value"
        ? `${s.name} is written in some iterations only and is live after the loop: the last value depends on the order`
        : `${s.name} is read before it is written in an iteration, and written in the loop${s.reduction ? ` (a ${s.reduction} reduction candidate)` : ""}`;
    reasons.push({ kind: "scalar", var: s.name, message });
  }
  const simple = reasons.length === 0;
  const arrays = arrayVerdict(deps, loop);
  const lang = proc.language;
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
    const forward = c.source === c.pair.src;
    const vec = c.pair.solution.vectors.find((v) => v.dirs.every((x, i) => (forward ? x : flip(x)) === c.direction[i]));
    const d = vec?.distance ?? c.pair.solution.distance;
    const r: Reason = {
      kind: c.kind,
      var: c.var,
      source: { line: c.source.stmt.span.line, text: exprText(c.source.expr, lang) },
      sink: { line: c.sink.stmt.span.line, text: exprText(c.sink.expr, lang) },
      direction: c.direction.map((x: Dir) => x),
      distance: d.map((x) => (x === null || x === undefined ? null : forward ? x : -x)),
      message: describe(c.exact, c.test, c.why),
    };
    if (c.test) r.test = c.test;
    reasons.push(r);
  }
  if (more > 0) reasons.push({ kind: "unknown-bound", message: `and ${more} more possible dependences` });
  if (arrays.carried.length === 0 && arrays.assumes.length > 0) {
    reasons.push({ kind: "unknown-bound", message: "independent only while subscripts stay within their declared bounds, which is not proved" });
  }
  const runtimeCheck = simple && arrays.runtimeCheck ? checkText(arrays.runtimeCheck, lang) : null;
  return { parallel: reasons.length === 0, reasons, runtimeCheck };
}

const flip = (d: Dir): Dir => (d === "<" ? ">" : d === ">" ? "<" : d);

function describe(exact: boolean, test: string | null, why: string | undefined): string {
  if (why) return `possible dependence: ${why}`;
  if (exact) return "dependence (an integer solution exists)";
  if (test === "siv") return "dependence at a constant distance (SIV test)";
  return "possible dependence: no test could disprove it";
}
