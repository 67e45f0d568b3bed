import type { Procedure, Program } from "../../ir/program.js";
import { sameGlobal, type Sym } from "../../ir/symbol.js";
import { buildCfg } from "../cfg/build-cfg.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import { baseSyms } from "../dependence/proc-index.js";
import { calledNames, stronglyConnected } from "../flow-analysis.js";
import { blockRegions } from "../regions/block-regions.js";
import { summarize, worstSummary } from "../summaries/summarize.js";
import { joinSummaries } from "../summaries/join-summaries.js";
import { CommonFacts } from "../regions/common-facts.js";
import type { ProcedureSummary, SummaryLookup } from "../summaries/summary.js";
import { LinkedNames, type LinkInput } from "./linked-names.js";
import { layoutsAgree } from "./block-sizes.js";
import { SharedIndex, translateSummary, type Translated } from "./translate-summary.js";
import { phase } from "../../util/phases.js";
import { confirmCountedLoops } from "../counted-loops.js";
import { originOf } from "../../ir/procedure-variant.js";

/**
 * The files of one run linked together: every procedure's summary, made
 * bottom-up over the call graph of all of them (strongly connected
 * components, callees first), so a call to a procedure of another file is
 * summarized as one in the same file is. Only summaries and the call graph
 * are kept (no CFG or dependence graph): each file is analyzed again when
 * it is planned (flow-analysis.ts with `linked`), one at a time, so the
 * memory of a run grows with its HIR and summaries, not its analyses.
 */
/** Types of plain data: no address can hide in them. */
const PLAIN = new Set<string>(["integer", "real", "complex", "logical", "character"]);

export class ProgramLink {
  readonly names: LinkedNames;
  private readonly summaries = new Map<Procedure, ProcedureSummary>();
  private readonly component = new Map<Procedure, number>();
  private readonly programOf = new Map<Procedure, Program>();
  private readonly linked = new Set<Program>();
  private readonly calleeMap = new Map<Procedure, Procedure[]>();
  private readonly indexes = new Map<Program, SharedIndex>();
  private readonly translations = new Map<ProcedureSummary, Map<Program, Translated>>();
  /** COMMON scalars set once for the run of all the linked files (regions/common-facts.ts). */
  readonly facts: CommonFacts;
  /**
   * The files are the whole program: all C and without errors, one `main`
   * among them, and every call of every procedure resolved to one of
   * them (or to libc, which the front end marks). Then no code out of
   * sight calls a function of theirs or sees their variables
   * (param-bindings.ts).
   */
  readonly closed: boolean;
  /**
   * The files are a whole Fortran program: all read without errors, one
   * main program among them, and every call of every procedure resolved
   * to one of them (intrinsics aside). Then every unit that declares a
   * COMMON block is in the run (threadprivate-blocks.ts).
   */
  readonly wholeFortran: boolean;

  /** `assumeBounds`: the summaries' regions may rely on the bounds assumption (analysis-options.ts). */
  constructor(
    private readonly inputs: readonly LinkInput[],
    readonly assumeBounds = true,
    base?: ProgramLink,
  ) {
    this.names = new LinkedNames(inputs);
    const procs: Procedure[] = [];
    for (const { program, usable } of inputs) {
      if (!usable) continue;
      this.linked.add(program);
      for (const p of program.procedures) {
        this.programOf.set(p, program);
        procs.push(p);
      }
    }
    // The order summaries are made in also has the definitions a name several files define may reach.
    const mayCall = new Map<Procedure, Procedure[]>();
    for (const p of procs) {
      const out = new Set<Procedure>();
      const may = new Set<Procedure>();
      for (const n of calledNames(p)) {
        const t = this.names.resolve(n, p, this.programOf.get(originOf(p))!);
        if (t && this.programOf.has(t)) out.add(t);
        for (const a of t ? [] : (this.alternatives(n, p) ?? [])) may.add(a);
      }
      this.calleeMap.set(p, [...out]);
      mayCall.set(p, [...out, ...may]);
    }
    const mains = procs.filter((p) => p.name === "main" && p.language === "c").length;
    // A global only declared `extern` here is defined out of sight, where an initializer may take an
    // address (`double *p = &x;`); libc's own (stderr) point to nothing of the program.
    const defined = new Set<string>();
    for (const pr of this.linked) for (const g of pr.globals.values()) if (g.storage === "global" && !g.attrs.external) defined.add(g.name);
    const allDefined = [...this.linked].every((pr) => [...pr.globals.values()].every((g) => g.storage !== "global" || !g.attrs.external || defined.has(g.name) || g.attrs.intrinsic === true));
    const resolved = (n: string, p: Procedure) => this.programOf.has(this.names.resolve(n, p, this.programOf.get(originOf(p))!)!);
    this.closed = inputs.every((i) => i.usable && i.program.file.language === "c") && mains === 1 && allDefined && procs.every((p) => resolvesAll(p, resolved));
    // A name several files define (NPB LU's blts.f, blts_vec.f) reaches one of them, all in the run: every
    // unit of whichever build links them is here (a COMMON block threadprivate gets its directive in each).
    const reached = (n: string, p: Procedure) => {
      if (resolved(n, p)) return true;
      const alts = this.alternatives(n, p);
      return !!alts && alts.length > 0 && alts.every((a) => this.programOf.has(a));
    };
    this.wholeFortran = inputs.every((i) => i.usable) && wholeFortranProgram(procs, reached);
    this.facts = new CommonFacts({
      procedures: procs,
      whole: this.wholeFortran || this.closed,
      resolve: (name, caller) => this.resolve(name, caller),
      // NPB LU's ssor.f and ssor_vec.f: either one is the one called.
      alternatives: (name, caller) => this.alternatives(name, caller),
      // C globals set once, when the files are the whole program and no pointer reaches them.
      ...(this.closed ? { cGlobals: { inFile: (p: Procedure, name: string) => this.programOf.get(originOf(p))?.globals.get(name), untaken: (g: Sym) => this.untakenGlobal(g) } } : {}),
    });
    const sccs = stronglyConnected(procs, (p) => mayCall.get(p)!);
    sccs.forEach((scc, k) => {
      for (const p of scc) this.component.set(p, k);
    });
    // A variant of `base` (forProgram): a procedure that reaches no name `base` found ambiguous keeps
    // its summary there (made with the facts of more files: as sound, at most less precise).
    const changed = new Set<Procedure>();
    for (const scc of sccs) {
      if (base && scc.some((p) => [...calledNames(p)].some((n) => base.alternatives(n, p) !== null) || mayCall.get(p)!.some((c) => changed.has(c)))) scc.forEach((p) => changed.add(p));
      for (const p of scc) {
        const kept = base && !changed.has(p) ? base.summaries.get(p) : undefined;
        if (kept) {
          this.summaries.set(p, kept);
          continue;
        }
        const program = this.programOf.get(originOf(p))!;
        try {
          // The front end's deferred counted loops first, as flow-analysis.ts does (its summary follows their indices).
          confirmCountedLoops(p, (name) => this.summaryFor(name, p, program), { unreached: (s) => this.untakenGlobal(s) });
          const cfg = buildCfg(p, (name) => this.summaryFor(name, p, program), (s) => this.untakenGlobal(s));
          this.summaries.set(p, summarize(cfg, blockRegions(cfg), assumeBounds, this.facts));
        } catch {
          // Conservative: a procedure whose analysis fails may do anything (planning it reports the failure).
          this.summaries.set(p, worstSummary(p.name, p.params.length));
        }
      }
    }
  }

  /** Whether the program took part in the link (given, and without errors). */
  has(program: Program): boolean {
    return this.linked.has(program);
  }

  /** The summary of a call as its caller's file sees it (escaped-arrays.ts). */
  summaryIn(name: string, caller: Procedure): ProcedureSummary | undefined {
    const program = this.programOf.get(originOf(caller));
    return program ? this.summaryFor(name, caller, program) : undefined;
  }

  /**
   * The summary of what a call to `name` in `caller` (of `program`) does,
   * in the caller's symbols; undefined when not known: no or several
   * definitions, a recursive cycle (through any files). Effects on
   * variables the caller's file cannot name are kept as effects on the
   * callee's symbols (translate-summary.ts).
   */
  summaryFor(name: string, caller: Procedure, program: Program): ProcedureSummary | undefined {
    const callee = this.names.resolve(name, caller, program);
    if (!callee) return this.joinedFor(name, caller, program);
    const s = this.summaries.get(callee);
    // Conservative: calls inside a recursive cycle get no summary (the worst is assumed).
    if (!s || this.component.get(callee) === this.component.get(caller)) return undefined;
    const t = this.translated(callee, program);
    return t?.summary;
  }

  /**
   * A name several files define: what any of its definitions may do
   * (join-summaries.ts), once per caller's file and set of definitions;
   * undefined when the name is not such a name or some definition has no
   * summary here.
   */
  private joinedFor(name: string, caller: Procedure, program: Program): ProcedureSummary | undefined {
    const procs = this.alternatives(name, caller);
    if (!procs) return undefined;
    const key = procs.map((p) => `${p.span.file}:${p.span.line}`).join("|");
    let perProgram = this.joined.get(program);
    if (!perProgram) this.joined.set(program, (perProgram = new Map()));
    // Not memoized while a definition has no summary yet (the link is still summarizing, callees first).
    if (perProgram.has(key)) return perProgram.get(key);
    // Each one's summary in the caller's symbols; conservative, as summaryFor: none inside a recursive cycle.
    const own = (p: Procedure) => this.summaries.has(p) && this.component.get(p) !== this.component.get(caller);
    const j = joinSummaries(procs.map((p) => (own(p) ? this.translated(p, program)?.summary : undefined)));
    if (procs.every((p) => this.summaries.has(p))) perProgram.set(key, j);
    return j;
  }
  private readonly joined = new Map<Program, Map<string, ProcedureSummary | undefined>>();

  /**
   * Each definition an ambiguous call to `name` in `caller` may reach
   * (LinkedNames.alternatives); null when the name is not ambiguous. The
   * call's summary is what any of them may do (joinedFor), and it is a
   * call site of each (call-graph.ts: liveness follows every caller).
   */
  alternatives(name: string, caller: Procedure): Procedure[] | null {
    const program = this.programOf.get(originOf(caller));
    return program ? this.names.alternatives(name, caller, program) : null;
  }

  /** The summaries the calls of a linked procedure use (summaryFor in its own file). */
  summariesFor(caller: Procedure): SummaryLookup {
    // One function per caller: what is kept per lookup (argumentsWrittenBy's walks) is then shared (issue 16).
    let f = this.lookups.get(caller);
    if (!f) {
      const program = this.programOf.get(originOf(caller));
      this.lookups.set(caller, (f = (name) => (program ? this.summaryFor(name, caller, program) : undefined)));
    }
    return f;
  }
  private readonly lookups = new Map<Procedure, SummaryLookup>();

  /**
   * A C global of plain data (a number, or an array of them: no pointer,
   * struct or union) whose address no file of a closed link takes: no
   * pointer can reach it (a pointer to an object comes from `&` on it, C11
   * 6.5.3.2, or from an array's decay, 6.3.2.1p3: arrays are never this),
   * so writes through pointers leave it alone. NPB-C's
   * error_norm(double rms[5]) writes rms[m], which is then never dnxm1.
   * Conservative: an initialized global that could hold an address (its
   * initializer is not in the IR) makes every global reachable.
   */
  untakenGlobal(s: Sym): boolean {
    if (!this.closed || s.storage !== "global" || s.dims.length > 0 || !PLAIN.has(s.type.base) || s.attrs.pointer) return false;
    const taken = (this.taken ??= this.addressesTaken());
    return taken !== "all" && !taken.has(s.attrs.save ? s : s.name);
  }
  private taken: Set<Sym | string> | "all" | undefined;

  /** The globals whose address some linked file takes (externals by name, statics by symbol). */
  private addressesTaken(): Set<Sym | string> | "all" {
    const out = new Set<Sym | string>();
    for (const program of this.linked) {
      for (const g of program.globals.values()) if (g.storage === "global" && g.attrs.initialized && (!PLAIN.has(g.type.base) || g.attrs.pointer)) return "all";
      for (const p of program.procedures)
        walkStmts(p.body, (st) => {
          for (const e of stmtExprs(st))
            walkExpr(e, (x) => {
              if (x.kind === "addr") for (const g of baseSyms(x.operand)) if (g.storage === "global") out.add(g.attrs.save ? g : g.name);
            });
        });
    }
    return out;
  }

  /** The symbol a linked procedure's file has for a C global: by name; another file's static one, none. */
  globalIn(p: Procedure, g: Sym): Sym | null {
    const program = this.programOf.get(originOf(p));
    const mine = program?.globals.get(g.name);
    return mine && sameGlobal(mine, g) ? mine : null;
  }

  /** The summary of a procedure in its own file's symbols. */
  summaryOf(p: Procedure): ProcedureSummary | undefined {
    return this.summaries.get(p);
  }

  /** The callee's summary in the symbols of `program`, or why it cannot be given there. */
  translated(callee: Procedure, program: Program): Translated | undefined {
    const s = this.summaries.get(callee);
    const from = this.programOf.get(originOf(callee));
    if (!s || !from) return undefined;
    if (from === program) return { summary: s };
    let perProgram = this.translations.get(s);
    if (!perProgram) this.translations.set(s, (perProgram = new Map()));
    let t = perProgram.get(program);
    if (!t) perProgram.set(program, (t = phase("link", () => translateSummary(s, from, this.index(program)))));
    return t;
  }

  /** The programs that took part, in the order given. */
  programs(): Program[] {
    return [...this.linked];
  }

  /**
   * The link a file's loops are planned with: this one, but for the files
   * no program holding it can link. A file that lays out a named COMMON
   * block with another size than this one does (F77 8.3.3: never in one
   * program; block-sizes.ts) is left out when it is a variant: each
   * procedure it defines is also defined by a file that may be linked
   * with this one. NPB 3.3.1's BT ships x_solve.f and x_solve_vec.f (with
   * a larger /work_lhs/): planned with the others, adi's calls of x_solve,
   * y_solve and z_solve each reach either, and the work arrays x_solve.f
   * privatizes looked read after its loops through the other layout.
   * Leaving out only such variants keeps every call resolved as before
   * elsewhere: a file that disagrees but is the only definition of some
   * name (a nonconforming program compilers still link) stays in.
   */
  forProgram(program: Program): ProgramLink {
    if (!this.linked.has(program)) return this;
    const agree = (o: Program) => layoutsAgree(program, o);
    const others = [...this.linked].filter((o) => !agree(o));
    if (others.length === 0) return this;
    const defined = (name: string, o: Program) => !others.includes(o) && o.procedures.some((p) => p.name.toLowerCase() === name);
    // (An internal procedure goes with its host.)
    const variants = others.filter((o) => o.procedures.every((p) => p.host !== undefined || [...this.linked].some((x) => x !== o && defined(p.name.toLowerCase(), x))));
    if (variants.length === 0) return this;
    const key = variants.map((o) => o.file.path).sort().join("\n");
    let l = this.variantLinks.get(key);
    if (!l) this.variantLinks.set(key, (l = new ProgramLink(this.inputs.filter((i) => !variants.includes(i.program)), this.assumeBounds, this)));
    return l;
  }
  private readonly variantLinks = new Map<string, ProgramLink>();

  /** The procedure a call to `name` in `caller` (of a linked program) reaches, if known. */
  resolve(name: string, caller: Procedure): Procedure | undefined {
    const program = this.programOf.get(originOf(caller));
    return program ? this.names.resolve(name, caller, program) : undefined;
  }

  /** The procedures a procedure calls, resolved in its file and across files. */
  callees(p: Procedure): readonly Procedure[] {
    return this.calleeMap.get(p) ?? [];
  }

  private index(program: Program): SharedIndex {
    let ix = this.indexes.get(program);
    if (!ix) this.indexes.set(program, (ix = new SharedIndex(program)));
    return ix;
  }
}

/** Whether every call of the procedure resolves (`resolved`) among the procedures of the run, and the procedure is analyzed. */
function resolvesAll(p: Procedure, resolved: (name: string, caller: Procedure) => boolean): boolean {
  return !p.unanalyzable && [...calledNames(p)].every((n) => resolved(n, p));
}

/**
 * Whether the procedures are a whole Fortran program: one main program,
 * every call of a Fortran procedure resolved among them (`resolved`).
 * Then every unit that declares a COMMON block is among them
 * (threadprivate-blocks.ts).
 */
export function wholeFortranProgram(procs: readonly Procedure[], resolved: (name: string, caller: Procedure) => boolean): boolean {
  return procs.filter((p) => p.kind === "program").length === 1 && procs.every((p) => p.language !== "fortran" || resolvesAll(p, resolved));
}
