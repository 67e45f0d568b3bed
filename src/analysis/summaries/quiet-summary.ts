import type { Procedure } from "../../ir/program.js";
import type { IfStmt, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { rewriteBlocks } from "../../ir/rewrite-blocks.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import { procedureVariant } from "../../ir/procedure-variant.js";
import { memberExtent } from "./common-layout.js";
import { touchesStorage } from "./touches-storage.js";
import type { ProcedureSummary, SummaryLookup } from "./summary.js";

/**
 * A procedure that does I/O or touches hidden state only under a flag of
 * the run: NPB FT's Swarztrauber starts and stops its timer under
 * `if (timers_enabled)`, a COMMON flag it never sets. With the flag false
 * those statements do not run, and a call does only what the rest of the
 * body does: `summary`, made from the body without them. A caller's loop
 * whose calls are all quiet so may run in parallel under `if(.not.
 * flag)` (plan-program.ts: the loop planned again with these summaries),
 * as one whose own statements are so guarded (invariant-guards.ts).
 */
export interface QuietSummary {
  /** The flag, in the procedure's symbols: a COMMON or global scalar. */
  flag: Sym;
  /** Its storage: a COMMON block and byte offset, or a C global's name. */
  where: { block: string; start: number } | { global: string };
  summary: ProcedureSummary;
  /** The body without the guarded statements (for what a caller asks of the callee's own text: saved variables). */
  variant: Procedure;
  /** The COMMON blocks the guarded statements may touch beyond what the quiet body does (through the calls they make). */
  guardedBlocks: string[];
  /** The summary with the guarded statements: what they may touch, among the rest. */
  general: ProcedureSummary;
}

/**
 * The quiet summary of a procedure whose summary (`general`) has I/O or
 * an unknown callee, when every IF THEN with no ELSE whose condition is
 * one COMMON or global scalar flag is removed (`summarizeBody` makes the
 * summary of such a body) and then nothing of the kind is left, nothing
 * calls a procedure, and the flag is not written: it stays false through
 * the call. Undefined otherwise.
 */
export function quietSummary(proc: Procedure, general: ProcedureSummary, summarizeBody: (variant: Procedure) => ProcedureSummary): QuietSummary | undefined {
  if (!general.io && !general.unknown) return undefined;
  const flags = new Set<Sym>();
  walkStmts(proc.body, (s) => {
    const f = flagOf(s);
    if (f) flags.add(f);
  });
  for (const flag of flags) {
    const body = rewriteBlocks(proc.body, (list) => {
      const kept = list.filter((s) => flagOf(s) !== flag);
      return kept.length === list.length ? list : kept;
    });
    if (callsIn(body)) continue;
    // The guarded statements name no dummy: a loop's private copy given to the call stays out of their reach.
    let dummies = false;
    walkStmts(proc.body, (s) => {
      if (flagOf(s) !== flag) return;
      walkStmts((s as IfStmt).then, (t) => {
        for (const e of stmtExprs(t)) walkExpr(e, (x) => void ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && proc.params.includes(x.sym) && (dummies = true)));
      });
    });
    if (dummies) continue;
    const ext = flag.storage === "common" ? memberExtent(proc, flag) : null;
    if (flag.storage === "common" && !ext) continue;
    const variant = procedureVariant(proc, body);
    const summary = summarizeBody(variant);
    if (summary.io || summary.unknown || writes(proc, summary, flag)) continue;
    const guardedBlocks = [...general.commons.keys()].filter((b) => !summary.commons.has(b));
    const where = ext ? { block: flag.common ?? "", start: ext.start } : { global: flag.name };
    return { flag, where, summary, variant, guardedBlocks, general };
  }
  return undefined;
}

/** Whether the body has an IF THEN on a flag (flagOf): whether a quiet summary may exist. */
export function hasFlagGuards(proc: Procedure): boolean {
  let yes = false;
  walkStmts(proc.body, (s) => void (!yes && flagOf(s) && (yes = true)));
  return yes;
}

/** The flag of `if (flag) ...` with no ELSE: a logical or integer scalar of a COMMON block or a C global. */
function flagOf(s: Stmt): Sym | null {
  if (s.kind !== "if" || s.else.length > 0 || (s as IfStmt).cond.kind !== "var") return null;
  const f = (s.cond as { sym: Sym }).sym;
  if (f.dims.length > 0 || f.equivalence !== undefined || f.attrs.pointer || (f.type.base !== "logical" && f.type.base !== "integer")) return null;
  return f.storage === "common" || f.storage === "global" ? f : null;
}

function callsIn(body: readonly Stmt[]): boolean {
  let yes = false;
  walkStmts(body, (s) => {
    if (s.kind === "call" && !s.intrinsic) yes = true;
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !x.intrinsic && (yes = true)));
  });
  return yes;
}

/** Whether the summary writes the flag's storage. */
function writes(proc: Procedure, s: ProcedureSummary, flag: Sym): boolean {
  if (flag.storage === "global") return [...s.shared.values()].some((e) => e.mod && e.sym.name === flag.name);
  return touchesStorage(proc, flag, s, "def");
}

/** A lookup that gives a caller the quiet summaries of the procedures named in `quiet` (by the caller's key of the name). */
export function withQuiet(lookup: SummaryLookup, quiet: ReadonlyMap<string, QuietSummary>, key: (name: string) => string): SummaryLookup {
  return (name) => quiet.get(key(name))?.summary ?? lookup(name);
}
