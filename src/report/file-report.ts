import type { DependenceOptions } from "../analysis/dependence/analyze.js";
import type { DepStats } from "../analysis/dependence/stats.js";
import { cConstruct, loopConstruct, planClauses, simdClauses } from "../emit/emit-program.js";
import type { LoopPlan } from "../parallelize/loop-plan.js";
import { spanLines } from "../parallelize/doacross.js";
import { realignSummary } from "../parallelize/realign.js";
import { planProgram, type ParallelizeOptions, type ProgramPlan } from "../parallelize/plan-program.js";
import { capErrors } from "../diagnostics/cap-errors.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Program } from "../ir/program.js";
import { userLoops } from "../ir/walk.js";
import { exprText } from "../ir/expr-text.js";
import { clauseWords } from "../emit/directive-text.js";
import type { ProgramLink } from "../analysis/link/link-programs.js";
import { causeGroups, type CauseContext } from "./cause-groups.js";
import { ruleOf } from "./rules.js";
import { namesContext } from "./names-context.js";
import type { CauseReportT, DiagnosticReportT, FileReportT, LoopReportT, ProcedureReportT, ReportT } from "./report-schema.js";
import { REPORT_VERSION } from "./report-version.js";

/** One diagnostic as the JSON report shows it. */
export type DiagnosticReport = DiagnosticReportT;
/**
 * One loop in the report (DESIGN.md "Contracts users see"; the fields are
 * described in report-schema.ts, their one declaration). Field names are
 * stable once shipped; the parallelization fields (`parallel`, `emitted`,
 * clauses, `reasons`, `runtimeCheck`) are added by later stages.
 */
export type LoopReport = LoopReportT;
export type ProcedureReport = ProcedureReportT;
export type FileReport = FileReportT;
/** The JSON report of a run, one entry per input file: what `doall parallelize --report` and `doall analyze --json` write. */
export type Report = ReportT;
export type CauseReport = CauseReportT;

/** The report of these files, with its version. */
export function makeReport(files: FileReport[]): Report {
  return { version: REPORT_VERSION, files };
}

export function diagnosticReport(d: Diagnostic): DiagnosticReport {
  return { id: d.id, severity: d.severity, message: d.message, file: d.span?.file ?? null, line: d.span?.line ?? null, column: d.span?.column ?? null };
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
  /** The files of the run (for the causes' fixes: which procedures they define); default the parallelizer's link. */
  link?: ProgramLink;
}

/** Which procedures the files of the run define, or the library provides (a call to one neither does: "give doall the file"). */
function causeContext(program: Program, link: ProgramLink | undefined): CauseContext {
  if (!link?.has(program)) return namesContext([program]);
  // The same for every file of the run: made once (issue 16: each file's report walked every file's procedures).
  let c = linkNames.get(link);
  if (!c) linkNames.set(link, (c = namesContext(link.programs())));
  return c;
}
const linkNames = new WeakMap<ProgramLink, CauseContext>();

/** The per-file report of what the front end found: procedures and every loop (and, by default, the parallelizer's verdicts). */
export function buildFileReport(path: string, program: Program | null, extra: Diagnostic[], options: ReportOptions = {}): FileReport {
  // The first 50 errors and a note counting the rest, as printed (cap-errors.ts).
  const diagnostics = capErrors([...extra, ...(program?.diagnostics ?? [])]).map(diagnosticReport);
  if (!program) return { file: path, language: "unknown", diagnostics, procedures: [], loops: [] };
  const lang = program.file.language;
  const procedures: ProcedureReport[] = [];
  const loops: LoopReport[] = [];
  const analyze = options.dependences !== false || options.plan !== undefined;
  const plan = options.plan ?? (analyze ? planProgram(program, { ...options.parallelize, dependence: options.dependences || undefined, stats: options.stats }) : null);
  for (const w of plan?.warnings ?? []) diagnostics.push({ id: "analysis-failed", severity: "warning", message: w.message, file: w.file, line: w.line, column: null });
  const causes = causeContext(program, options.link ?? options.parallelize?.link);
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
      if (lp) Object.assign(r, planFields(lp, causes));
      loops.push(r);
    }
  }
  return { file: path, language: lang, diagnostics, procedures, loops };
}

/** The parallelization fields of one loop (DESIGN.md's JSON contract). */
export function planFields(lp: LoopPlan, ctx?: CauseContext): Partial<LoopReport> {
  const lang = lp.proc.language;
  const clauses = planClauses(lp);
  const words = clauseWords(clauses, lang);
  const inner = lp.simd && !lp.emitted;
  const construct = loopConstruct(lp);
  const head = `${lang === "fortran" ? "!$omp " : "#pragma omp "}${lang === "fortran" ? construct : cConstruct(construct)}`;
  const shown = inner ? clauseWords(simdClauses(lp), lang) : words;
  const directive = inner || lp.emitted || lp.runtimeCheck ? `${head}${shown.length ? " " + shown.join(" ") : ""}` : null;
  return {
    parallel: lp.parallel,
    emitted: lp.emitted,
    ...(lp.simd ? { simd: true } : {}),
    ...(lp.interchange ? { interchange: { with: lp.interchange.inner.span.line } } : {}),
    ...(lp.fusion ? { fusion: { with: lp.fusion.second.loop.span.line } } : {}),
    ...(lp.emitted && lp.doacross && !lp.rowPipeline ? { doacross: spanLines(lp.loop, lp.doacross) } : {}),
    ...(lp.emitted && lp.rowPipeline ? { rowPipeline: lp.rowPipeline } : {}),
    ...(lp.emitted && lp.orphan ? { orphan: { ...lp.orphan.region, ordered: lp.orphan.ordered !== null, ...(lp.orphan.reversed ? { reversed: true as const } : {}) } } : {}),
    ...(lp.realign ? { realign: realignSummary(lp.loop, lp.realign) } : {}),
    ...(lp.emitted && lp.serialCopy ? { serialCopy: true as const } : {}),
    private: lp.private,
    firstprivate: lp.firstprivate,
    lastprivate: lp.lastprivate,
    reductions: lp.reductions.map((x) => ({ op: x.op, var: x.var, ...(x.array ? { array: true } : {}) })),
    linear: lp.linear,
    collapse: lp.collapse,
    schedule: lp.schedule,
    ifClause: lp.emitted ? clauses.ifCondition ?? null : null,
    reasons: lp.reasons.map((r) => ({ ...r, rule: ruleOf(r).id })),
    omittedDependences: lp.omitted,
    causes: causeGroups(lp, ctx).map((g) => ({ rule: g.rule.id, count: g.reasons.length + g.omitted, summary: g.summary, fix: g.fix, vars: g.vars, calls: g.calls })),
    directive,
    runtimeCheck: lp.runtimeCheck ? (lang === "fortran" ? lp.runtimeCheck.fortran : lp.runtimeCheck.c) : null,
    attributes: lp.attributes,
    ...(lp.facts && lp.facts.length > 0 ? { facts: lp.facts } : {}),
    ...(lp.runtimeCheck && lp.overlaps?.length ? { overlapChecks: lp.overlaps.map((o) => ({ arrays: [o.a, o.b], restrict: o.restrict })) } : {}),
    ...(lp.emitted && lp.threadprivate?.length ? { threadprivate: lp.threadprivate } : {}),
  };
}
