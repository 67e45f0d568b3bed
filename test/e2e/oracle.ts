import type { DirectiveClauses } from "../../src/emit/directive-text.js";
import { emitCDirectives } from "../../src/emit/c/emit-c.js";
import { emitFortranDirectives } from "../../src/emit/fortran/emit-fortran.js";
import { formForPath } from "../../src/frontend/fortran/source-reader.js";
import type { E2EProgram } from "./lib/corpus.js";
import type { Expectation, ExpectedClauses, Verdict } from "./lib/expectations.js";
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
  return insertDirectives(p, p.expectations.filter((x) => verdicts.includes(x.verdict)), sites);
}

/**
 * The loops marked parallel, either or runtime, in rounds such that no
 * loop of a round encloses another of the same round. OpenMP runs a
 * parallel region nested in another with one thread (nesting is off by
 * default), so a marker is only tested when no enclosing loop has a
 * directive: round r holds the loops with r marked-safe loops around them.
 */
export function oracleRounds(p: E2EProgram, sites: LoopSite[] = loopSites(p.path, p.text, p.lang)): Expectation[][] {
  // A loop after other text on its line has no room for a directive line, gfortran refuses every
  // directive on a DO CONCURRENT, and a jump to the DO statement would enter the region: even a
  // safe one gets none.
  const midLine = new Set(sites.filter((s) => s.startsMidLine || s.concurrent || s.jumpTarget).map((s) => s.line));
  const safe = new Map(p.expectations.filter((x) => x.verdict !== "serial" && !midLine.has(x.loopLine)).map((x) => [x.loopLine, x]));
  const parent = new Map(sites.map((s) => [s.line, s.parentLine]));
  const rounds: Expectation[][] = [];
  for (const x of safe.values()) {
    let depth = 0;
    for (let at = parent.get(x.loopLine) ?? null; at !== null; at = parent.get(at) ?? null) if (safe.has(at)) depth++;
    (rounds[depth] ??= []).push(x);
  }
  return rounds.filter((r) => r.length);
}

/** A loop to put a directive on, and the directive's clauses. */
export type DirectiveRequest = Pick<Expectation, "loopLine" | "clauses">;

export const NO_CLAUSES: ExpectedClauses = { private: [], firstprivate: [], lastprivate: [], reductions: [], linear: [] };

/**
 * Writes `parallel do` / `parallel for` directives on the given loops with
 * the real emitters: the oracle's markers, or (negative tests) a loop an
 * expert marked serial.
 */
export function insertDirectives(p: E2EProgram, loops: DirectiveRequest[], sites: LoopSite[] = loopSites(p.path, p.text, p.lang)): string {
  const site = (x: DirectiveRequest) => {
    const s = sites.find((l) => l.line === x.loopLine);
    if (!s) throw new Error(`${p.name}:${x.loopLine}: no loop starts on this line`);
    if (!s.counted) throw new Error(`${p.name}:${x.loopLine}: not a counted loop, no directive can go there`);
    return s;
  };
  const clauses = (x: DirectiveRequest): DirectiveClauses => ({
    private: x.clauses.private,
    firstprivate: x.clauses.firstprivate,
    lastprivate: x.clauses.lastprivate,
    reductions: x.clauses.reductions,
    ...(x.clauses.ifCondition !== undefined ? { ifCondition: x.clauses.ifCondition } : {}),
  });
  let out =
    p.lang === "c"
      ? emitCDirectives(p.text, loops.map((x) => ({ line: x.loopLine, clauses: clauses(x) })))
      : emitFortranDirectives(p.text, formForPath(p.path) ?? "fixed", loops.map((x) => ({ line: x.loopLine, endLine: site(x).endLine, clauses: clauses(x), end: !site(x).endOmitted })));
  const linear = loops.filter((x) => x.clauses.linear.length);
  if (linear.length) out = addLinearClauses(p, out, linear);
  return out;
}

/**
 * The emitters have no `linear` clause (DirectiveClauses lacks it), so the
 * oracle adds it after them: a continuation line in Fortran (a fixed-form
 * directive must stay within 72 columns), words on the pragma in C.
 */
function addLinearClauses(p: E2EProgram, text: string, loops: DirectiveRequest[]): string {
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
