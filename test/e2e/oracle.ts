import type { DirectiveClauses } from "../../src/emit/directive-text.js";
import { emitCDirectives } from "../../src/emit/c/emit-c.js";
import { emitFortranDirectives } from "../../src/emit/fortran/emit-fortran.js";
import { formForPath } from "../../src/frontend/fortran/source-reader.js";
import type { E2EProgram } from "./lib/corpus.js";
import type { Expectation, Verdict } from "./lib/expectations.js";
import { alignLines, directiveLineFlags } from "./lib/line-diff.js";
import { loopSites, type LoopSite } from "./lib/loop-sites.js";

/**
 * The oracle transformer, for the harness's own tests until the
 * parallelizer exists: it writes the directives an expert would, read off
 * the markers (loops whose verdict is in `verdicts`, with the marker's
 * clauses), through the real emitters. If a marker is wrong, the oracle's
 * program races or fails to compile, so the corpus checks its own markers.
 */
export function oracleTransform(p: E2EProgram, verdicts: Verdict[] = ["parallel"], sites: LoopSite[] = loopSites(p.path, p.text, p.lang)): string {
  const chosen = p.expectations.filter((x) => verdicts.includes(x.verdict));
  const site = (x: Expectation) => {
    const s = sites.find((l) => l.line === x.loopLine);
    if (!s) throw new Error(`${p.name}:${x.markerLine}: marker is not right before a loop`);
    if (!s.counted) throw new Error(`${p.name}:${x.markerLine}: marked ${x.verdict} but is not a counted loop`);
    return s;
  };
  const clauses = (x: Expectation): DirectiveClauses => ({
    private: x.clauses.private,
    firstprivate: x.clauses.firstprivate,
    lastprivate: x.clauses.lastprivate,
    reductions: x.clauses.reductions,
    ...(x.clauses.ifCondition !== undefined ? { ifCondition: x.clauses.ifCondition } : {}),
  });
  let out =
    p.lang === "c"
      ? emitCDirectives(p.text, chosen.map((x) => ({ line: x.loopLine, column: site(x).column, clauses: clauses(x) })))
      : emitFortranDirectives(p.text, formForPath(p.path) ?? "fixed", chosen.map((x) => ({ line: x.loopLine, endLine: site(x).endLine, clauses: clauses(x), end: !site(x).sharedTerminal })));
  const linear = chosen.filter((x) => x.clauses.linear.length);
  if (linear.length) out = addLinearClauses(p, out, linear);
  return out;
}

/**
 * The emitters have no `linear` clause (DirectiveClauses lacks it), so the
 * oracle adds it after them: a continuation line in Fortran (a fixed-form
 * directive must stay within 72 columns), words on the pragma in C.
 */
function addLinearClauses(p: E2EProgram, text: string, loops: Expectation[]): string {
  const a = p.text.split("\n");
  const b = text.split("\n");
  const match = alignLines(a, b);
  const flags = directiveLineFlags(b, p.lang);
  const free = p.lang === "fortran" && formForPath(p.path) === "free";
  const after = new Map<number, string>();
  for (const x of loops) {
    const j = match.indexOf(x.loopLine - 1);
    const last = j - 1;
    if (last < 0 || !flags[last]) throw new Error(`${p.name}:${x.loopLine}: no directive found before the loop`);
    const words = x.clauses.linear.map((l) => `linear(${l.var}:${l.step})`).join(" ");
    if (p.lang === "c") b[last] = `${b[last]} ${words}`;
    else if (free) {
      const indent = /^\s*/.exec(b[last]!)![0];
      b[last] = `${b[last]} &`;
      after.set(last, `${indent}!$omp& ${words}`);
    } else after.set(last, `!$omp& ${words}`);
  }
  return b.flatMap((l, i) => (after.has(i) ? [l, after.get(i)!] : [l])).join("\n");
}
