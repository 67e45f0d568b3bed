import type { Procedure } from "../ir/program.js";
import type { Loop } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import { assignedInStmts } from "../analysis/assigned-in.js";
import { commonMember } from "../analysis/regions/call-regions.js";
import { touchesStorage } from "../analysis/summaries/touches-storage.js";
import type { QuietSummary } from "../analysis/summaries/quiet-summary.js";
import type { ProcedureSummary, SummaryLookup } from "../analysis/summaries/summary.js";

/** Calls of a loop to procedures quiet while one flag is false, with the flag in the caller's symbols. */
export interface QuietGroup {
  /** The caller's variable for the flag. */
  flag: Sym;
  /** The callees' quiet summaries, by the name the loop calls them (lower case in Fortran). */
  quiet: Map<string, QuietSummary>;
  /** The calls' names as written, and the lines of the loop they are on. */
  names: string[];
  lines: [number, number];
}

/**
 * The calls of a loop whose callees do I/O only under a flag of the run
 * (quiet-summary.ts), grouped by the flag: NPB FT's fftXYZ calls
 * Swarztrauber, which times itself under `timers_enabled`. A group is
 * kept when the caller can name the flag (it declares the COMMON member
 * at the same bytes, or sees the C global) and nothing in the loop writes
 * it: no statement of its own, and no call, read with the quiet summaries
 * (the guarded statements do not run while the flag is false, and nothing
 * else makes it true). The loop may then be planned with those summaries
 * and run in parallel under `if(.not. flag)` (plan-program.ts).
 */
export function quietCalls(proc: Procedure, loop: Loop, summaries: SummaryLookup, untaken?: (s: Sym) => boolean): QuietGroup[] {
  const key = (n: string) => (proc.language === "fortran" ? n.toLowerCase() : n);
  const calls: { name: string; line: number }[] = [];
  walkStmts(loop.body, (s) => {
    if (s.kind === "call" && !s.intrinsic) calls.push({ name: s.name, line: s.span.line });
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !x.intrinsic && calls.push({ name: x.name, line: s.span.line })));
  });
  const groups = new Map<Sym, QuietGroup>();
  for (const c of calls) {
    const q = summaries(c.name)?.quiet?.();
    const flag = q && callerFlag(proc, q);
    if (!q || !flag) continue;
    let g = groups.get(flag);
    if (!g) groups.set(flag, (g = { flag, quiet: new Map(), names: [], lines: [c.line, c.line] }));
    g.quiet.set(key(c.name), q);
    if (!g.names.includes(c.name)) g.names.push(c.name);
    g.lines = [Math.min(g.lines[0], c.line), Math.max(g.lines[1], c.line)];
  }
  const own = assignedInStmts([loop]);
  // A C global some pointer may reach could be written through it; a flag in an EQUIVALENCE, through another
  // name of its storage (`equivalence (vv(1), verbose)`, then `vv(i) = ...`: Conservative, whatever the loop names).
  return [...groups.values()].filter((g) => !own.has(g.flag) && g.flag.equivalence === undefined && (g.flag.storage !== "global" || untaken?.(g.flag) === true) && calls.every((c) => !writesFlag(proc, g.quiet.get(key(c.name))?.summary ?? summaries(c.name), g.flag)));
}

/** The caller's variable for a callee's flag: the COMMON member at the same bytes (same shape), or the C global of that name its file sees. */
function callerFlag(proc: Procedure, q: QuietSummary): Sym | null {
  if ("global" in q.where) {
    const g = proc.fileGlobals?.get(q.where.global);
    return g && g.storage === "global" && !g.attrs.pointer ? g : null;
  }
  return commonMember(proc, q.where.block, q.where.start, q.flag);
}

/** Whether a call with this summary may write the flag, the caller's variable (no summary: it may). */
function writesFlag(proc: Procedure, s: ProcedureSummary | undefined, flag: Sym): boolean {
  if (!s || s.unknown) return true;
  if (flag.storage === "global") return [...s.shared.values()].some((e) => e.mod && e.sym.name === flag.name);
  return touchesStorage(proc, flag, s, "def");
}
