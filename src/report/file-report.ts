import type { DependenceOptions } from "../analysis/dependence/analyze.js";
import type { DepStats } from "../analysis/dependence/stats.js";
import { planClauses } from "../emit/emit-program.js";
import type { LoopAttributes, LoopPlan } from "../parallelize/loop-plan.js";
import { planProgram, type ParallelizeOptions, type ProgramPlan } from "../parallelize/plan-program.js";
import type { Reason } from "../parallelize/reason.js";
import type { RangeFact } from "../analysis/ranges/nest-ranges.js";
import { capErrors } from "../diagnostics/cap-errors.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Program } from "../ir/program.js";
import { userLoops } from "../ir/walk.js";
import { exprText } from "../ir/expr-text.js";

/** One diagnostic as the JSON report shows it. */
export interface DiagnosticReport {
  severity: Diagnostic["severity"];
  message: string;
  /** The file the diagnostic is in (an include may differ from the input). */
  file: string | null;
  line: number | null;
  column: number | null;
}

/**
 * One loop in the report (DESIGN.md "Contracts users see"). Field names are
 * stable once shipped; the parallelization fields (`parallel`, `emitted`,
 * clauses, `reasons`, `runtimeCheck`) are added by later stages.
 */
export interface LoopReport {
  /** Line of the DO / for keyword. */
  line: number;
  endLine: number;
  /** File the loop is in (differs from the input file for loops in included files). */
  file: string;
  procedure: string;
  /** Loop index variable, null for WHILE-style loops. */
  index: string | null;
  lower: string | null;
  upper: string | null;
  step: string | null;
  /** The test of a WHILE-style loop. */
  condition: string | null;
  form: "do" | "while" | "do-until" | "forever";
  depth: number;
  /** Line of the enclosing loop, or null. */
  parent: number | null;
  /** Whether the loop is a counted loop the parallelizer can consider at all. */
  candidate: boolean;
  /** Why not, when `candidate` is false. */
  notCandidate?: string;
  /** An OpenMP directive the user already put on the loop. */
  existingDirective?: string;
  /**
   * A Fortran DO CONCURRENT: `parallel` then rests on the standard's
   * guarantee that its iterations are independent (F2018 11.1.7.5), and
   * no directive is written on it (gfortran accepts none).
   */
  concurrent?: true;
  /** Set when the loop's procedure could not be analyzed. */
  unanalyzable?: string;
  /**
   * Proved parallel (issue 9): no dependence is carried once the clauses
   * (private, lastprivate, reductions, linear) are applied, without a
   * run-time condition. Absent when dependences were not analyzed.
   */
  parallel?: boolean;
  /** Why the loop is not parallel (DESIGN.md: kind, var, source/sink lines, distance/direction, test). */
  reasons?: Reason[];
  /** The condition under which the loop would be parallel, in the program's language; null if none. */
  runtimeCheck?: string | null;
  /**
   * The pairs of C arrays the run-time check tests do not overlap, and the
   * parameters whose `restrict` would make the loop parallel without it
   * (null when restrict would not). Absent when there are none.
   */
  overlapChecks?: { arrays: [string, string]; restrict: string[] | null }[];
  /** A directive was written on this loop (`doall parallelize`). */
  emitted?: boolean;
  private?: string[];
  firstprivate?: string[];
  lastprivate?: string[];
  /** `array`: a whole array reduced (OpenMP array reduction). */
  reductions?: { op: string; var: string; array?: boolean }[];
  /** Induction variables given to OpenMP as `linear(var:step)`. */
  linear?: { var: string; step: string }[];
  /** `collapse(n)` on the directive (1: none). */
  collapse?: number;
  schedule?: string | null;
  /** The whole `if(...)` condition of the directive: run-time check and profitability guard. */
  ifClause?: string | null;
  /** Seed 004 §0's loop-node attributes. */
  attributes?: LoopAttributes;
  /**
   * The value ranges (issue 7, seed 003) the loop's parallel verdict rests
   * on: present only on a parallel loop whose array dependences are
   * disproved with the ranges and not without them; each is the range, at
   * the nest's start, of a symbol of the reference pairs the ranges
   * decided (range-facts-used.ts).
   */
  facts?: RangeFact[];
}

export interface ProcedureReport {
  name: string;
  kind: string;
  line: number;
  unanalyzable?: string;
}

export interface FileReport {
  file: string;
  language: "fortran" | "c" | "unknown";
  diagnostics: DiagnosticReport[];
  procedures: ProcedureReport[];
  loops: LoopReport[];
}

/** The JSON report of a run, one entry per input file: what `doall parallelize --report` and `doall analyze --json` write. */
export interface Report {
  files: FileReport[];
}

export function diagnosticReport(d: Diagnostic): DiagnosticReport {
  return { severity: d.severity, message: d.message, file: d.span?.file ?? null, line: d.span?.line ?? null, column: d.span?.column ?? null };
}

export interface ReportOptions {
  /** Analyze array and scalar dependences and fill `parallel`, `reasons`, `runtimeCheck`. */
  dependences?: DependenceOptions | false;
  /** Counters per dependence test, added to across files. */
  stats?: DepStats;
  /** Options of the parallelizer (the bounds assumption). */
  parallelize?: ParallelizeOptions;
  /** A plan already made for this program (doall parallelize): reported as it is. */
  plan?: ProgramPlan;
}

/** The per-file report of what the front end found: procedures and every loop (and, by default, the interim verdicts). */
export function buildFileReport(path: string, program: Program | null, extra: Diagnostic[], options: ReportOptions = {}): FileReport {
  // The first 50 errors and a note counting the rest, as printed (cap-errors.ts).
  const diagnostics = capErrors([...extra, ...(program?.diagnostics ?? [])]).map(diagnosticReport);
  if (!program) return { file: path, language: "unknown", diagnostics, procedures: [], loops: [] };
  const lang = program.file.language;
  const procedures: ProcedureReport[] = [];
  const loops: LoopReport[] = [];
  const analyze = options.dependences !== false || options.plan !== undefined;
  const plan = options.plan ?? (analyze ? planProgram(program, { ...options.parallelize, dependence: options.dependences || undefined, stats: options.stats }) : null);
  for (const w of plan?.warnings ?? []) diagnostics.push({ severity: "warning", message: w.message, file: w.file, line: w.line, column: null });
  const plans = new Map<object, LoopPlan>((plan?.loops ?? []).map((x) => [x.loop, x]));
  for (const p of program.procedures) {
    const pr: ProcedureReport = { name: p.name, kind: p.kind, line: p.span.line };
    if (p.unanalyzable) pr.unanalyzable = p.unanalyzable.reason;
    procedures.push(pr);
    for (const { loop, depth, parent } of userLoops(p.body)) {
      const r: LoopReport = {
        line: loop.span.line,
        endLine: loop.endSpan.endLine,
        file: loop.span.file,
        procedure: p.name,
        index: loop.index?.name ?? null,
        lower: loop.lower ? exprText(loop.lower, lang) : null,
        upper: loop.upper ? exprText(loop.upper, lang) : null,
        step: loop.step ? exprText(loop.step, lang) : null,
        condition: loop.cond ? exprText(loop.cond, lang) : null,
        form: loop.form,
        depth,
        parent: parent ? parent.span.line : null,
        candidate: loop.candidate,
      };
      if (!loop.candidate && loop.notCandidate) r.notCandidate = loop.notCandidate;
      if (loop.existingDirective) r.existingDirective = loop.existingDirective;
      if (loop.concurrent) r.concurrent = true;
      if (p.unanalyzable) r.unanalyzable = p.unanalyzable.reason;
      const lp = plans.get(loop);
      if (lp) Object.assign(r, planFields(lp));
      loops.push(r);
    }
  }
  return { file: path, language: lang, diagnostics, procedures, loops };
}

/** The parallelization fields of one loop (DESIGN.md's JSON contract). */
export function planFields(lp: LoopPlan): Partial<LoopReport> {
  const lang = lp.proc.language;
  const clauses = planClauses(lp);
  return {
    parallel: lp.parallel,
    emitted: lp.emitted,
    private: lp.private,
    firstprivate: lp.firstprivate,
    lastprivate: lp.lastprivate,
    reductions: lp.reductions.map((x) => ({ op: x.op, var: x.var, ...(x.array ? { array: true } : {}) })),
    linear: lp.linear,
    collapse: lp.collapse,
    schedule: lp.schedule,
    ifClause: lp.emitted ? clauses.ifCondition ?? null : null,
    reasons: lp.reasons,
    runtimeCheck: lp.runtimeCheck ? (lang === "fortran" ? lp.runtimeCheck.fortran : lp.runtimeCheck.c) : null,
    attributes: lp.attributes,
    ...(lp.facts && lp.facts.length > 0 ? { facts: lp.facts } : {}),
    ...(lp.runtimeCheck && lp.overlaps?.length ? { overlapChecks: lp.overlaps.map((o) => ({ arrays: [o.a, o.b] as [string, string], restrict: o.restrict })) } : {}),
  };
}
