import { clauseWords } from "../emit/directive-text.js";
import { planClauses } from "../emit/emit-program.js";
import { CONCURRENT_GUARANTEE } from "../parallelize/concurrent-plan.js";
import type { LoopPlan } from "../parallelize/loop-plan.js";
import { PLACEMENT_KINDS, type Reason } from "../parallelize/reason.js";
import { exprText } from "../ir/expr-text.js";

/**
 * `doall explain`: one loop's plan in sentences (issue 9 §8): the verdict,
 * the directive written, and for a serial loop each blocking dependence
 * with both references and their lines, its direction and distance and
 * the test that decided, then what would make the loop parallel.
 */
export function explainLoop(plan: LoopPlan): string {
  const l = plan.loop;
  const lang = plan.proc.language;
  const head =
    l.concurrent && l.index && l.lower && l.upper
      ? `DO CONCURRENT (${l.index.name} = ${exprText(l.lower, lang)}:${exprText(l.upper, lang)}${l.step ? `:${exprText(l.step, lang)}` : ""}${l.concurrent.indices > 1 ? ", ..." : ""}${l.concurrent.masked ? ", mask" : ""})`
      : l.form === "do" && l.index && l.lower && l.upper
        ? `${lang === "fortran" ? "DO" : "for"} ${l.index.name} = ${exprText(l.lower, lang)}, ${exprText(l.upper, lang)}${l.step ? `, ${exprText(l.step, lang)}` : ""}`
        : `${l.form} loop`;
  const lines = [`${l.span.file}:${l.span.line}: ${head}  (in ${plan.proc.name}, depth ${plan.depth}${plan.parent ? `, inside the loop at line ${plan.parent.span.line}` : ""})`];
  const words = clauseWords(planClauses(plan), lang);
  const directive = `${lang === "fortran" ? "!$omp parallel do" : "#pragma omp parallel for"}${words.length ? " " + words.join(" ") : ""}`;
  const blocking = plan.reasons.filter((r) => !PLACEMENT_KINDS.has(r.kind));
  const placement = plan.reasons.filter((r) => !blocking.includes(r));
  if (plan.parallel && l.concurrent) lines.push(`Parallel: ${CONCURRENT_GUARANTEE}${clauseNote(plan)}.`);
  else if (plan.parallel) lines.push(`Parallel: no dependence is carried by this loop${clauseNote(plan)}.`);
  else if (plan.runtimeCheck) {
    lines.push(`Parallel only when ${lang === "fortran" ? plan.runtimeCheck.fortran : plan.runtimeCheck.c} holds (checked at run time).`);
    for (const o of plan.overlaps ?? []) {
      lines.push(`  - ${o.a} and ${o.b} may share storage: the check tests that the parts of them the loop touches do not overlap (if they do, the loop runs serially).`);
      if (o.restrict) lines.push(`    Declaring the parameter ${o.restrict[0]} (or ${o.restrict[1]}) restrict, if they never overlap, would make the loop parallel without the check.`);
    }
  }
  else lines.push("Serial. What stops it:");
  for (const r of blocking) lines.push(`  - ${reasonSentence(r)}`);
  if (plan.emitted) lines.push(`Directive written: ${directive}`);
  else if (plan.parallel || plan.runtimeCheck) for (const r of placement) lines.push(`No directive here: ${r.message}.`);
  if (!plan.parallel && !plan.runtimeCheck) {
    const hints = [...new Set([...plan.hints, ...depHints(blocking)])];
    if (hints.length) {
      lines.push("What would make it parallel:");
      for (const h of hints) lines.push(`  - ${h}`);
    }
  }
  return lines.join("\n") + "\n";
}

function clauseNote(plan: LoopPlan): string {
  const parts: string[] = [];
  if (plan.private.length) parts.push(`private ${plan.private.join(", ")}`);
  if (plan.firstprivate.length) parts.push(`firstprivate ${plan.firstprivate.join(", ")}`);
  if (plan.lastprivate.length) parts.push(`lastprivate ${plan.lastprivate.join(", ")} (live after the loop, written in every iteration)`);
  if (plan.reductions.length) parts.push(plan.reductions.map((r) => `${r.var} is a ${r.op} reduction${r.array ? " over the whole array" : ""}`).join(", "));
  if (plan.linear.length) parts.push(plan.linear.map((x) => `${x.var} is an induction variable (step ${x.step})`).join(", "));
  return parts.length ? ` once ${parts.join("; ")}` : "";
}

function reasonSentence(r: Reason): string {
  if (r.source && r.sink) {
    const dir = r.direction?.length ? `, direction (${r.direction.join(", ")})` : "";
    const dist = r.distance?.length ? `, distance ${r.distance.map((d) => (d === null ? "unknown" : String(d))).join(", ")}` : "";
    const test = r.test ? `, decided by the ${r.test} test` : ", no test could disprove it";
    return `${r.kind} dependence on ${r.var}: ${r.source.text} at line ${r.source.line} -> ${r.sink.text} at line ${r.sink.line}${dir}${dist}${test}. ${r.message}`;
  }
  return r.message;
}

function depHints(reasons: Reason[]): string[] {
  const out: string[] = [];
  for (const r of reasons) {
    if (r.kind === "flow" && r.distance?.some((d) => d !== null && d !== 0)) out.push(`the value of ${r.var} written at line ${r.source?.line} is read ${r.distance.find((d) => d)} iteration(s) later: a true recurrence, which only a different algorithm removes`);
    if (r.kind === "call") out.push(`${r.var ?? "the callee"} would have to be in the same file, without I/O, so that its effects are known`);
    if (r.kind === "io") out.push("moving the I/O out of the loop");
    if (r.kind === "exit") out.push("a loop with a single exit (no GO TO out, EXIT, RETURN or STOP)");
  }
  return out;
}
