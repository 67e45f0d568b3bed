import type { Lang } from "./toolchain.js";

/**
 * What an expert expects of one loop, written in the program as a comment
 * on the line right before the loop (grammar in test/e2e/README.md):
 *
 *   parallel  an expert parallelizes this loop (a precision target);
 *   either    a directive would be correct but is not worth it (inner loop
 *             of a parallel nest, tiny trip count);
 *   serial    a parallel directive on this loop, as written, is wrong;
 *   runtime   parallel only when a run-time test holds: a directive is
 *             correct only with an `if(...)` clause.
 */
export type Verdict = "parallel" | "either" | "serial" | "runtime";

export interface ExpectedClauses {
  private: string[];
  firstprivate: string[];
  lastprivate: string[];
  reductions: { op: string; var: string }[];
  /** OpenMP `linear(k:2)`: an induction variable stepping with the loop. */
  linear: { var: string; step: string }[];
  /** Condition of the `if(...)` clause, as written. */
  ifCondition?: string;
}

export interface Expectation {
  /** Line of the marker comment. */
  markerLine: number;
  /** Line of the loop it describes (the next line). */
  loopLine: number;
  verdict: Verdict;
  clauses: ExpectedClauses;
  /** The text after `--`: why. */
  note?: string;
}

export interface ProgramOptions {
  /** Relative tolerance for numbers in the output (`doall-e2e: tolerance 1e-12`). */
  tolerance?: number;
}

export class MarkerError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const VERDICTS = new Set<Verdict>(["parallel", "either", "serial", "runtime"]);
const LIST_CLAUSES = new Set(["private", "firstprivate", "lastprivate"]);

/** The comment text of a line if it is a whole-line comment, else undefined. */
export function commentText(line: string, lang: Lang): string | undefined {
  const l = line.replace(/\r$/, "");
  if (lang === "c") {
    const m = /^\s*\/\/(.*)$/.exec(l) ?? /^\s*\/\*(.*?)\*\/\s*$/.exec(l);
    return m?.[1];
  }
  // Fixed form: c, C, * or ! in column 1; free form (and fixed): ! after blanks.
  // The column-1 letter must not start a word, so that a free-form `call`
  // or `contains` in column 1 is not taken for a comment.
  const m = /^[cC*](?![\w$])(.*)$/.exec(l) ?? /^\s*!(?!\$)(.*)$/.exec(l);
  return m?.[1];
}

/** Every `doall:` marker of a program, in line order. Throws MarkerError on a malformed one. */
export function parseExpectations(source: string, lang: Lang): Expectation[] {
  const out: Expectation[] = [];
  source.split("\n").forEach((line, i) => {
    const c = commentText(line, lang);
    if (c === undefined) return;
    const m = /^\s*doall:(.*)$/.exec(c);
    if (!m) {
      if (/\bdoall:/.test(c)) throw new MarkerError(i + 1, `a doall: marker must start its comment: ${line.trim()}`);
      return;
    }
    out.push(parseMarker(m[1]!, i + 1, lang));
  });
  return out;
}

/** The `doall-e2e:` options a program declares in its comments. */
export function parseProgramOptions(source: string, lang: Lang): ProgramOptions {
  const opts: ProgramOptions = {};
  source.split("\n").forEach((line, i) => {
    const c = commentText(line, lang);
    const m = c === undefined ? null : /\bdoall-e2e:\s*(.*)$/.exec(c);
    if (!m) return;
    const t = /^tolerance\s+(\S+)\s*$/.exec(m[1]!);
    const v = t ? Number(t[1]) : NaN;
    if (!t || !(v >= 0)) throw new MarkerError(i + 1, `unknown doall-e2e option (expected 'tolerance NUMBER'): ${m[1]}`);
    opts.tolerance = v;
  });
  return opts;
}

function parseMarker(body: string, line: number, lang: Lang): Expectation {
  const dash = body.indexOf("--");
  const note = dash >= 0 ? body.slice(dash + 2).trim() : undefined;
  let rest = (dash >= 0 ? body.slice(0, dash) : body).trim();
  const v = /^(\w+)/.exec(rest)?.[1] ?? "";
  if (!VERDICTS.has(v as Verdict)) throw new MarkerError(line, `unknown verdict '${v}' (parallel, either, serial or runtime)`);
  rest = rest.slice(v.length).trim();
  const clauses: ExpectedClauses = { private: [], firstprivate: [], lastprivate: [], reductions: [], linear: [] };
  const name = (s: string) => (lang === "fortran" ? s.trim().toLowerCase() : s.trim());
  while (rest) {
    const open = /^(\w+)\s*\(/.exec(rest);
    if (!open) throw new MarkerError(line, `expected a clause like private(t), got '${rest}'`);
    const close = matchingParen(rest, open[0].length - 1);
    if (close < 0) throw new MarkerError(line, `unbalanced parentheses in '${rest}'`);
    const kw = open[1]!.toLowerCase();
    const inner = rest.slice(open[0].length, close).trim();
    rest = rest.slice(close + 1).trim();
    if (LIST_CLAUSES.has(kw)) clauses[kw as "private"].push(...splitList(inner, line).map(name));
    else if (kw === "reduction") {
      const colon = inner.indexOf(":"); // the first: an array section after the name has its own (rms[0:5])
      if (colon <= 0) throw new MarkerError(line, `reduction needs op:vars, got '${inner}'`);
      const op = inner.slice(0, colon).trim().toLowerCase();
      for (const x of splitList(inner.slice(colon + 1), line)) clauses.reductions.push({ op, var: name(x) });
    } else if (kw === "linear") {
      for (const x of splitList(inner, line)) {
        const [var_, step] = x.split(":");
        clauses.linear.push({ var: name(var_!), step: (step ?? "1").trim() });
      }
    } else if (kw === "if") {
      if (!inner) throw new MarkerError(line, "empty if()");
      clauses.ifCondition = inner;
    } else throw new MarkerError(line, `unknown clause '${kw}'`);
  }
  if (v === "runtime" && clauses.ifCondition === undefined) throw new MarkerError(line, "a 'runtime' loop needs the if(condition) under which it is parallel");
  if (v === "serial" && hasClauses(clauses)) throw new MarkerError(line, "a 'serial' marker takes no clauses");
  return { markerLine: line, loopLine: line + 1, verdict: v as Verdict, clauses, ...(note ? { note } : {}) };
}

function hasClauses(c: ExpectedClauses): boolean {
  return c.private.length + c.firstprivate.length + c.lastprivate.length + c.reductions.length + c.linear.length > 0 || c.ifCondition !== undefined;
}

export function matchingParen(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "(") depth++;
    else if (s[i] === ")" && --depth === 0) return i;
  }
  return -1;
}

function splitList(s: string, line: number): string[] {
  const xs = s.split(",").map((x) => x.trim());
  if (xs.some((x) => x === "")) throw new MarkerError(line, `empty name in list '${s}'`);
  return xs;
}
