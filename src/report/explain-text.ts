import { clauseWords } from "../emit/directive-text.js";
import { cConstruct, loopConstruct, planClauses } from "../emit/emit-program.js";
import { CONCURRENT_GUARANTEE } from "../parallelize/concurrent-plan.js";
import type { LoopPlan } from "../parallelize/loop-plan.js";
import { spanLines } from "../parallelize/doacross.js";
import { realignSummary } from "../parallelize/realign.js";
import type { ReasonRef } from "../parallelize/reason.js";
import { exprText } from "../ir/expr-text.js";
import { blockingGroups, causeGroups, count, dependencePhrase, linesText, type CauseContext, type CauseGroup } from "./cause-groups.js";

/** What `explain` may use beyond the plan: the run's procedures, the source lines for the snippets, the detail wanted. */
export interface ExplainContext extends Partial<CauseContext> {
  /** The text of a line of a file (1-based), for the caret snippets; none without it. */
  sourceLine?(file: string, line: number): string | undefined;
  /** Every reason of every cause and the parallelizer's hints, not only the first of each cause. */
  verbose?: boolean;
}

/**
 * `doall explain`: one loop's plan in sentences (issue 9 §8, issue 19 §3):
 * the verdict and the directive written; for a serial loop its causes, one
 * per rule (rules.ts) with its id, a summary that counts what it groups,
 * the references of the first dependence with a caret under each in its
 * source line, and the fix where there is one.
 */
export function explainLoop(plan: LoopPlan, ctx: ExplainContext = {}): string {
  const l = plan.loop;
  const lang = plan.proc.language;
  const lines = [`${l.span.file}:${l.span.line}: ${loopHead(plan)}  (in ${plan.proc.name}, depth ${plan.depth}${plan.parent ? `, inside the loop at line ${plan.parent.span.line}` : ""})`];
  const words = clauseWords(planClauses(plan), lang);
  // As the output has it (file-report.ts): `parallel do simd` on an innermost loop (simd-loops.ts).
  const construct = plan.emitted ? loopConstruct(plan) : "parallel do";
  const directive = `${lang === "fortran" ? "!$omp " + construct : "#pragma omp " + cConstruct(construct)}${words.length ? " " + words.join(" ") : ""}`;
  const causeCtx: CauseContext | undefined = ctx.defines ? { defines: ctx.defines, ...(ctx.library ? { library: ctx.library } : {}) } : undefined;
  const groups = causeGroups(plan, causeCtx);
  const blocking = blockingGroups(groups);
  const placement = groups.filter((g) => !blocking.includes(g));
  if (plan.interchange) {
    // As written the loop is serial; the directive is for the nest rewritten (parallelize/interchange.ts).
    const inner = plan.interchange.inner.span.line;
    const own = causeGroups({ ...plan, ...plan.interchange.saved }, causeCtx);
    lines.push(`Serial as written, ${own.length === 1 ? "for one cause" : `for ${own.length} causes`}:`);
    for (const g of own) lines.push(...causeLines(g, plan, ctx));
    lines.push(`Interchanged with the loop at line ${inner}: no dependence runs (<, >) across the two, so that loop, parallel, runs outside and this one inside it, serial (the two headers swap their controls; the inner loop then walks the arrays with stride one). --no-restructure keeps the nest as written.`);
  } else if (plan.realign) {
    // As written the loop is serial; the directive is for the loop rewritten (parallelize/realign.ts).
    const own = causeGroups({ ...plan, ...plan.realign.saved }, causeCtx);
    lines.push(`Serial as written, ${own.length === 1 ? "for one cause" : `for ${own.length} causes`}:`);
    for (const g of own) lines.push(...causeLines(g, { ...plan, ...plan.realign.saved }, ctx));
    const r = realignSummary(l, plan.realign);
    const i = l.index?.name ?? "i";
    if (r.kind === "align")
      lines.push(`Aligned: every carried dependence goes, ${r.shift === 1 ? "one iteration" : `${r.shift} iterations`} apart, from a statement before line ${r.from} to one at or after it. Those statements (${linesText(r.from, r.to)}) now run ${r.shift === 1 ? "one iteration" : `${r.shift} iterations`} later (they read ${i} + ${r.shift}), the loop starts as much earlier, and guards keep each statement to the iterations it had; then what they read from ${r.shift === 1 ? "the iteration" : `${r.shift} iterations`} before they read in the same one, and no dependence is carried. --no-restructure keeps the loop as written.`);
    else
      lines.push(`Peeled: every carried dependence touches an element the loop names without its index, and with the ${r.iteration} iteration run alone ${r.iteration === "first" ? "before" : "after"} the others (a copy of the loop that stops after one iteration), no dependence is carried by the rest. --no-restructure keeps the loop as written.`);
  } else if (plan.emitted && plan.orphan) {
    lines.push(`${plan.parallel ? "Parallel, and a" : "A"} row loop of the row pipeline at ${plan.orphan.region.file}:${plan.orphan.region.line}: its rows are shared out among the threads of that loop's region (${lang === "c" ? "\`for schedule(static) nowait\`" : "\`do schedule(static)\`, \`nowait\`"})${plan.orphan.ordered ? ", each row waiting for the row before it (`ordered(1)`): it reads what that row wrote" : ""}${plan.orphan.reversed ? ". Its header is turned round, so that its rows run in the order of the region's other row loops and each thread gets the same rows in all of them: it carries no dependence and its index is not read after it, so the order of its rows does not matter" : ""}.`);
  } else if (plan.parallel && l.concurrent) lines.push(`Parallel: ${CONCURRENT_GUARANTEE}${clauseNote(plan)}.`);
  else if (plan.parallel) lines.push(`Parallel: no dependence is carried by this loop${clauseNote(plan)}.`);
  else if (plan.emitted && plan.rowPipeline) {
    const phases = plan.rowPipeline.phases.map((p) => `${p.file}:${p.line}${p.ordered ? " (ordered)" : ""}`).join(", ");
    lines.push(`Pipelined by rows: the loop runs in one parallel region that every thread runs whole, and its callees' loops over the same rows (${phases}) share out their rows, each thread the same block in all of them (${lang === "c" ? "\`for schedule(static) nowait\`" : "\`do schedule(static)\`, \`nowait\`"}); where a row reads what an earlier row wrote, its loop is ordered (\`ordered depend(sink)\` waits for the row before). A thread thus waits only for the last row of the thread before it, and the threads sweep one behind the other. Every access to what the region writes stays in its row, or reads an earlier row's after it is written. --no-restructure keeps the loop as written. As a DOALL loop it is serial, ${blocking.length === 1 ? "for one cause" : `for ${blocking.length} causes`}:`);
    if (plan.guard) lines.push(`  - ${plan.guard.cond} guards statements that would keep it serial: the directive's if() runs the region on several threads only while ${plan.guard.cond} is false, when they do not run; when it is true one thread runs it, in order.`);
  } else if (plan.emitted && plan.doacross) {
    const { from, to } = spanLines(l, plan.doacross);
    const spin = plan.threadsGuard ? " It runs so only while there are no more threads than processors (a waiting thread spins, and would take the time of the one it waits for): with more, on one thread." : "";
    lines.push(`Pipelined (doacross): every carried dependence has both ends in lines ${from}-${to}, which run in iteration order (\`ordered depend(sink)\` waits for the previous iteration, \`ordered depend(source)\` lets the next one go); the rest of each iteration runs in parallel.${spin} As a DOALL loop it is serial, ${blocking.length === 1 ? "for one cause" : `for ${blocking.length} causes`}:`);
    if (plan.guard) {
      const [lo, hi] = plan.guard.lines;
      lines.push(`  - ${plan.guard.cond} guards statements (${linesText(lo, hi)}) that would keep it serial: the directive's if() runs it pipelined only while ${plan.guard.cond} is false, when they do not run; when it is true the loop runs on one thread, in order.`);
    }
  } else if (plan.runtimeCheck) {
    lines.push(`Parallel only when ${lang === "fortran" ? plan.runtimeCheck.fortran : plan.runtimeCheck.c} holds (checked at run time).`);
    if (plan.guard) {
      const [lo, hi] = plan.guard.lines;
      const what = plan.guard.calls ? `statements of ${plan.guard.calls.join(", ")} (called on ${linesText(lo, hi)})` : `statements (${linesText(lo, hi)})`;
      lines.push(`  - ${plan.guard.cond} guards ${what} that keep the loop serial; while it is false they do not run and the loop is parallel. When it is true the loop runs on one thread, in order.`);
    }
    if (plan.sizeCheck && plan.privateArrays.length) {
      const arrays = plan.privateArrays.join(", ");
      lines.push(`  - it compares sizes fixed before the loop: when it holds, every element of ${arrays} an iteration reads was written earlier in that iteration, and no value ${plan.privateArrays.length > 1 ? "they keep" : "it keeps"} is read after the loop (here or in the procedures that run later), so ${plan.privateArrays.length > 1 ? "they are" : "it is"} private. It holds for all but tiny problems.`);
    }
    for (const [call, array] of plan.fitted ?? [])
      lines.push(`  - ${call} is given an element of ${array} and works on the elements from there on: the check tests that they stay within the ${lang === "fortran" ? "column" : "row"} of ${array} that holds it (beyond it lie the next ${lang === "fortran" ? "columns" : "rows"}, which other iterations use; when they do not, the loop runs serially).`);
    for (const o of plan.overlaps ?? []) {
      lines.push(`  - ${o.a} and ${o.b} may share storage: the check tests that the parts of them the loop touches do not overlap (if they do, the loop runs serially).`);
      if (o.restrict) lines.push(`    Declaring the parameter ${o.restrict[0]} (or ${o.restrict[1]}) restrict, if they never overlap, would make the loop parallel without the check.`);
    }
    if (plan.emitted && plan.serialCopy) lines.push(`  - When the check fails, a copy of the loop as written runs (in the else branch of an \`if\` on the check around the directive): the code the serial build compiles, which knows the overlap, not the parallel region on one thread.`);
  } else lines.push(blocking.length === 1 ? "Serial, for one cause:" : `Serial, for ${blocking.length} causes:`);
  for (const g of blocking) lines.push(...causeLines(g, plan, ctx));
  // A pipeline whose body only calls, kept over iterations: what kept it from running by rows (row-pipeline.ts).
  if (plan.emitted && plan.doacross && !plan.rowPipeline && plan.byRowsRefused)
    lines.push(`It does not run by rows (one region, the rows of its callees' loops shared out among the threads, as NPB LU's hand version runs ssor): ${plan.byRowsRefused}.`);
  if (plan.emitted && plan.fusion)
    lines.push(`Fused with the loop at line ${plan.fusion.second.loop.span.line}, right after it: same index and bounds, and the loop that runs both bodies, each iteration the first then the second, is parallel too (no iteration touches what another writes, and nothing it makes private is read by the second body as the first loop left it). One region starts where two did. --no-restructure keeps the loops apart.`);
  if (plan.emitted) lines.push(`Directive written: ${directive}`);
  if (plan.emitted && plan.threadprivate?.length && lang === "c") {
    const vars = plan.threadprivate.join(", ");
    lines.push(`  - with ${vars} threadprivate (\`#pragma omp threadprivate(${vars})\` in every file that declares ${plan.threadprivate.length > 1 ? "them" : "it"}): the callees reach ${plan.threadprivate.length > 1 ? "these globals" : "this global"} too, so each thread needs its own copy.`);
  } else if (plan.emitted && plan.threadprivate?.length) {
    const blocks = plan.threadprivate.map((b) => `/${b}/`).join(", ");
    lines.push(`  - with ${blocks} threadprivate (\`!$omp threadprivate(${blocks})\` in every unit that declares ${plan.threadprivate.length > 1 ? "them" : "it"}): the callees reach its work arrays through the block, so each thread needs its own copy of the block.`);
  }
  else if (plan.parallel || plan.runtimeCheck) for (const g of placement) lines.push(`No directive here [${g.rule.id}]: ${g.summary}.${g.fix ? ` Fix: ${g.fix}.` : ""}`);
  if (ctx.verbose && !plan.parallel && !plan.runtimeCheck && plan.hints.length) {
    lines.push("Also:");
    for (const h of new Set(plan.hints)) lines.push(`  - ${h}`);
  }
  return lines.join("\n") + "\n";
}

/** One cause: `  [rule] summary`, the first dependence's references under carets, the fix; every reason with `verbose`. */
function causeLines(g: CauseGroup, plan: LoopPlan, ctx: ExplainContext): string[] {
  const out = [`  [${g.rule.id}] ${g.summary}`];
  const first = g.reasons[0];
  const file = plan.loop.span.file;
  const refs: ReasonRef[] = first?.source && first.sink ? [first.source, first.sink] : first?.line ? [{ line: first.line }] : [];
  // One source line per line, with a caret under each reference on it.
  const byLine = new Map<number, number[]>();
  for (const r of refs) byLine.set(r.line, [...(byLine.get(r.line) ?? []), ...(r.column ? [r.column] : [])]);
  for (const [line, cols] of byLine) out.push(...snippet(file, line, cols, ctx));
  if (g.fix) out.push(`    fix: ${g.fix}`);
  if (ctx.verbose && g.reasons.length > 1) for (const r of g.reasons) out.push(`    - ${r.source && r.sink ? `${dependencePhrase(r)}; ${r.message}` : r.message}`);
  if (ctx.verbose && g.omitted) out.push(`    - and ${count(g.omitted)} more, not listed (a loop's report lists its first 20 dependences)`);
  return out;
}

/** A source line, with a caret under the first character of each reference on it. */
function snippet(file: string, line: number, columns: number[], ctx: ExplainContext): string[] {
  const text = ctx.sourceLine?.(file, line);
  if (text === undefined) return [];
  const out = [`    ${String(line).padStart(5)} | ${text.replace(/\t/g, " ").trimEnd()}`];
  // Carets only: a reference's printed text (`u(i - 1, j)`) need not be as long as the source's (`u(i-1,j)`).
  const cols = [...new Set(columns)].sort((a, b) => a - b);
  if (cols.length) {
    let marks = "";
    for (const c of cols) marks = marks.padEnd(c - 1) + "^";
    out.push(`    ${" ".repeat(5)} | ${marks}`);
  }
  return out;
}

/** The loop's header as its language writes it. */
function loopHead(plan: LoopPlan): string {
  const l = plan.loop;
  const lang = plan.proc.language;
  const t = (e: Parameters<typeof exprText>[0]) => exprText(e, lang);
  if (l.concurrent && l.index && l.lower && l.upper)
    return `DO CONCURRENT (${l.index.name} = ${t(l.lower)}:${t(l.upper)}${l.step ? `:${t(l.step)}` : ""}${l.concurrent.indices > 1 ? ", ..." : ""}${l.concurrent.masked ? ", mask" : ""})`;
  if (l.form === "do" && l.index && l.lower && l.upper) {
    if (lang === "fortran") return `DO ${l.index.name} = ${t(l.lower)}, ${t(l.upper)}${l.step ? `, ${t(l.step)}` : ""}`;
    return cForHeader(l.index.name, t(l.lower), t(l.upper), l.step ? t(l.step) : null);
  }
  return `${l.form} loop`;
}

/** A counted C loop as C writes it: `for (i = 0; i <= n - 1; i++)`. */
export function cForHeader(index: string, lower: string, upper: string, step: string | null): string {
  const down = step !== null && step.startsWith("-");
  const incr = step === null || step === "1" ? `${index}++` : step === "-1" ? `${index}--` : down ? `${index} -= ${step.slice(1).trim()}` : `${index} += ${step}`;
  return `for (${index} = ${lower}; ${index} ${down ? ">=" : "<="} ${upper}; ${incr})`;
}

function clauseNote(plan: LoopPlan): string {
  const parts: string[] = [];
  if (plan.private.length) parts.push(`private ${plan.private.join(", ")}`);
  if (plan.firstprivate.length) parts.push(`firstprivate ${plan.firstprivate.join(", ")}`);
  if (plan.lastprivate.length) parts.push(`lastprivate ${plan.lastprivate.join(", ")} (live after the loop, written in every iteration)`);
  if (plan.reductions.length) parts.push(plan.reductions.map((r) => `${r.var} is a ${r.op} reduction${r.array ? (r.section ? ` over ${r.var}${r.section}` : " over the whole array") : ""}`).join(", "));
  if (plan.linear.length) parts.push(plan.linear.map((x) => `${x.var} is an induction variable (step ${x.step})`).join(", "));
  return parts.length ? ` once ${parts.join("; ")}` : "";
}
