import { calledNames, type ProcedureFlow } from "../analysis/flow-analysis.js";
import type { ProcedureSummary, SummaryLookup } from "../analysis/summaries/summary.js";
import type { Expr } from "../ir/expr.js";
import type { Procedure, Program } from "../ir/program.js";
import type { Sym } from "../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import type { CallVerdict } from "./exclusions.js";

/**
 * Which called procedures a parallel loop may call (issue 9 §1: "calls to
 * user procedures whose interprocedural summaries show them harmless").
 * A call is allowed when the callee is in the same file with a summary
 * (the dataflow issue's MOD/USE of its arguments, COMMON blocks and
 * globals, seed 004 §1.1 Case 4): the dependence analysis and the scalar
 * classes then see its reads and writes at the call, so whatever it
 * writes that another iteration touches shows up as a dependence.
 * What no caller can see blocks the loop: I/O (it must stay in order),
 * a callee that calls something unseen, recursion (no summary), and a
 * callee that writes its own SAVEd or static variables (every iteration
 * would share them: the summary, being the caller's view, leaves them out).
 */
export interface CallVerdicts {
  verdict: (name: string) => CallVerdict;
  summaries: SummaryLookup;
}

export function callVerdicts(program: Program, flows: readonly ProcedureFlow[]): CallVerdicts {
  const lang = program.file.language;
  const key = (n: string) => (lang === "fortran" ? n.toLowerCase() : n);
  const procs = new Map<string, Procedure[]>();
  for (const p of program.procedures) if (p.kind === "subroutine" || p.kind === "function") procs.set(key(p.name), [...(procs.get(key(p.name)) ?? []), p]);
  const summaries = new Map<string, ProcedureSummary | null>();
  for (const f of flows) {
    const k = key(f.proc.name);
    // Two procedures of one name (module procedures): ambiguous, so unknown.
    summaries.set(k, summaries.has(k) ? null : f.summary);
  }
  const ownState = new Map<Procedure, string | null>();
  const stateOf = (p: Procedure, stack: Set<Procedure>): string | null => {
    if (ownState.has(p)) return ownState.get(p)!;
    if (stack.has(p)) return null;
    stack.add(p);
    let found: string | null = savedWrite(p);
    if (!found)
      for (const n of calledNames(p)) {
        const cs = procs.get(key(n));
        if (cs?.length !== 1) continue;
        const inner = stateOf(cs[0]!, stack);
        if (inner) {
          found = `${inner} (through ${n})`;
          break;
        }
      }
    stack.delete(p);
    ownState.set(p, found);
    return found;
  };
  const lookup: SummaryLookup = (name) => summaries.get(key(name)) ?? undefined;
  const verdict = (name: string): CallVerdict => {
    const s = summaries.get(key(name));
    const cs = procs.get(key(name));
    if (s === undefined || !cs) return { kind: "unknown", why: `${name} is not in this file, so its effects are not known` };
    if (s === null || cs.length !== 1) return { kind: "unknown", why: `more than one procedure is named ${name}` };
    if (s.io) return { kind: "unknown", why: `${name} does I/O or touches hidden state, which must happen in order` };
    if (s.unknown) return { kind: "unknown", why: `${name} calls a procedure whose effects are not known` };
    const st = stateOf(cs[0]!, new Set());
    if (st) return { kind: "unknown", why: `${name} writes ${st}, which all iterations would share` };
    return { kind: "summarized" };
  };
  return { verdict, summaries: lookup };
}

/** A write to a SAVEd / static / DATA-initialized local (Fortran DATA implies SAVE), if any. */
function savedWrite(p: Procedure): string | null {
  const saved = (s: Sym) => s.storage === "local" && (s.attrs.save === true || (p.language === "fortran" && s.attrs.initialized === true));
  let found: string | null = null;
  const target = (e: Expr) => {
    const base = e.kind === "var" || e.kind === "elem" || e.kind === "section" ? e.sym : null;
    if (base && saved(base)) found ??= `its saved variable ${base.name}`;
  };
  walkStmts(p.body, (s) => {
    if (s.kind === "assign") target(s.lhs);
    if (s.kind === "loop" && s.index && saved(s.index)) found ??= `its saved variable ${s.index.name}`;
    if (s.kind === "io") for (const d of s.defs) target(d);
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (x.kind === "assign-expr") target(x.target);
      });
  });
  return found;
}
