/**
 * Why a loop is not parallel (or is, with a condition), as data. The JSON
 * report shows these fields (DESIGN.md: `kind`, `var`, `source`/`sink`
 * lines, `distance`/`direction`, `test`); `message` is the sentence the
 * text report and `doall explain` print.
 */
export type ReasonKind =
  | "flow"
  | "anti"
  | "output"
  | "input"
  | "call"
  | "io"
  | "exit"
  | "unknown-bound"
  | "not-candidate"
  | "unanalyzable"
  | "scalar"
  | "existing-directive"
  | "not-profitable"
  | "nested"
  | "included-file"
  | "layout"
  /** Its DO (or for) statement is a jump target: a directive before it would make the jump enter the region. */
  | "jump-target"
  | "too-deep"
  /** A parallel DO CONCURRENT: gfortran accepts no OpenMP directive on it. */
  | "concurrent"
  /** Its COMMON work arrays are private only with the block threadprivate, which the run refused (threadprivate-blocks.ts). */
  | "shared-common"
  /** Its file has errors: doall writes nothing into a file it could not read completely. */
  | "file-errors";

/** The kinds that say why a loop proved parallel gets no directive (where it is, not what it does). */
export const PLACEMENT_KINDS: ReadonlySet<ReasonKind> = new Set<ReasonKind>(["nested", "not-profitable", "existing-directive", "included-file", "layout", "jump-target", "concurrent", "file-errors"]);

/** Whether every reason is an array dependence (flow, anti, output): what a loop's restructuring or pipelining can answer. */
export function arrayDependencesOnly(reasons: readonly Reason[]): boolean {
  return reasons.every((r) => r.kind === "flow" || r.kind === "anti" || r.kind === "output");
}

/** One end of a dependence: the same shape in the JSON report and in `doall deps --json`. */
export interface ReasonRef {
  line: number;
  /** Column of the reference's first character (1-based). */
  column?: number;
  /** The reference as written, e.g. `a(i+1)`. */
  text?: string;
  /** The procedure the reference is passed to, when it is an argument of a call. */
  call?: string;
}

export interface Reason {
  kind: ReasonKind;
  message: string;
  var?: string;
  source?: ReasonRef;
  sink?: ReasonRef;
  distance?: (number | null)[];
  direction?: string[];
  /** The dependence test that decided, or gave up. */
  test?: string;
  /** Line of the statement the reason is about (a call, an I/O statement, a jump). */
  line?: number;
}
