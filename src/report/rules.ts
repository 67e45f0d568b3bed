import type { Reason, ReasonKind } from "../parallelize/reason.js";

/**
 * The causes doall gives for a loop, each with a stable id (issue 19 §3),
 * as Intel's optimization report and Codee give one: what `doall explain`,
 * the verdict lines of `doall analyze`, the JSON report's `rule` field and
 * SARIF's `ruleId` say. docs/rules.md documents each one (what it means,
 * an example, how to fix it); a test keeps the two in step.
 *
 * The reasons themselves are data of the parallelizer (parallelize/reason.ts);
 * this table only names them. It has one entry per reason kind, so a new
 * kind does not compile until it is given a rule here (and a section in
 * docs/rules.md). A kind whose reasons have more than one cause (a
 * dependence proved, or only not disproved) picks its rule from the reason's
 * data, never from its message text.
 */
export type RuleId =
  | "recurrence"
  | "carried-dependence"
  | "possible-dependence"
  | "unknown-call"
  | "io-in-loop"
  | "early-exit"
  | "carried-scalar"
  | "bounds-not-proved"
  | "not-counted"
  | "unanalyzable"
  | "too-deep"
  | "existing-directive"
  | "not-profitable"
  | "nested"
  | "included-file"
  | "layout"
  | "jump-target"
  | "do-concurrent"
  | "shared-common"
  | "file-errors";

export interface Rule {
  id: RuleId;
  /** A few words, for a verdict line and SARIF's shortDescription. */
  title: string;
  /** Whether the user can act on it in their source (SARIF lists only those). */
  fixable: boolean;
  /** A placement rule: the loop is parallel, and the directive goes elsewhere or nowhere. */
  placement: boolean;
}

const rule = (id: RuleId, title: string, fixable: boolean, placement = false): Rule => ({ id, title, fixable, placement });

export const RULES: Record<RuleId, Rule> = {
  recurrence: rule("recurrence", "a value flows from one iteration to a later one", false),
  "carried-dependence": rule("carried-dependence", "iterations touch the same elements", false),
  "possible-dependence": rule("possible-dependence", "iterations may touch the same elements", true),
  "unknown-call": rule("unknown-call", "a call whose effects are not known or not safe", true),
  "io-in-loop": rule("io-in-loop", "input/output inside the loop", true),
  "early-exit": rule("early-exit", "the loop can be left early", true),
  "carried-scalar": rule("carried-scalar", "a scalar carries a value between iterations or cannot be private", true),
  "bounds-not-proved": rule("bounds-not-proved", "independent only if subscripts stay within bounds", true),
  "not-counted": rule("not-counted", "not a counted loop", true),
  unanalyzable: rule("unanalyzable", "the procedure is not analyzed", false),
  "too-deep": rule("too-deep", "nested too deep to analyze", false),
  "existing-directive": rule("existing-directive", "OpenMP directives are already there", false, true),
  "not-profitable": rule("not-profitable", "too little work to pay for a parallel region", false, true),
  nested: rule("nested", "an enclosing loop runs in parallel", false, true),
  "included-file": rule("included-file", "the loop is in an included file", true, true),
  layout: rule("layout", "the loop starts after other text on its line", true, true),
  "jump-target": rule("jump-target", "a jump elsewhere goes to the loop's own statement", true, true),
  "do-concurrent": rule("do-concurrent", "a DO CONCURRENT takes no OpenMP directive", false, true),
  "shared-common": rule("shared-common", "a COMMON work array cannot be made threadprivate", true),
  "file-errors": rule("file-errors", "the file has errors, so doall writes nothing into it", true, true),
};

/** How the reasons of one kind are named: one entry per kind. */
const BY_KIND: { [K in ReasonKind]: RuleId | ((r: Reason) => RuleId) } = {
  flow: (r) => (r.test === undefined ? "possible-dependence" : r.distance?.some((d) => d !== null && d !== 0) ? "recurrence" : "carried-dependence"),
  anti: (r) => (r.test === undefined ? "possible-dependence" : "carried-dependence"),
  output: (r) => (r.test === undefined ? "possible-dependence" : "carried-dependence"),
  input: (r) => (r.test === undefined ? "possible-dependence" : "carried-dependence"),
  call: "unknown-call",
  io: "io-in-loop",
  exit: "early-exit",
  scalar: "carried-scalar",
  "unknown-bound": "bounds-not-proved",
  "not-candidate": "not-counted",
  unanalyzable: "unanalyzable",
  "too-deep": "too-deep",
  "existing-directive": "existing-directive",
  "not-profitable": "not-profitable",
  nested: "nested",
  "included-file": "included-file",
  layout: "layout",
  "jump-target": "jump-target",
  concurrent: "do-concurrent",
  "shared-common": "shared-common",
  "file-errors": "file-errors",
};

export function ruleOf(r: Reason): Rule {
  const by = BY_KIND[r.kind];
  return RULES[typeof by === "function" ? by(r) : by];
}
