import type { Procedure } from "../ir/program.js";
import type { Expr } from "../ir/expr.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import { memberExtent, type Extent } from "../analysis/summaries/common-layout.js";
import type { ProcedureSummary, SummaryLookup } from "../analysis/summaries/summary.js";
import type { Sym } from "../ir/symbol.js";
import { clauseSym, dropClauses, type LoopPlan } from "./loop-plan.js";
import type { ProgramPlan } from "./plan-program.js";
import { dropDirective } from "./nested-reasons.js";
import { blockWork } from "./profitability.js";

/** One file's plan in a run, and whether its directives can be written (a file with errors gets none). */
export interface PlannedFile {
  plan: ProgramPlan;
  failed: boolean;
}

/**
 * Which COMMON blocks the run makes threadprivate (issue 14 §4), deciding
 * for the whole program what each file's plan asked (LoopPlan.threadprivate:
 * SP's x_solve privatizes lhs, which lhsinit writes through /work_lhs/).
 *
 * With `!$omp threadprivate(/b/)` in every unit that declares /b/, each
 * thread has its own copy of the block, and the initial thread's copy is
 * the original storage. That keeps the program's meaning when every
 * directive the run writes on a loop that touches the block (itself or
 * through its callees) makes each member it touches private to the
 * iterations (written before read in each, dead after the loop, possibly
 * under its run-time check): a value then never passes between a thread's
 * copy and the code around the loops, which runs on the original. A loop
 * run serially (not emitted, or its check false: one thread) works on the
 * original, as written. So a block is refused when:
 * - an emitted loop touches a member it does not make private (reads a
 *   table the serial code filled, keeps a value for after the loop: the
 *   other threads would not see it, nor would the code after);
 * - a unit declaring it is a module, inside a module or host, or its
 *   executable part does not start in its own file (nowhere to write the
 *   directive), or a member is in an EQUIVALENCE.
 * C globals are handled alike, each variable its own unit: `#pragma omp
 * threadprivate(v)` before the first function of every file that declares
 * v (after its includes and file-scope declarations, before any use).
 * The loops that needed a refused block become serial, which only takes
 * constraints away: repeated until nothing changes. For the blocks taken,
 * their members leave every clause (a threadprivate variable may not be
 * in one; the thread's copy is already its own).
 *
 * `whole`: the files are all the run's (else every block is refused).
 * Plans are changed in place; the blocks taken are returned.
 */
export function chooseThreadprivate(files: readonly PlannedFile[], whole: boolean): Set<string> {
  const loops = files.flatMap((f) => (f.failed ? [] : f.plan.loops));
  // What a callee touches in a block: the summaries each plan's calls used.
  const planOf = new Map(files.flatMap((f) => f.plan.program.procedures.map((p) => [p, f.plan] as const)));
  const summaries = (p: Procedure): SummaryLookup => planOf.get(p)?.summaries?.(p) ?? (() => undefined);
  const refused = new Map<string, string>();
  /** What the loops do in a run: their work (as profitability.ts counts it) times their entries. */
  function weight(list: readonly LoopPlan[]): number {
    return list.reduce((acc, l) => {
      const calls = planOf.get(l.proc)?.calls;
      return acc + (l.work ?? (calls ? blockWork([l.loop], calls.callee(l.proc), calls.limit) : 1)) * (l.entries ?? 1);
    }, 0);
  }
  for (;;) {
    const emitted = loops.filter((l) => l.emitted);
    const needed = new Set(emitted.flatMap((l) => l.threadprivate ?? []));
    let changed = false;
    for (const b of needed) {
      if (refused.has(b)) continue;
      // A COMMON block (Fortran) or a C global, as the loops that need it are.
      const c = emitted.some((l) => l.proc.language === "c" && l.threadprivate?.includes(b));
      const placed = (whole ? null : "the other files of the run were not planned with this one") ?? (c ? cPlacementProblem(files, b) : placementProblem(files, b));
      const shared = (l: LoopPlan) => (l.proc.language === "c" ? cSharedUse(l, b, summaries) : l.proc.language === "fortran" && c ? null : sharedUse(l, b, summaries));
      const users = placed === null ? emitted.filter((l) => shared(l) !== null) : [];
      if (users.length > 0) {
        // Either the block or those loops' directives: the loops that need it private keep theirs when they
        // do more work than those that touch it shared (NPB LU's ssor fills /cjac/ once, in parallel, to touch
        // its pages; its k loops, pipelined, then work on the block a hundred times).
        const needing = emitted.filter((l) => l.threadprivate?.includes(b) && !users.includes(l));
        if (needing.length > 0 && weight(needing) > weight(users)) {
          const first = needing[0]!;
          const why = `${c ? b : `/${b}/`} is threadprivate for the loop at ${first.loop.span.file}:${first.loop.span.line} (in ${first.proc.name}), which does more work, and this loop touches it without making it private`;
          // Parallel still, without their directives; the loops inside them are no longer covered by one.
          for (const l of users) dropDirective(loops, l, { kind: "shared-common", message: why }, { kind: "shared-common", message: `the enclosing loop at line ${l.loop.span.line} has no directive: ${why}` });
          changed = true;
          continue;
        }
      }
      const why = placed ?? (users.length > 0 ? shared(users[0]!) : null);
      if (why === null) continue;
      refused.set(b, why);
      changed = true;
    }
    for (const l of emitted) {
      const b = (l.threadprivate ?? []).find((x) => refused.has(x));
      if (b === undefined) continue;
      serialize(l, b, refused.get(b)!);
      changed = true;
    }
    if (!changed) break;
  }
  const chosen = new Set(loops.filter((l) => l.emitted).flatMap((l) => l.threadprivate ?? []));
  for (const l of loops) if (l.emitted) dropMembers(l, chosen);
  return chosen;
}

/**
 * The line a unit's threadprivate directive goes before: its first
 * executable statement (after every specification statement, so after the
 * COMMON or the INCLUDE that brings it), or its END; null when that line
 * is not in the unit's own file.
 */
export function directiveLine(p: Procedure): number | null {
  const at = p.body[0]?.span ?? p.endSpan;
  // `common /work/ w; w(1) = 0`: before the line, the directive would come before the block's declaration
  // (found by fuzzing: "COMMON block /work/ not found").
  return at.file === p.span.file && !p.firstSharesLine ? at.line : null;
}

/**
 * The line a C file's `#pragma omp threadprivate` goes before: its first
 * function (after its includes and file-scope declarations); null when
 * it defines none.
 */
export function cDirectiveLine(program: ProgramPlan["program"]): number | null {
  const lines = program.procedures.filter((p) => p.span.file === program.file.path).map((p) => p.span.line);
  return lines.length ? Math.min(...lines) : null;
}

/** Why the C global's pragma cannot be written in every file that declares it, or null. */
function cPlacementProblem(files: readonly PlannedFile[], name: string): string | null {
  // A static is one file's (NPB-C FT's scr): the unit, by name, only when no other file names a global so.
  const declaring = files.filter((f) => f.plan.program.file.language === "c" && f.plan.program.globals.get(name)?.storage === "global");
  for (const f of files) {
    const program = f.plan.program;
    if (program.file.language !== "c") continue;
    const g = program.globals.get(name);
    if (!g || g.storage !== "global") continue;
    if (f.failed) return `${program.file.path} declares ${name} and has errors`;
    if (g.attrs.save && declaring.length > 1) return `${name} is a static of ${program.file.path}, and another file of the run declares a global ${name} too`;
    const line = cDirectiveLine(program);
    if (line === null) return `${program.file.path} declares ${name} but defines no function to put the pragma before`;
    if (g.span.file === program.file.path && g.span.line >= line) return `${program.file.path} declares ${name} after its first function`;
  }
  return null;
}

/** Why the emitted C loop keeps a threadprivate copy of the global from meaning what it does now (it touches it without making it private), or null. */
function cSharedUse(l: LoopPlan, name: string, summaries: (p: Procedure) => SummaryLookup): string | null {
  if (![...l.privateArrays, ...l.private].includes(name) && touchesGlobal(l, name, summaries)) return `the loop at ${l.loop.span.file}:${l.loop.span.line} (in ${l.proc.name}) would run in parallel on ${name} without making it private: with ${name} threadprivate, its threads would not see the values of the code around it`;
  return null;
}

/** Whether the loop names the C global, or calls something that may touch it (or is not known). */
function touchesGlobal(l: LoopPlan, name: string, summaries: (p: Procedure) => SummaryLookup): boolean {
  let yes = false;
  reach(l, summaries(l.proc), {
    ref: (sym) => void (sym.storage === "global" && sym.name === name && (yes = true)),
    call: (s, pure) => {
      // (A pure function, libc's sqrt, touches no global.)
      if (pure) return;
      if (!s || s.unknown) return void (yes = true);
      for (const e of s.shared.values()) if (e.sym.name === name && (e.use || e.mod)) yes = true;
      for (const g of s.regions?.globals ?? []) if (g.sym.name === name && (g.regions.mod.length || g.regions.use.length)) yes = true;
    },
  });
  return yes;
}

/**
 * What a loop reaches: every variable it names (its header included, and
 * the bodies of the statement functions it uses) and the summary of every
 * procedure it calls (undefined: not known), with whether a function
 * called in an expression is known to be pure.
 */
function reach(l: LoopPlan, look: SummaryLookup, on: { ref(sym: Sym): void; call(s: ProcedureSummary | undefined, pure: boolean): void }): void {
  const ref = (x: Expr) => void ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && on.ref(x.sym));
  walkStmts([l.loop], (st) => {
    if (st.kind === "call" && !st.intrinsic && !st.pure) on.call(look(st.name), false);
    for (const e of stmtExprs(st))
      walkExpr(e, (x) => {
        ref(x);
        if (x.kind !== "call" || x.intrinsic) return;
        if (!x.sym?.attrs.statementFunction) return void on.call(look(x.name), !!x.pure);
        const sf = l.proc.statementFunctions.get(x.name.toLowerCase());
        if (sf) walkExpr(sf.body, ref);
        else on.call(undefined, false);
      });
  });
}

/** Why the block's directive cannot be written in every unit that declares it, or null. */
function placementProblem(files: readonly PlannedFile[], block: string): string | null {
  for (const f of files) {
    for (const p of f.plan.program.procedures) {
      const members = [...p.symbols.values()].filter((s) => s.storage === "common" && (s.common ?? "") === block);
      if (members.length === 0) continue;
      if (f.failed) return `${f.plan.program.file.path} declares /${block}/ and has errors`;
      // OpenMP names blocks in the directive; the blank COMMON has no name.
      if (block === "") return "the blank COMMON cannot be threadprivate";
      if (p.kind === "module" || p.host) return `/${block}/ is declared in a module or a contained procedure (${p.name})`;
      if (members.some((s) => s.equivalence !== undefined)) return `a member of /${block}/ is in an EQUIVALENCE (${p.name})`;
      if (directiveLine(p) === null) return `the executable part of ${p.name} starts in an included file, or after other text on its line: no line of its own for the directive making /${block}/ threadprivate`;
    }
  }
  return null;
}

/** Why the emitted loop keeps threadprivate copies of the block from meaning what it does now (a member it touches but does not make private), or null. */
function sharedUse(l: LoopPlan, block: string, summaries: (p: Procedure) => SummaryLookup): string | null {
  const touched = touchedExtents(l, block, summaries);
  if (touched.length === 0) return null;
  const own = new Set([...l.privateArrays, ...l.private].map((n) => n.toLowerCase()));
  const ok: Extent[] = [];
  for (const s of l.proc.symbols.values()) {
    if (s.storage !== "common" || (s.common ?? "") !== block || !own.has(s.name.toLowerCase())) continue;
    const e = memberExtent(l.proc, s);
    if (e) ok.push(e);
  }
  if (touched.every((t) => coveredBy(t, ok))) return null;
  return `the loop at ${l.loop.span.file}:${l.loop.span.line} (in ${l.proc.name}) would run in parallel on /${block}/ without making all it touches there private: with the block threadprivate, its threads would not see the values of the code around it`;
}

/** The bytes of the block the loop touches: its own references (header included), and its calls' (all of it for a call not known). */
function touchedExtents(l: LoopPlan, block: string, summaries: (p: Procedure) => SummaryLookup): Extent[] {
  const out: Extent[] = [];
  const all: Extent = { start: 0, end: Infinity };
  reach(l, summaries(l.proc), {
    ref: (sym) => void (sym.storage === "common" && (sym.common ?? "") === block && out.push(memberExtent(l.proc, sym) ?? all)),
    call: (s) => {
      if (!s || s.unknown) return void out.push(all);
      const eff = s.commons.get(block);
      for (const list of eff ? [eff.use, eff.mod] : []) {
        if (list === "all") out.push(all);
        else out.push(...list);
      }
    },
  });
  return out;
}

/** Whether the extents hold every byte of `t`. */
function coveredBy(t: Extent, ok: readonly Extent[]): boolean {
  let at = t.start;
  for (const e of [...ok].sort((a, b) => a.start - b.start)) {
    if (e.start > at) break;
    if (e.end > at) at = e.end;
    if (at >= t.end) return true;
  }
  return at >= t.end;
}

/** The loop needed a refused block: serial, with the reason. */
function serialize(l: LoopPlan, block: string, why: string): void {
  l.emitted = false;
  l.parallel = false;
  l.runtimeCheck = null;
  l.profitableIf = null;
  dropClauses(l);
  const what = l.proc.language === "c" ? `the global ${block} would be private only if it were threadprivate` : `its work arrays in /${block}/ would be private only if the block were threadprivate`;
  l.reasons.push({ kind: "shared-common", message: `${what}, and it cannot be: ${why}` });
}

/** Members of threadprivate blocks (C: the globals) leave the loop's clauses. */
function dropMembers(l: LoopPlan, chosen: ReadonlySet<string>): void {
  const inChosen = (name: string) => {
    const s = clauseSym(l, name);
    if (l.proc.language === "c") return chosen.has(name) && (!s || s.storage === "global");
    return !!s && s.storage === "common" && chosen.has(s.common ?? "");
  };
  l.private = l.private.filter((n) => !inChosen(n));
  l.firstprivate = l.firstprivate.filter((n) => !inChosen(n));
  l.lastprivate = l.lastprivate.filter((n) => !inChosen(n));
}
