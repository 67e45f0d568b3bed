import { calledNames, type ProcedureFlow } from "../analysis/flow-analysis.js";
import { registersExitHandlers } from "../analysis/exit-handlers.js";
import type { ProcedureSummary, SummaryLookup } from "../analysis/summaries/summary.js";
import type { Expr } from "../ir/expr.js";
import type { Procedure, Program } from "../ir/program.js";
import type { Sym } from "../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import type { CallVerdict } from "./exclusions.js";
import type { ProgramLink } from "../analysis/link/link-programs.js";
import { basename } from "../util/path.js";
import { callsDummy } from "../analysis/link/resolve-in-file.js";
import { useAlias } from "../analysis/link/linked-names.js";

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
  /** The verdict on a call to `name` made in `caller` (needed to resolve names in other files of a link). */
  verdict: (name: string, caller?: Procedure) => CallVerdict;
  /** The summaries the dependence tests of `caller` see. */
  summariesFor: (caller: Procedure) => SummaryLookup;
}

/**
 * With a link (analysis/link/), a name the file does not define is looked
 * up in the other files of the run: it is summarized when it resolves to
 * one procedure whose summary the caller's file can express (its shared
 * variables mapped to the caller's), and the search for saved state
 * follows the calls across files.
 */
export function callVerdicts(program: Program, flows: readonly ProcedureFlow[], link?: ProgramLink): CallVerdicts {
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
  /**
   * What `own` finds in a procedure or, first found, in what it calls (`... (through n)`), once per
   * procedure; a call back into a procedure being searched adds nothing.
   */
  const throughCallees = (own: (p: Procedure) => string | null) => {
    const known = new Map<Procedure, string | null>();
    const stack = new Set<Procedure>();
    const search = (p: Procedure): string | null => {
      if (known.has(p)) return known.get(p)!;
      if (stack.has(p)) return null;
      stack.add(p);
      let found = own(p);
      if (!found)
        for (const [n, callee] of calleesOf(p)) {
          const inner = search(callee);
          if (inner) {
            found = `${inner} (through ${n})`;
            break;
          }
        }
      stack.delete(p);
      known.set(p, found);
      return found;
    };
    return search;
  };
  const stateOf = throughCallees(savedWrite);
  // A callee's own OpenMP directives bind to the team of a loop that calls it: an orphaned `omp do` would
  // share out the callee's loop among the loop's threads, a barrier would wait for threads that never come,
  // a `master` would run on one of them only (found by fuzzing: each changed the results or hung).
  const files = link ? link.programs() : [program];
  const ompOf = throughCallees((p) => {
    const file = files.find((q) => q.file.path === p.span.file)?.file;
    const d = file?.directives.find((x) => !x.conditional && x.span.file === p.span.file && x.span.line >= p.span.line && x.span.line <= p.endSpan.endLine);
    return d ? `the OpenMP directive '${d.text.trim()}' (line ${d.span.line})` : null;
  });
  /** The procedures p calls, by the name it calls them: across files when linked, else the file's uniquely named ones. */
  const calleesOf = (p: Procedure): [string, Procedure][] => {
    if (link) return link.callees(p).map((c) => [c.name, c]);
    const out: [string, Procedure][] = [];
    for (const n of calledNames(p)) {
      const cs = procs.get(key(n));
      if (cs?.length === 1) out.push([n, cs[0]!]);
    }
    return out;
  };
  // C: a program that registers exit handlers (atexit) sees, in them, what the iterations that ran before an exit()
  // left; in parallel other iterations run too. Over every file of the run.
  const handlers = lang === "c" && registersExitHandlers(link ? link.programs() : [program]);
  const ends = throughCallees((p) => {
    let yes = false;
    walkStmts(p.body, (st) => void (st.kind === "stop" && (yes = true)));
    return yes ? "exit()" : null;
  });
  const lookup: SummaryLookup = (name) => summaries.get(key(name)) ?? undefined;
  /** The one procedure of this file a USE alias stands for (a module procedure of the module named), if any. */
  const moduleProc = (via: { module: string; remote: string }): Procedure | undefined => {
    const mine = (procs.get(via.remote) ?? []).filter((p) => p.host?.toLowerCase() === via.module);
    return mine.length === 1 ? mine[0] : undefined;
  };
  const unknown = (why: string): CallVerdict => ({ kind: "unknown", why });
  /** What keeps a call of `p` (summary `s`) out of a parallel loop, the callee named as `who`; null when nothing does. */
  const blocker = (who: string, s: ProcedureSummary, p: Procedure): CallVerdict | null => {
    // First what doall cannot see (its I/O is the worst case's): giving that source may free the call.
    if (s.unseen) return unknown(`${who} calls ${s.unseen.name} (${s.unseen.file}:${s.unseen.line}), whose effects are not known`);
    if (s.io) return unknown(`${who} does I/O or touches hidden state, which must happen in order`);
    if (s.untracedWrite !== undefined) return unknown(`${who} writes through a pointer whose target doall does not follow (line ${s.untracedWrite})`);
    if (s.unknown) return unknown(`${who} calls a procedure whose effects are not known`);
    const local = [...s.shared.values()].find((e) => e.sym.attrs.threadLocal);
    if (local) return unknown(`${who} reads or writes ${local.sym.name}, which is thread-local (threadprivate or __thread): in parallel each thread would use its own copy`);
    const st = stateOf(p);
    if (st) return unknown(`${who} writes ${st}, which all iterations would share`);
    const omp = ompOf(p);
    if (omp) return unknown(`${who} has ${omp}, which would bind to this loop's threads`);
    // A path that ends the run (an error message, then STOP or exit(1)) does not order the iterations (issue
    // 14): which of them takes it first, and with which status, may differ from the serial run (README).
    return handlers && ends(p) !== null ? unknown(`${who} may end the program (exit()), and the program's exit handlers (atexit) would see what the other iterations, run in parallel, left`) : null;
  };
  /** The same for a procedure of another file of the link, whose summary must also be one the caller's file can name. */
  const linkedBlocker = (who: string, p: Procedure): CallVerdict | null => {
    const s = link!.summaryOf(p);
    if (!s) return unknown(`${who} was not analyzed`);
    const b = blocker(who, s, p);
    if (b) return b;
    const t = link!.translated(p, program);
    if (!t) return unknown(`${who} was not analyzed`);
    return t.hidden ? unknown(t.hidden) : null;
  };
  const verdict = (name: string, caller?: Procedure): CallVerdict => {
    if (caller && callsDummy(caller, name)) return unknown(`${name} is a dummy argument: the procedure it stands for is not known`);
    // C: a call through a function pointer variable (local or file-scope) calls what it holds, not the
    // function of that name in another file (found by fuzzing).
    const v = caller && lang === "c" ? (caller.symbols.get(name) ?? caller.fileGlobals?.get(name) ?? program.globals.get(name)) : undefined;
    if (v && v.storage !== "procedure") return unknown(`${name} is a variable (a function pointer): the function it points to is not known`);
    // Fortran: a name the unit has through USE (a rename, a generic interface) is its module's (LinkedNames.resolve).
    const via = caller ? useAlias(caller, name, program) : undefined;
    if (via && caller) {
      const mine = moduleProc(via);
      const s = mine ? summaries.get(via.remote) : undefined;
      if (s && mine) return blocker(name, s, mine) ?? { kind: "summarized" };
      if (link) return otherFile(name, caller);
      return unknown(aliasUnknown(name, via));
    }
    const s = summaries.get(key(name));
    const cs = procs.get(key(name));
    if (!cs && link && caller) return otherFile(name, caller);
    if (s === undefined || !cs) return unknown(`${name} is not in this file, so its effects are not known`);
    if (s === null || cs.length !== 1) return unknown(`more than one procedure is named ${name}`);
    return blocker(name, s, cs[0]!) ?? { kind: "summarized" };
  };
  /** A name defined in another file of the link (or nowhere). */
  const otherFile = (name: string, caller: Procedure): CallVerdict => {
    const r = link!.names.resolveOther(name, caller, program);
    const via = useAlias(caller, name, program);
    if (r.kind === "none" && via) return unknown(aliasUnknown(name, via));
    if (r.kind === "none") return unknown(`${name} is in none of the files given, so its effects are not known`);
    if (r.kind === "ambiguous") return alternativesVerdict(name, caller, r.files);
    if (r.kind === "broken") return unknown(`${name} is in ${basename(r.file)}, which has errors, so its effects are not known`);
    return linkedBlocker(`${name} (in ${basename(r.program.file.path)})`, r.proc) ?? { kind: "summarized" };
  };
  /**
   * A name several files define (NPB LU's blts.f and blts_vec.f side by
   * side): whichever the build links is called. The call is followed when
   * every one of them would be on its own (no I/O, nothing unseen, no
   * saved state, a summary the caller's file can name), through what any
   * of them may do (ProgramLink's joined summary, join-summaries.ts; none
   * when one of them has no summary for the caller, in a recursive cycle).
   */
  const alternativesVerdict = (name: string, caller: Procedure, files: readonly string[]): CallVerdict => {
    const alts = link!.alternatives(name, caller);
    if (!alts || !link!.summaryFor(name, caller, program)) return unknown(`${name} is defined in more than one file (${files.join(", ")}), so which one is called is not known`);
    for (const p of alts) {
      const b = linkedBlocker(`${name} (in ${basename(p.span.file)}, one of the files that define it)`, p);
      if (b) return b;
    }
    return { kind: "summarized" };
  };
  // One function per caller: what is kept per lookup (argumentsWrittenBy's walks) is then shared (issue 16).
  const lookups = new Map<Procedure, SummaryLookup>();
  const summariesFor = (caller: Procedure): SummaryLookup => {
    let f = lookups.get(caller);
    if (!f)
      lookups.set(
        caller,
        (f = (name) => {
          if (callsDummy(caller, name)) return undefined;
          if (link) return link.summaryFor(name, caller, program);
          const via = useAlias(caller, name, program);
          return via ? (moduleProc(via) ? lookup(via.remote) : undefined) : lookup(name);
        }),
      );
    return f;
  };
  return { verdict, summariesFor };
}

/** A write to a SAVEd / static / DATA-initialized local (Fortran DATA implies SAVE), if any. */
export function savedWrite(p: Procedure): string | null {
  const saved = (s: Sym) => s.storage === "local" && (s.attrs.save === true || (p.language === "fortran" && s.attrs.initialized === true));
  let found: string | null = null;
  const target = (e: Expr) => {
    // A member of a saved struct (`static struct P p; p.a = x;`, found by fuzzing) is the struct's storage,
    // and so is an element of its array member (`t.buf[k] = x`, lowered as a store through the address
    // computed from t): conservatively, any saved variable the address is computed from.
    while (e.kind === "member") e = e.base;
    if (e.kind === "deref")
      walkExpr(e.operand, (x) => {
        if ((x.kind === "var" || x.kind === "elem") && saved(x.sym)) found ??= `its saved variable ${x.sym.name}`;
      });
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

/** Why a call of a name a unit has through USE is not followed: no module procedure of that name is found. */
function aliasUnknown(name: string, via: { module: string; remote: string }): string {
  return `${name} is ${via.remote} of module ${via.module} (through USE): a generic interface, or a procedure in none of the files given, so its effects are not known`;
}
