import { Type, type Static } from "@sinclair/typebox";
import { REPORT_VERSION } from "./report-version.js";

/**
 * The JSON report (`doall analyze --json`, `doall parallelize --report`,
 * the library's `report`), declared once: the TypeScript types of
 * file-report.ts are `Static<>` of these schemas, and the build writes
 * them as a JSON Schema, dist/report.schema.json (scripts/bundle.js;
 * exported as "doall/report.schema.json"). Field names are a contract
 * (DESIGN.md "Contracts users see"): fields are added, never renamed;
 * a change of shape bumps REPORT_VERSION and is listed in docs/report.md.
 *
 * Core code imports this module for its types only (`import type`; the
 * version is in report-version.ts), so the browser bundle does not carry
 * TypeBox.
 */


const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const DiagnosticSchema = Type.Object(
  {
    id: Type.String({ description: "Stable id of the kind of problem (e.g. 'parse', 'include-not-found')" }),
    severity: Type.Union([Type.Literal("error"), Type.Literal("warning"), Type.Literal("note")]),
    message: Type.String(),
    file: Nullable(Type.String({ description: "The file the diagnostic is in (an include may differ from the input)" })),
    line: Nullable(Type.Integer()),
    column: Nullable(Type.Integer()),
  },
  { additionalProperties: false },
);

export const ReasonRefSchema = Type.Object(
  {
    line: Type.Integer(),
    column: Type.Optional(Type.Integer({ description: "Column of the reference's first character" })),
    text: Type.Optional(Type.String({ description: "The reference as written, e.g. a(i + 1)" })),
    call: Type.Optional(Type.String({ description: "The procedure the reference is passed to, when it is a call's argument" })),
  },
  { additionalProperties: false },
);

export const ReasonSchema = Type.Object(
  {
    kind: Type.String({ description: "flow, anti, output, input, call, io, exit, scalar, unknown-bound, not-candidate, unanalyzable, too-deep, and the placement kinds nested, not-profitable, existing-directive, included-file, layout, jump-target, concurrent, file-errors (docs/rules.md)" }),
    rule: Type.Optional(Type.String({ description: "The rule id of docs/rules.md this reason falls under" })),
    message: Type.String(),
    var: Type.Optional(Type.String()),
    source: Type.Optional(ReasonRefSchema),
    sink: Type.Optional(ReasonRefSchema),
    distance: Type.Optional(Type.Array(Nullable(Type.Integer()))),
    direction: Type.Optional(Type.Array(Type.String())),
    test: Type.Optional(Type.String({ description: "The dependence test that decided" })),
    line: Type.Optional(Type.Integer({ description: "Line of the statement the reason is about (a call, an I/O statement, a jump)" })),
  },
  { additionalProperties: false },
);

export const CauseSchema = Type.Object(
  {
    rule: Type.String({ description: "Rule id (docs/rules.md)" }),
    count: Type.Integer({ description: "How many reasons this cause groups, omitted ones included" }),
    summary: Type.String(),
    fix: Nullable(Type.String()),
    vars: Type.Array(Type.String()),
    calls: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

export const LoopReportSchema = Type.Object(
  {
    line: Type.Integer({ description: "Line of the DO / for keyword" }),
    endLine: Type.Integer(),
    file: Type.String({ description: "File the loop is in (an included file may differ from the input)" }),
    procedure: Type.String(),
    index: Nullable(Type.String()),
    lower: Nullable(Type.String()),
    upper: Nullable(Type.String()),
    step: Nullable(Type.String()),
    condition: Nullable(Type.String({ description: "The test of a WHILE-style loop" })),
    form: Type.Union([Type.Literal("do"), Type.Literal("while"), Type.Literal("do-until"), Type.Literal("forever")]),
    depth: Type.Integer(),
    parent: Nullable(Type.Integer({ description: "Line of the enclosing loop" })),
    candidate: Type.Boolean({ description: "A counted loop the parallelizer can consider at all" }),
    notCandidate: Type.Optional(Type.String()),
    existingDirective: Type.Optional(Type.String()),
    concurrent: Type.Optional(Type.Literal(true)),
    unanalyzable: Type.Optional(Type.String()),
    parallel: Type.Optional(Type.Boolean({ description: "Proved parallel, without a run-time condition" })),
    reasons: Type.Optional(Type.Array(ReasonSchema)),
    omittedDependences: Type.Optional(
      Nullable(Type.Object({ count: Type.Integer(), vars: Type.Array(Type.String()) }, { additionalProperties: false, description: "Carried dependences past the 20 listed in reasons" })),
    ),
    causes: Type.Optional(Type.Array(CauseSchema, { description: "The reasons grouped by rule, with a summary and a fix" })),
    runtimeCheck: Type.Optional(Nullable(Type.String())),
    overlapChecks: Type.Optional(
      Type.Array(
        Type.Object(
          { arrays: Type.Array(Type.String(), { minItems: 2, maxItems: 2 }), restrict: Nullable(Type.Array(Type.String())) },
          { additionalProperties: false, description: "A pair of C arrays the run-time check keeps apart, and the parameters whose restrict would make the check unnecessary (null: restrict would not)" },
        ),
      ),
    ),
    emitted: Type.Optional(Type.Boolean()),
    interchange: Type.Optional(
      Type.Object(
        { with: Type.Integer({ description: "Line of the parallel loop this serial loop trades places with" }) },
        { description: "The nest is interchanged (--no-restructure keeps it as written): this loop's header and the inner loop's swap, and the directive, on this line, parallelizes the former inner loop; `parallel` and the clauses are the interchanged nest's" },
      ),
    ),
    fusion: Type.Optional(
      Type.Object(
        { with: Type.Integer({ description: "Line of the loop right after it that runs fused with it" }) },
        { description: "Fused with the next loop (--no-restructure keeps them apart): this loop's end and that loop's header lines are emptied, so one header runs both bodies, under the directive on this line; the clauses are the fused loop's" },
      ),
    ),
    realign: Type.Optional(
      Type.Union(
        [
          Type.Object(
            { kind: Type.Literal("align"), from: Type.Integer(), to: Type.Integer(), shift: Type.Integer({ minimum: 1 }) },
            { additionalProperties: false, description: "Aligned: the statements on lines from..to run `shift` iterations later (their reads of the index become index + shift), the loop starts `shift` iterations earlier, and guards keep each statement to the original range; what each iteration read from the statements of the iteration `shift` before it now reads in the same iteration" },
          ),
          Type.Object(
            { kind: Type.Literal("peel"), iteration: Type.Union([Type.Literal("first"), Type.Literal("last")]) },
            { additionalProperties: false, description: "Peeled: a copy of the loop that runs only its first (or last) iteration goes before (or after) it, serially, and the parallel loop runs the others" },
          ),
        ],
        { description: "Parallel once restructured (--no-restructure keeps it as written; parallelize/realign.ts): `parallel` and the clauses are the restructured loop's" },
      ),
    ),
    serialCopy: Type.Optional(Type.Literal(true, { description: "C, under a run-time overlap check: the loop as written runs in the else branch of an `if` on the check put around the directive, so that when the arrays overlap the program runs the serial build's code, not the parallel region on one thread" })),
    doacross: Type.Optional(
      Type.Object(
        { from: Type.Integer(), to: Type.Integer() },
        { description: "Serial as a DOALL loop, but emitted pipelined (`ordered(1)`, parallelize/doacross.ts): the statements on lines from..to run in iteration order between `ordered depend(sink)` and `ordered depend(source)`, the rest of each iteration in parallel" },
      ),
    ),
    rowPipeline: Type.Optional(
      Type.Object(
        { phases: Type.Array(Type.Object({ file: Type.String(), line: Type.Integer(), ordered: Type.Boolean(), reversed: Type.Optional(Type.Literal(true)) }, { additionalProperties: false })) },
        { additionalProperties: false, description: "Pipelined by rows (parallelize/row-pipeline.ts): in place of the `ordered(1)` loop, one `parallel` region around it that every thread runs whole, sharing out the rows of its callees' row loops (`phases`, in the order they run; `ordered`: a row waits for the row before it)" },
      ),
    ),
    orphan: Type.Optional(
      Type.Object(
        { file: Type.String(), line: Type.Integer(), ordered: Type.Boolean(), reversed: Type.Optional(Type.Literal(true)) },
        { additionalProperties: false, description: "A row loop of a row pipeline (parallelize/row-pipeline.ts): `do schedule(static)` ... `end do nowait` inside the region of the loop at file:line; `ordered`: each row waits for the row before it (`ordered(1)`); `reversed`: its header is turned round so that its rows run in the order of the region's other row loops (it carries no dependence)" },
      ),
    ),
    simd: Type.Optional(Type.Boolean({ description: "An innermost loop that gets `simd`, so that the outlined region vectorizes it as the serial build does: with `emitted`, the combined `parallel do simd` / `parallel for simd`; without, `simd` with its private scalars inside the region of an enclosing loop" })),
    threadprivate: Type.Optional(Type.Array(Type.String(), { description: "COMMON blocks the run makes threadprivate for this loop's work arrays (Fortran): `!$omp threadprivate(/b/)` in every unit declaring them" })),
    directive: Type.Optional(Nullable(Type.String({ description: "The directive written (or that would be, on a loop parallel under a check)" }))),
    private: Type.Optional(Type.Array(Type.String())),
    firstprivate: Type.Optional(Type.Array(Type.String())),
    lastprivate: Type.Optional(Type.Array(Type.String())),
    reductions: Type.Optional(Type.Array(Type.Object({ op: Type.String(), var: Type.String(), array: Type.Optional(Type.Boolean()) }, { additionalProperties: false }))),
    linear: Type.Optional(Type.Array(Type.Object({ var: Type.String(), step: Type.String() }, { additionalProperties: false }))),
    collapse: Type.Optional(Type.Integer()),
    schedule: Type.Optional(Nullable(Type.String())),
    ifClause: Type.Optional(Nullable(Type.String())),
    attributes: Type.Optional(Type.Object({ parallel: Type.Boolean(), workArrays: Type.Boolean(), reductionFunctions: Type.Boolean() }, { additionalProperties: false })),
    facts: Type.Optional(Type.Array(Type.Object({ var: Type.String(), range: Type.String(), source: Type.String() }, { additionalProperties: false }))),
  },
  { additionalProperties: false },
);

export const ProcedureReportSchema = Type.Object(
  { name: Type.String(), kind: Type.String(), line: Type.Integer(), unanalyzable: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

export const FileReportSchema = Type.Object(
  {
    file: Type.String(),
    language: Type.Union([Type.Literal("fortran"), Type.Literal("c"), Type.Literal("unknown")]),
    diagnostics: Type.Array(DiagnosticSchema),
    procedures: Type.Array(ProcedureReportSchema),
    loops: Type.Array(LoopReportSchema),
  },
  { additionalProperties: false },
);

export const ReportSchema = Type.Object(
  {
    version: Type.Literal(REPORT_VERSION),
    files: Type.Array(FileReportSchema),
  },
  { additionalProperties: false, title: "doall report", description: "What doall found in each file: its diagnostics, procedures and loops, with the parallelizer's verdicts" },
);

export type DiagnosticReportT = Static<typeof DiagnosticSchema>;
export type ReasonReportT = Static<typeof ReasonSchema>;
export type CauseReportT = Static<typeof CauseSchema>;
export type LoopReportT = Static<typeof LoopReportSchema>;
export type ProcedureReportT = Static<typeof ProcedureReportSchema>;
export type FileReportT = Static<typeof FileReportSchema>;
export type ReportT = Static<typeof ReportSchema>;
