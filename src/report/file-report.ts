import { analyzeProcedure, type DependenceOptions, type ProcedureDeps } from "../analysis/dependence/analyze.js";
import type { Reason } from "../parallelize/reason.js";
import { interimVerdict } from "./interim-verdict.js";
import type { DepStats } from "../analysis/dependence/stats.js";
import { summaryLookup } from "../analysis/dependence/call-effects.js";
import { analyzeFlow, type ProcedureFlow } from "../analysis/flow-analysis.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Program } from "../ir/program.js";
import { collectLoops } from "../ir/walk.js";
import { exprText } from "./expr-text.js";

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
  /** Set when the loop's procedure could not be analyzed. */
  unanalyzable?: string;
  /**
   * Interim verdict (issue 6) until the parallelization stage lands: the
   * loop carries no dependence at all (scalars other than its index and
   * private ones included). Absent when dependences were not analyzed.
   */
  parallel?: boolean;
  /** Why the loop is not parallel (DESIGN.md: kind, var, source/sink lines, distance/direction, test). */
  reasons?: Reason[];
  /** The condition under which the loop would be parallel, in the program's language; null if none. */
  runtimeCheck?: string | null;
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

export function diagnosticReport(d: Diagnostic): DiagnosticReport {
  return { severity: d.severity, message: d.message, file: d.span?.file ?? null, line: d.span?.line ?? null, column: d.span?.column ?? null };
}

export interface ReportOptions {
  /** Analyze array and scalar dependences and fill `parallel`, `reasons`, `runtimeCheck`. */
  dependences?: DependenceOptions | false;
  /** Counters per dependence test, added to across files. */
  stats?: DepStats;
}

/** The per-file report of what the front end found: procedures and every loop (and, by default, the interim verdicts). */
export function buildFileReport(path: string, program: Program | null, extra: Diagnostic[], options: ReportOptions = {}): FileReport {
  const diagnostics = [...extra, ...(program?.diagnostics ?? [])].map(diagnosticReport);
  if (!program) return { file: path, language: "unknown", diagnostics, procedures: [], loops: [] };
  const lang = program.file.language;
  const procedures: ProcedureReport[] = [];
  const loops: LoopReport[] = [];
  const flows = new Map<object, ProcedureFlow>();
  if (options.dependences !== false) {
    try {
      for (const f of analyzeFlow(program)) flows.set(f.proc, f);
    } catch (e) {
      // Conservative: without the scalar classes every loop stays serial, and the report says why.
      diagnostics.push({ severity: "warning", message: `dataflow analysis failed: ${(e as Error).message}`, file: path, line: null, column: null });
    }
  }
  // What each call in a loop may touch, from the callees' summaries (the worst for callees without one).
  const summaries = summaryLookup([...flows.values()], lang);
  for (const p of program.procedures) {
    const pr: ProcedureReport = { name: p.name, kind: p.kind, line: p.span.line };
    if (p.unanalyzable) pr.unanalyzable = p.unanalyzable.reason;
    procedures.push(pr);
    let deps: ProcedureDeps | null = null;
    const analyze = options.dependences !== false;
    if (analyze) {
      try {
        deps = analyzeProcedure(p, { summaries, ...(options.dependences || {}) }, options.stats);
      } catch (e) {
        // Conservative: an internal error leaves every loop of the procedure serial, and says so.
        diagnostics.push({ severity: "warning", message: `dependence analysis of ${p.name} failed: ${(e as Error).message}`, file: p.span.file, line: p.span.line, column: p.span.column });
      }
    }
    for (const { loop, depth, parent } of collectLoops(p.body)) {
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
      if (p.unanalyzable) r.unanalyzable = p.unanalyzable.reason;
      if (analyze) {
        const v = interimVerdict(p, loop, deps, flows.get(p) ?? null);
        r.parallel = v.parallel;
        r.reasons = v.reasons;
        r.runtimeCheck = v.runtimeCheck;
      }
      loops.push(r);
    }
  }
  return { file: path, language: lang, diagnostics, procedures, loops };
}
