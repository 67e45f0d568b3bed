/**
 * The version of the JSON report's shape (report-schema.ts, docs/report.md).
 * 2: `version` added; a truncated list of dependences is counted in
 * `omittedDependences` (it was a fake reason "and N more possible
 * dependences"); diagnostics keep their `id`; a reference is `{line,
 * column, text, call}` here and in `doall deps --json`; `rule` on each
 * reason, `causes` and `directive` on each loop.
 */
export const REPORT_VERSION = 2;
