import type { Expr } from "../ir/expr.js";
import type { Procedure, Program } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { childBlocks, stmtExprs, walkExpr } from "../ir/walk.js";
import { stronglyConnected } from "../analysis/flow-analysis.js";
import { callableByName, nameKey, resolveInFile } from "../analysis/link/resolve-in-file.js";

/** One call of a procedure: who calls it, and inside which of the caller's loops. */
export interface CallSite {
  caller: Procedure;
  /** The caller's loops around the call, outermost first. */
  loops: Loop[];
  line: number;
  /** The statement that calls (a CALL, or one whose expression has the call). */
  stmt: Stmt;
  /** The call is the statement itself (a CALL), not inside an expression. */
  statement: boolean;
}

export interface CallGraph {
  /** The call sites of each procedure that is called somewhere in the programs. */
  sites: Map<Procedure, CallSite[]>;
  /** Every procedure, callers before their callees (a recursive cycle in any order). */
  topDown: Procedure[];
  /** The procedure a name called from `caller` means, if known. */
  resolve: (name: string, caller: Procedure) => Procedure | undefined;
  /**
   * Calls of an ambiguous name (defined in several files of the run), at
   * each definition they may reach: not edges of the graph (which one is
   * called is not known), but callers to follow when every caller counts
   * (liveness at a procedure's exit, common-liveness.ts).
   */
  alternativeSites: Map<Procedure, CallSite[]>;
  /** The definitions a call of an ambiguous name from `caller` may reach (LinkedNames.alternatives); null for any other name. */
  alternatives: (name: string, caller: Procedure) => readonly Procedure[] | null;
}

/**
 * Every call that may run the procedure: its own call sites and the calls
 * of a name several files define that may reach it (whichever file is
 * linked, it is called there).
 */
export function callersOf(graph: CallGraph, p: Procedure): CallSite[] {
  const alt = graph.alternativeSites.get(p);
  return alt ? [...(graph.sites.get(p) ?? []), ...alt] : (graph.sites.get(p) ?? []);
}

/**
 * Who calls whom, and from inside which loops, among the procedures of
 * `programs`. The profitability rule uses it to count how often a loop is
 * entered (choose-directives.ts): a loop in a routine called inside a
 * nest runs once per call. A name resolves with `resolveName` (the link's
 * rule, for the files of one run), by default as in flow-analysis (the
 * caller's file, resolve-in-file.ts); an ambiguous or unknown name, or a
 * dummy procedure, is no edge.
 */
export function callGraph(
  programs: readonly Program[],
  resolveName?: (name: string, caller: Procedure) => Procedure | undefined,
  alternatives?: (name: string, caller: Procedure) => readonly Procedure[] | null,
): CallGraph {
  const inFile = new Map<Program, Map<string, Procedure[]>>();
  const home = new Map<Procedure, Program>();
  for (const prog of programs) {
    inFile.set(prog, callableByName(prog));
    for (const p of prog.procedures) home.set(p, prog);
  }
  const resolve =
    resolveName ?? ((name: string, caller: Procedure) => resolveInFile(inFile.get(home.get(caller)!)?.get(nameKey(caller.language, name)), caller, name));

  const sites = new Map<Procedure, CallSite[]>();
  const alternativeSites = new Map<Procedure, CallSite[]>();
  const callees = new Map<Procedure, Procedure[]>();
  const all = programs.flatMap((p) => p.procedures);
  for (const caller of all) {
    const out: Procedure[] = [];
    const add = (name: string, loops: Loop[], line: number, stmt: Stmt, statement: boolean) => {
      const t = resolve(name, caller);
      if (!t) {
        for (const a of alternatives?.(name, caller) ?? []) {
          alternativeSites.set(a, [...(alternativeSites.get(a) ?? []), { caller, loops, line, stmt, statement }]);
          // Ordered after the caller too: its directives decide how often each one is entered (entry-counts.ts).
          out.push(a);
        }
        return;
      }
      sites.set(t, [...(sites.get(t) ?? []), { caller, loops, line, stmt, statement }]);
      out.push(t);
    };
    const onExpr = (loops: Loop[], stmt: Stmt) => (e: Expr) =>
      walkExpr(e, (x) => {
        if (x.kind === "call" && !x.intrinsic && !x.sym?.attrs.statementFunction) add(x.name, loops, x.span.line, stmt, false);
      });
    const visit = (stmts: readonly Stmt[], loops: Loop[]) => {
      for (const s of stmts) {
        if (s.kind === "call" && !s.intrinsic) add(s.name, loops, s.span.line, s, true);
        for (const e of stmtExprs(s)) onExpr(loops, s)(e);
        const inner = s.kind === "loop" ? [...loops, s] : loops;
        for (const b of childBlocks(s)) visit(b, inner);
      }
    };
    visit(caller.body, []);
    callees.set(caller, out);
  }

  // The components of the call graph come callees first: reversed, callers first.
  const topDown = stronglyConnected(all, (p) => callees.get(p)!).reverse().flat();
  return { sites, topDown, resolve, alternativeSites, alternatives: (name, caller) => alternatives?.(name, caller) ?? null };
}
