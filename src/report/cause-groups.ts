import type { LoopPlan } from "../parallelize/loop-plan.js";
import { PLACEMENT_KINDS, type Reason, type ReasonRef } from "../parallelize/reason.js";
import { RULES, ruleOf, type Rule, type RuleId } from "./rules.js";
import { groupThousands } from "../util/group-thousands.js";

/**
 * A loop's reasons grouped by cause (issue 19 §3): one group per rule, in
 * the order the parallelizer gave them (exclusions, scalars, then arrays),
 * each with one sentence that sums it up and, where there is one, what to
 * do. Long lists are counted, not repeated: "3,036 possible dependences
 * between fjac, lhs and njac through calls to matvec_sub".
 */
export interface CauseGroup {
  rule: Rule;
  reasons: Reason[];
  /** Reasons of this cause past the ones listed (the plan's `omitted`). */
  omitted: number;
  /** The variables involved, in order of first mention. */
  vars: string[];
  /** The procedures involved: the callees of `unknown-call`, the calls references are passed to. */
  calls: string[];
  summary: string;
  /** A concrete fix, or null when there is none. */
  fix: string | null;
}

/** What the fixes may look up beyond the reasons: which procedures the run defines, where a variable lives. */
export interface CauseContext {
  /** Whether a procedure of this name is defined in the files of the run (or the library provides it). */
  defines(name: string): boolean;
  /** Whether the name is a library routine the run calls (C library, Fortran intrinsic), not a procedure of its files. */
  library?(name: string): boolean;
}

export function causeGroups(plan: LoopPlan, ctx?: CauseContext): CauseGroup[] {
  const byRule = new Map<RuleId, Reason[]>();
  for (const r of plan.reasons) {
    const id = ruleOf(r).id;
    byRule.set(id, [...(byRule.get(id) ?? []), r]);
  }
  // The dependences past the listed ones are "possible" ones of the same loop (array-reasons.ts counts them).
  if (plan.omitted && !byRule.has("possible-dependence") && !byRule.has("carried-dependence") && !byRule.has("recurrence")) byRule.set("possible-dependence", []);
  const omittedGoesTo = byRule.has("possible-dependence") ? "possible-dependence" : byRule.has("carried-dependence") ? "carried-dependence" : "recurrence";
  const groups: CauseGroup[] = [];
  for (const [id, reasons] of byRule) {
    const omitted = plan.omitted && id === omittedGoesTo ? plan.omitted.count : 0;
    const vars = unique([...reasons.flatMap((r) => (r.var && r.kind !== "call" ? r.var.split("/") : [])), ...(omitted ? plan.omitted!.vars.flatMap((v) => v.split("/")) : [])]);
    const calls = unique(reasons.flatMap((r) => (r.kind === "call" && r.var ? [r.var] : [r.source?.call, r.sink?.call].filter((c): c is string => !!c))));
    const g: CauseGroup = { rule: RULES[id], reasons, omitted, vars, calls, summary: "", fix: null };
    g.summary = summarize(g);
    g.fix = fixFor(g, plan, ctx);
    groups.push(g);
  }
  // A call doall knows nothing of may touch every variable it can reach: the scalars and arrays it
  // blocks may be fine once its file is given, so that comes first.
  const unknown = groups.find((g) => g.rule.id === "unknown-call" && ctx && g.calls.some((c) => !ctx.defines(c)));
  if (unknown) for (const g of groups) if (g.rule.id === "carried-scalar" || (g.rule.id === "possible-dependence" && g.calls.length === 0)) g.fix = `first give doall the files of the calls (${unknown.rule.id} above): what they touch may free these`;
  return groups;
}

/** The groups that keep the loop serial (not the placement ones). */
export function blockingGroups(groups: CauseGroup[]): CauseGroup[] {
  return groups.filter((g) => !g.rule.placement);
}

const unique = (xs: string[]) => [...new Set(xs)];
/** 1234567 as "1,234,567", as toLocaleString("en-US") writes it (group-thousands.ts). */
export const count = (n: number) => (Number.isSafeInteger(n) ? groupThousands(String(n)) : n.toLocaleString("en-US"));
const plural = (n: number, one: string, many = one + "s") => `${count(n)} ${n === 1 ? one : many}`;

/** "a, b and c" */
export function listWords(xs: string[], max = 6): string {
  const shown = xs.slice(0, max);
  const rest = xs.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} more`;
  return shown.length <= 1 ? shown.join("") : `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

/** "line 5", or "lines 5-9". */
export function linesText(from: number, to: number): string {
  return from === to ? `line ${from}` : `lines ${from}-${to}`;
}

export function refText(r: ReasonRef): string {
  return `${r.text ?? "?"} at line ${r.line}${r.column ? `:${r.column}` : ""}`;
}

/** One dependence in a phrase: "u(i - 1, j) at line 28 -> u(i, j) at line 38, direction (<), distance 1 (siv test)". */
export function dependencePhrase(r: Reason): string {
  if (!r.source || !r.sink) return r.message;
  const dir = r.direction?.length ? `, direction (${r.direction.join(", ")})` : "";
  const dist = r.distance?.some((d) => d !== null) ? `, distance ${r.distance.map((d) => (d === null ? "?" : String(d))).join(", ")}` : "";
  const test = r.test ? ` (${r.test} test)` : "";
  return `${r.kind} dependence on ${r.var}: ${refText(r.source)} -> ${refText(r.sink)}${dir}${dist}${test}`;
}

function summarize(g: CauseGroup): string {
  const first = g.reasons[0];
  const n = g.reasons.length + g.omitted;
  switch (g.rule.id) {
    case "recurrence": {
      const r = first!;
      const d = r.distance?.find((x) => x !== null && x !== 0);
      return `the value written to ${r.source?.text} at line ${r.source?.line} is read as ${r.sink?.text} at line ${r.sink?.line}, ${d} iteration${d === 1 ? "" : "s"} later${n > 1 ? ` (and ${plural(n - 1, "more dependence")})` : ""}`;
    }
    case "carried-dependence":
    case "possible-dependence": {
      const what = g.rule.id === "possible-dependence" ? "possible dependence" : "dependence";
      const between = g.vars.length > 1 ? `between ${listWords(g.vars)}` : `on ${g.vars[0] ?? "an array"}`;
      const through = g.calls.length ? ` through calls to ${listWords(g.calls)}` : "";
      if (n === 1) return `${what} ${between}${through}: ${first ? dependencePhrase(first) : ""}${first?.message && first.source ? `; ${first.message}` : ""}`;
      return `${plural(n, what)} ${between}${through}; the first: ${first ? dependencePhrase(first) : ""}`;
    }
    case "unknown-call": {
      const lines = (name: string) => g.reasons.filter((r) => r.var === name).map((r) => r.line);
      const where = g.calls.map((c) => `${c} (line${lines(c).length > 1 ? "s" : ""} ${lines(c).join(", ")})`);
      return g.reasons.length === 1 ? first!.message : `calls to ${listWords(where, 4)}; the first: ${first!.message}`;
    }
    case "io-in-loop":
      return g.reasons.length === 1 ? first!.message : `I/O at lines ${g.reasons.map((r) => r.line).join(", ")}: I/O must happen in order`;
    case "carried-scalar":
      return g.reasons.length === 1 ? first!.message : `${plural(g.reasons.length, "scalar")} (${listWords(g.vars, 8)}); the first: ${first!.message}`;
    default:
      return g.reasons.length === 1 ? first!.message : `${first!.message} (and ${plural(g.reasons.length - 1, "more")})`;
  }
}

function fixFor(g: CauseGroup, plan: LoopPlan, ctx: CauseContext | undefined): string | null {
  const lang = plan.proc.language;
  const missing = (names: string[]) => (ctx ? names.filter((c) => !ctx.defines(c)) : []);
  switch (g.rule.id) {
    case "recurrence": {
      const r = g.reasons[0]!;
      return `the recurrence on ${r.sink?.text ?? r.var} needs a different algorithm (a scan, a wavefront, or another order of the computation): doall does not change algorithms`;
    }
    case "carried-dependence": {
      const unseen = liveThroughFix(g, plan, ctx);
      if (unseen) return unseen;
      const r = g.reasons[0]!;
      if (r.kind === "anti" && g.vars.length === 1) return `read a copy of ${g.vars[0]} made before the loop, so that no iteration reads what another overwrites`;
      return null;
    }
    case "possible-dependence": {
      const gone = missing(g.calls);
      if (gone.length) return `give doall the file that defines ${listWords(gone)}, so that it knows what ${gone.length > 1 ? "those calls touch" : "the call touches"}`;
      const unseen = liveThroughFix(g, plan, ctx);
      if (unseen) return unseen;
      const pairs = g.reasons.filter((r) => r.var?.includes("/")).map((r) => r.var!.split("/"));
      if (lang === "c" && pairs.length) {
        const ptrs = unique(pairs.flat()).filter((v) => plan.proc.params.some((p) => p.name === v));
        if (ptrs.length >= 1) return `if ${listWords(ptrs)} never overlap, declare ${ptrs.length > 1 ? "them" : "it"} \`restrict\` (add \`restrict\` to ${listWords(ptrs)})`;
      }
      return null;
    }
    case "unknown-call": {
      const gone = missing(g.calls);
      if (gone.length) return `give doall the file that defines ${listWords(gone)} (e.g. \`doall explain ${plan.loop.span.file} OTHER_FILE --loop ${plan.loop.span.line}\`), so that it knows what ${gone.length > 1 ? "they read and write" : "it reads and writes"}`;
      if (ctx?.library && g.calls.length > 0 && g.calls.every((c) => ctx.library!(c)))
        return `move the call${g.calls.length > 1 ? "s" : ""} out of the loop: ${listWords(g.calls)} ${g.calls.length > 1 ? "are library routines" : "is a library routine"} with side effects (on ${g.calls.length > 1 ? "their" : "its"} arguments or the library's own state), which doall never runs in parallel`;
      return `move the call out of the loop, or keep ${listWords(g.calls)} from doing I/O and from writing variables every iteration shares`;
    }
    case "io-in-loop":
      if (g.reasons.every((r) => /is thread-local/.test(r.message))) return "copy the thread-local variable into a local one before the loop (and back after it, if the loop writes it), so that every thread uses the value the serial run would";
      return "move the I/O out of the loop: keep the values in an array and read or print them before or after it";
    case "early-exit":
      return "compute what the exit needs (a flag, the index found) without leaving the loop, and test it after the loop";
    case "carried-scalar": {
      const blocks = unique(g.vars.map((v) => plan.proc.symbols.get(v)).filter((s) => s?.storage === "common").map((s) => s!.common ?? ""));
      if (blocks.length) return `make ${listWords(blocks.map((b) => `/${b}/`))} threadprivate (${lang === "fortran" ? `!$omp threadprivate(${blocks.map((b) => `/${b}/`).join(", ")})` : "#pragma omp threadprivate(...)"}), or pass the variables as arguments, if each iteration needs its own copy`;
      const globals = g.vars.filter((v) => plan.proc.symbols.get(v)?.storage === "global");
      if (globals.length) return `declare ${listWords(globals)} inside the loop body (or as a local of the function) if each iteration needs its own copy`;
      return null;
    }
    case "bounds-not-proved":
      return "drop --no-bounds-assumption if the program keeps its subscripts within the declared bounds";
    case "not-counted":
      return lang === "fortran" ? "write it as a counted DO loop whose index and bounds the body does not change" : "write it as for (i = lb; i < ub; i++) with an integer index and a bound the body does not change";
    case "layout":
      return `put the ${lang === "fortran" ? "DO" : "for"} on a line of its own`;
    case "jump-target":
      return lang === "fortran" ? "give a CONTINUE right before the DO the label, and the DO none" : "put the label on an empty statement right before the loop";
    case "included-file":
      return "move the loop into the file that includes it, or parallelize by hand in the included file";
    case "file-errors":
      return "fix the errors reported for the file (or, where the code is valid, tell doall what it lacks: an include directory with -I, a macro with -D)";
    case "shared-common":
      return "give the work arrays a COMMON block of their own, used only by the loop and its callees, or pass them as arguments";
    default:
      return null;
  }
}

/**
 * The fix for dependences on arrays that would be private but for a read
 * after the loop that doall cannot rule out, because a procedure run
 * after it is one no file of the run defines (NPB LU's flux, with
 * timer_stop calling wtime and wtime.c not given): give that source.
 */
function liveThroughFix(g: CauseGroup, plan: LoopPlan, ctx: CauseContext | undefined): string | null {
  const through = (plan.liveThrough ?? []).filter((t) => g.vars.includes(t.array) && !ctx?.defines(t.procedure));
  if (through.length === 0) return null;
  const arrays = unique(through.map((t) => t.array));
  const procs = unique(through.map((t) => t.procedure));
  const them = arrays.length > 1 ? "them" : "it";
  return `give doall the file that defines ${listWords(procs)}: ${listWords(arrays)} ${arrays.length > 1 ? "are" : "is"} written before ${arrays.length > 1 ? "they are" : "it is"} read in every iteration and would be private, but ${procs.length > 1 ? "those procedures run" : `${procs[0]} runs`} after the loop and doall cannot see whether ${procs.length > 1 ? "they read" : "it reads"} ${them}`;
}

/** True when the loop gets no directive for a placement cause only (it is parallel). */
export function placementOnly(plan: LoopPlan): boolean {
  return plan.reasons.length > 0 && plan.reasons.every((r) => PLACEMENT_KINDS.has(r.kind));
}
