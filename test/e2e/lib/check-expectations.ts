import type { EmittedLoop } from "./emitted-loops.js";
import type { Expectation } from "./expectations.js";

export interface ClauseDifference {
  line: number;
  /** Expected by the marker, not on the directive. */
  missing: string[];
  /** On the directive, not in the marker (often harmless: an inner loop index listed private). */
  extra: string[];
}

export interface ExpectationCheck {
  /** No directive on a loop marked serial, none on a runtime loop without if(), none on an unmarked loop. */
  ok: boolean;
  /** Loops marked serial (or runtime) that got a directive: wrong directives. */
  unsound: { expectation: Expectation; emitted: EmittedLoop; why: string }[];
  /** Loops marked serial whose directive sits on a rewritten loop, or is a doacross one (`ordered(n)`): not judged here, the run decides. */
  rewrittenSerial: { expectation: Expectation; emitted: EmittedLoop }[];
  /** Directives on loops that carry no marker (the corpus marks every loop, so this is a mapping error). */
  unmarked: EmittedLoop[];
  /** Loops marked parallel that got no directive: the precision figure. */
  missed: Expectation[];
  /** Parallel/either/runtime loops whose directive's clauses differ from the marker's. */
  clauseDifferences: ClauseDifference[];
  /** Marked parallel, and how many of those got a directive. */
  precision: { expected: number; found: number };
}

/**
 * Compares what a transformer emitted with the markers. Soundness: a
 * directive on a loop marked `serial` fails. Precision: `parallel` loops
 * left serial are listed, not failed (an expert's target, not a
 * correctness requirement). `emitted` may be loop lines alone.
 */
export function checkExpectations(expectations: Expectation[], emitted: (EmittedLoop | number)[]): ExpectationCheck {
  // Bare line numbers carry no clauses: there is nothing to compare them with.
  const bare = new Set<EmittedLoop>();
  const found = emitted.map((e) => {
    if (typeof e !== "number") return e;
    const x: EmittedLoop = { line: e, directive: "", clauses: { private: [], firstprivate: [], lastprivate: [], reductions: [], linear: [], other: [] }, rewritten: false };
    bare.add(x);
    return x;
  });
  const byLine = new Map(expectations.map((e) => [e.loopLine, e]));
  const emittedLines = new Set(found.map((e) => e.line));
  const r: ExpectationCheck = { ok: true, unsound: [], rewrittenSerial: [], unmarked: [], missed: [], clauseDifferences: [], precision: { expected: 0, found: 0 } };
  for (const e of found) {
    const x = byLine.get(e.line);
    if (!x) {
      r.unmarked.push(e);
      continue;
    }
    if (x.verdict === "serial") {
      // A rewritten loop, or a pipelined one (`ordered(n)`: its carried dependences run in order): the run decides.
      if (e.rewritten || /\bordered\s*\(/i.test(e.directive)) r.rewrittenSerial.push({ expectation: x, emitted: e });
      else r.unsound.push({ expectation: x, emitted: e, why: `marked serial${x.note ? ` (${x.note})` : ""}` });
    } else if (x.verdict === "runtime" && e.clauses.ifCondition === undefined && !e.rewritten) {
      r.unsound.push({ expectation: x, emitted: e, why: `parallel only if ${x.clauses.ifCondition}, but the directive has no if() clause` });
    } else if (!bare.has(e) && e.collapsedInto === undefined) {
      const d = clauseDifference(x, e);
      if (d) r.clauseDifferences.push(d);
    }
  }
  for (const x of expectations) {
    if (x.verdict !== "parallel") continue;
    r.precision.expected++;
    if (emittedLines.has(x.loopLine)) r.precision.found++;
    else r.missed.push(x);
  }
  r.ok = r.unsound.length === 0 && r.unmarked.length === 0;
  return r;
}

function clauseDifference(x: Expectation, e: EmittedLoop): ClauseDifference | undefined {
  const words = (c: { private: string[]; firstprivate: string[]; lastprivate: string[]; reductions: { op: string; var: string }[]; linear: { var: string; step: string }[] }) =>
    new Set([
      ...c.private.map((v) => `private(${v})`),
      ...c.firstprivate.map((v) => `firstprivate(${v})`),
      ...c.lastprivate.map((v) => `lastprivate(${v})`),
      // A C array section names its array (the directive read back keeps the name only): rnmu[0:1] is rnmu.
      ...c.reductions.map((v) => `reduction(${v.op}:${v.var.replace(/\[.*$/, "")})`),
      ...c.linear.map((v) => `linear(${v.var}:${v.step})`),
    ]);
  const want = words(x.clauses);
  const got = words(e.clauses);
  const missing = [...want].filter((w) => !got.has(w));
  const extra = [...got].filter((w) => !want.has(w));
  return missing.length || extra.length ? { line: x.loopLine, missing, extra } : undefined;
}
