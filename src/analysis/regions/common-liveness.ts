import { rewriteBlocks } from "../../ir/rewrite-blocks.js";
import type { Expr } from "../../ir/expr.js";
import { exprEquals } from "../../ir/expr-equals.js";
import type { Procedure } from "../../ir/program.js";
import type { IfStmt, Stmt } from "../../ir/stmt.js";
import { globalName, sameGlobal, type Sym } from "../../ir/symbol.js";
import { childBlocks, stmtExprs, walkExpr } from "../../ir/walk.js";
import { memberExtent, overlaps } from "../summaries/common-layout.js";
import type { ArrayRegions, ProcedureSummary, RunCondition, SummaryLookup, UnseenCall } from "../summaries/summary.js";
import { callEffect } from "../summaries/array-regions.js";
import { boxContains, type Box } from "./box.js";
import { argumentsWrittenBy, callRegions, commonMember, commonRegionsAt } from "./call-regions.js";
import { Coverage, type StopPoint } from "./coverage.js";
import { factsIn, type CommonFacts } from "./common-facts.js";
import { valuesBefore } from "./values-before.js";
import { hasBackwardJump } from "./backward-jump.js";
import { arrayViews } from "./array-view.js";
import { takenIn } from "../taken-addresses.js";
import { unchangedIn } from "./unchanged-in.js";

/** Where a procedure is called: the caller, the statement, and whether the call is the statement itself (a CALL) or inside an expression. */
export interface CallerSite {
  caller: Procedure;
  stmt: Stmt;
  statement: boolean;
}

/** The procedures of a closed set of files, as liveness across calls needs them. */
export interface ProgramWorld {
  /** Every call site of a procedure among the files (none: nobody in them calls it), with the calls of a name several files define, which may reach it. */
  sitesOf(p: Procedure): readonly CallerSite[];
  /** The summaries a procedure's calls use. */
  summaries(caller: Procedure): SummaryLookup;
  /** Whether subscripts may be assumed within their declared bounds (analysis-options.ts). */
  assumeBounds: boolean;
  /** COMMON scalars set once for the run (common-facts.ts). */
  facts?: CommonFacts;
  /** The symbol a procedure has for a C global (its file's, by name; a static one only in its own file), if any. */
  globalIn?(proc: Procedure, g: Sym): Sym | null;
  /** C: the program registers exit handlers (exit-handlers.ts), which may read any global after main returns. */
  exitHandlers?: boolean;
}

/**
 * Why a value may be read later, for the report of a loop whose array it
 * keeps from being private: in words, and the call of a procedure doall
 * cannot see that it comes down to, if it does (what a user fixes by
 * giving its source: NPB LU's flux stays live through timer_stop's call
 * of wtime when wtime.c is not given).
 */
export interface LiveCause {
  text: string;
  unseen?: UnseenCall;
}

/** A COMMON variable as every procedure sees it: its block and byte offset, with one declaration's shape. */
interface CommonVar {
  block: string;
  start: number;
  end: number;
  like: Sym;
}

/**
 * Whether a value of a COMMON variable may be read after a point (seed 004
 * §1.1's LIVE, for COMMON storage across procedures): in the rest of the
 * procedure (its continuation: what follows the statement, and the next
 * iterations of the loops around it), and, when the continuation reaches
 * the procedure's exit without surely writing all of it, after the
 * procedure returns: at each of its call sites in turn (live out). The
 * main program's exit is the end of the run; a procedure no file of the
 * run calls may be called by anything (live), and so may one in a
 * recursive cycle.
 *
 * Reads in a continuation are found by the coverage walk in collect mode
 * (coverage.ts): an element read that the continuation did not surely
 * write first is live. Calls count through their summaries' regions; an
 * unknown one may read anything. Conservative: in a procedure with a GOTO
 * back to an earlier label the continuation is not known (live).
 *
 * This is what makes a COMMON work array private to the iterations of a
 * loop (issue 14 §4): LU's flux, BT's lhs and fjac, SP's cv and rhon are
 * written before they are read in every iteration and never read after.
 */
export class CommonLiveness {
  private readonly outMemo = new Map<string, RunCondition[] | null>();
  /** The cause of each null in outMemo. */
  private readonly outCause = new Map<string, LiveCause | null>();
  /**
   * Why the answer being made, or the last one given, is "live": set
   * where an answer turns null, passed up unchanged by the answers made
   * from it.
   */
  private cause: LiveCause | null = null;
  private readonly busy = new Set<string>();

  constructor(readonly world: ProgramWorld) {}

  /**
   * unchangedIn per body: a walk per question (each loop, each array) made it again over the whole
   * procedure (issue 16). The world's summaries of a procedure do not change while it lives.
   */
  private unchanged(proc: Procedure, summaries: SummaryLookup): (s: Sym) => boolean {
    let f = this.unchangedMemo.get(proc.body);
    if (!f) this.unchangedMemo.set(proc.body, (f = unchangedIn(proc, summaries)));
    return f;
  }
  private readonly unchangedMemo = new WeakMap<readonly Stmt[], (s: Sym) => boolean>();

  /** Why the last `deadAfter` (or `liveAfter`) that found the value live did: null when not known. */
  lastCause(): LiveCause | null {
    return this.cause;
  }

  /** Whether the value `sym` (a COMMON member of `proc`) has after `s` may be read later. */
  liveAfter(proc: Procedure, s: Stmt, sym: Sym): boolean {
    return this.deadAfter(proc, s, sym, false) === null;
  }

  /**
   * Null when the value `sym` has after `s` may be read later; else the
   * conditions under which it is not (none: never read). With `assume`,
   * reads in this procedure's continuation that are covered when some
   * values fixed there compare a certain way give those comparisons.
   */
  deadAfter(proc: Procedure, s: Stmt, sym: Sym, assume: boolean): Expr[] | null {
    // Asked again for one loop (the scalar plan, then the array plan, with and without `assume`): kept per
    // question, when asked from outside any walk of callers (issue 16: LU asked 246 times, 146 questions).
    // Asked inside one (`busy`), the answer may be cut short by the recursion: not kept.
    if (this.busy.size > 0) return this.deadAfterNow(proc, s, sym, assume);
    let bySym = this.deadMemo.get(s);
    if (!bySym) this.deadMemo.set(s, (bySym = new Map()));
    const key = `${sym.id}|${assume}|${proc.name}`;
    let hit = bySym.get(key);
    if (hit === undefined) {
      this.cause = null;
      this.assumable = false;
      const r = this.deadAfterNow(proc, s, sym, assume);
      bySym.set(key, (hit = { r, cause: r === null ? this.cause : null, assumable: this.assumable }));
    }
    this.cause = hit.cause;
    this.assumable = hit.assumable;
    return hit.r;
  }
  private readonly deadMemo = new WeakMap<Stmt, Map<string, { r: Expr[] | null; cause: LiveCause | null; assumable: boolean }>>();

  /**
   * Whether the making of the last `deadAfter` answer without `assume` met
   * a point where a walk with it could part from its own (Coverage's
   * `assumable`, in this procedure or at its callers): if not, asking with
   * `assume` walks the same way and answers the same, with the same cause
   * (issue 16: privatization asked again under assumptions 581 times on
   * NPB Fortran, twice to another answer).
   */
  lastAssumable(): boolean {
    return this.assumable;
  }
  /** For the answer being made: some walk without `assume` met such a point (with `assume`: set as if, never read). */
  private assumable = false;

  /** Sets the cause of a "live" answer; returns null, the answer. */
  private live(text: string, unseen?: UnseenCall): null {
    this.cause = unseen ? { text, unseen } : { text };
    return null;
  }

  private deadAfterNow(proc: Procedure, s: Stmt, sym: Sym, assume: boolean): Expr[] | null {
    const r = this.deadRun(proc, s, sym, assume);
    if (r === null) return null;
    // Conditions found elsewhere (a callee's summary, a caller's continuation) are comparisons of values
    // set before any call: the same here, in this procedure's names for them.
    const out: Expr[] = [];
    const facts = this.world.facts;
    for (const c of r) {
      const e = c.proc === proc ? c.expr : facts?.earlyIn(c.proc, c.expr) ? facts.moveTo(c.expr, c.proc, proc) : null;
      if (e === null) return this.live(`it is dead only under a condition found in ${c.proc.name}, which cannot be checked in ${proc.name}`);
      if (!out.some((x) => exprEquals(x, e))) out.push(e);
    }
    return out;
  }

  private deadRun(proc: Procedure, s: Stmt, sym: Sym, assume: boolean): RunCondition[] | null {
    // A local array (not SAVEd, not a pointer's target): nothing reads it after the procedure returns.
    if (localArray(sym)) return this.deadInProcedure(proc, s, sym, null, assume);
    if (cGlobal(sym)) return this.deadGlobal(proc, s, sym, assume);
    if (dummyArray(proc, sym)) return this.deadDummy(proc, s, sym, assume);
    const v = commonVar(proc, sym);
    return v === null ? this.live("doall does not follow it into other procedures") : this.deadInProcedure(proc, s, v.like, v, assume);
  }

  /** Dead after `s` in the procedure's continuation; at its exit, for a COMMON variable (`v`), whatever its callers do after the call. */
  private deadInProcedure(proc: Procedure, s: Stmt, like: Sym, v: CommonVar | null, assume: boolean): RunCondition[] | null {
    if (hasBackwardJump(proc.body)) return this.backward(proc);
    const rest = continuation(proc.body, s);
    if (rest === null) return this.unfollowed(proc, s);
    const summaries = this.world.summaries(proc);
    if (!v) {
      const r = this.walk(proc, rest, like, like, null, summaries, assume, valuesBefore(proc, s));
      return r === "live" ? null : r.conditions;
    }
    const mine = commonMember(proc, v.block, v.start, v.like);
    // Conservative: the block laid out otherwise here, storage over the variable under other names.
    if (!mine && declaresOverlap(proc, v)) return this.live(`${proc.name} lays out /${v.block}/ otherwise, over its storage`);
    const sym = mine ?? v.like;
    const r = this.walk(proc, rest, sym, mine, v, summaries, assume, valuesBefore(proc, s));
    if (r === "live") return null;
    if (r.whole) return r.conditions;
    const out = this.deadOut(proc, v, assume);
    return out === null ? null : union(r.conditions, out);
  }

  /**
   * The walk of a continuation for one variable: "live" when some element
   * may be read before it is written there; else whether all of it is
   * surely written (then what reaches the exit is new), and the
   * comparisons the walk assumed.
   */
  private walk(proc: Procedure, rest: Stmt[], sym: Sym, mine: Sym | null, v: CommonVar | null, summaries: SummaryLookup, assume: boolean, initial: readonly (readonly [Sym, Expr])[]): "live" | { whole: boolean; conditions: RunCondition[] } {
    const r = this.walkAs(proc, rest, sym, mine, v, summaries, assume, initial, true);
    if (r !== "live" || !mine) return r;
    // A vector the continuation fills and reads as the rows of a matrix a callee works on (array-view.ts):
    // read before written only if so in the view. Never all of it written, as far as the view can say.
    const views = arrayViews(proc, mine, rest, summaries);
    if (!views) return r;
    const conditions: RunCondition[] = [];
    const everywhere = this.unchanged(proc, summaries);
    for (const v of views) {
      // A scalar the piece does not change keeps its value through it (fftXYZ's fftblock, set between the
      // passes): fixed for this walk, though not for the procedure, so no run-time condition may name it.
      const inPiece = unchangedIn(proc, summaries, v.body);
      const w = this.walkAs(proc, v.body, v.view, v.view, null, summaries, assume, initial, false, (s) => everywhere(s) || inPiece(s));
      if (w === "live") return w;
      const local = (c: RunCondition) => {
        let yes = false;
        walkExpr(c.expr, (x) => void (x.kind === "var" && !everywhere(x.sym) && inPiece(x.sym) && (yes = true)));
        return yes;
      };
      if (w.conditions.some(local)) {
        this.live(`${proc.name} may read it under conditions of values it sets itself`);
        return "live";
      }
      conditions.push(...w.conditions);
    }
    return { whole: false, conditions };
  }

  private walkAs(proc: Procedure, rest: Stmt[], sym: Sym, mine: Sym | null, v: CommonVar | null, summaries: SummaryLookup, assume: boolean, initial: readonly (readonly [Sym, Expr])[], readsInBounds: boolean, fixed = this.unchanged(proc, summaries)): "live" | { whole: boolean; conditions: RunCondition[] } {
    const c = new Coverage(sym, {
      assume,
      // Without `assume`: whether a walk with it could end otherwise (lastAssumable).
      probeAssume: !assume,
      initial,
      facts: factsIn(this.world.facts, proc),
      fixed,
      lang: proc.language,
      untaken: (s) => !takenIn(proc).has(s),
      collect: true,
      firstExposure: true,
      assumeBounds: readsInBounds && this.world.assumeBounds,
      calls: (call, assuming) => {
        // Assuming, a callee's EUSE under comparisons of values set before any call, with those comparisons.
        const effect = (r: ArrayRegions) => callEffect(r, assuming);
        const sum = summaries(call.name);
        if (!sum && call.intrinsic) {
          // A library routine (clock(), CPU_TIME): what its arguments reach, never storage it is not given.
          const r = callRegions(proc, call, undefined, this.world.assumeBounds);
          const e = mine ? r.arrays.get(mine) : undefined;
          return e ? effect(e) : r.opaque ? "unknown" : null;
        }
        if (!mine && v) {
          // The procedure does not name it: only its callees touch it, as their regions say.
          const r = commonRegionsAt(proc, call, sum, v.block, v.start, v.end, v.like);
          return r === null || r === "unknown" ? r : effect(r);
        }
        const r = callRegions(proc, call, sum, this.world.assumeBounds);
        if (!mine && !v) {
          // A C global this file cannot name: only its callees touch it, as their regions say (the link keeps
          // the regions of globals a file does not declare, on one symbol per name: translate-summary.ts).
          const e = [...r.arrays].find(([k]) => sameGlobal(k, sym))?.[1];
          return e ? { euse: e.euse, ddef: e.ddef } : r.opaque || globalWithoutRegions(sum, sym) ? "unknown" : null;
        }
        const e = mine ? r.arrays.get(mine) : undefined;
        if (!e && mine && cGlobal(mine) && globalWithoutRegions(sum, mine)) return "unknown";
        return e ? effect(e) : r.opaque || (v && calleeTouchesHidden(sum, v)) ? "unknown" : null;
      },
      argWritten: argumentsWrittenBy(summaries),
    });
    const ran = c.run(rest);
    if (c.assumable) this.assumable = true;
    if (!ran || c.exposedAll || c.exposed.length > 0) {
      this.readBy(proc, c.stoppedAt, summaries);
      return "live";
    }
    return { whole: coversAll(sym, c.boxes), conditions: [...c.conditions.map((expr) => ({ expr, proc })), ...c.carried] };
  }

  /** A C global: dead after `s` in the procedure's continuation, and at its exit where every caller continues. */
  private deadGlobal(proc: Procedure, s: Stmt, g: Sym, assume: boolean): RunCondition[] | null {
    if (!this.world.globalIn) return this.live("doall does not follow it into other functions");
    if (hasBackwardJump(proc.body)) return this.backward(proc);
    // A file that cannot name it (it does not declare it; another file's static) reaches it through calls only.
    const mine = this.world.globalIn(proc, g);
    const rest = continuation(proc.body, s);
    if (rest === null) return this.unfollowed(proc, s);
    const r = this.walk(proc, rest, mine ?? g, mine, null, this.world.summaries(proc), assume, valuesBefore(proc, s));
    if (r === "live") return null;
    if (r.whole) return r.conditions;
    const out = this.globalDeadOut(proc, g, assume);
    return out === null ? null : union(r.conditions, out);
  }

  /**
   * A Fortran dummy array: dead after `s` in the procedure's continuation,
   * and at its exit where every caller's actual is dead after the call
   * (FT's `cffts1(..., y1, y2)`: scratch arrays the caller passes down).
   */
  private deadDummy(proc: Procedure, s: Stmt, sym: Sym, assume: boolean): RunCondition[] | null {
    if (hasBackwardJump(proc.body)) return this.backward(proc);
    const rest = continuation(proc.body, s);
    if (rest === null) return this.unfollowed(proc, s);
    const r = this.walk(proc, rest, sym, sym, null, this.world.summaries(proc), assume, valuesBefore(proc, s));
    if (r === "live") return null;
    if (r.whole) return r.conditions;
    const k = proc.params.indexOf(sym);
    const live = this.liveAtCallers(proc, `dummy:${k}`, (site) => {
      if (site.stmt.kind !== "call") return true;
      const a = site.stmt.args[k];
      // Conservative: a missing argument; an expression is a temporary nobody reads after the call.
      if (!a) return this.live(`a call of ${proc.name} (line ${site.stmt.span.line} of ${site.caller.name}) passes no array for it`) === null;
      if (a.kind !== "var" && a.kind !== "elem" && a.kind !== "section") return false;
      if (a.sym.dims.length === 0) return this.live(`a call of ${proc.name} (line ${site.stmt.span.line} of ${site.caller.name}) passes a scalar for it`) === null;
      return this.deadAfter(site.caller, site.stmt, a.sym, false) === null;
    });
    return live ? null : r.conditions;
  }

  /** Null when values of a C global the procedure leaves at its exit may be read afterwards (its callers' continuations); else the conditions under which not (deadOut). */
  private globalDeadOut(proc: Procedure, g: Sym, assume: boolean): RunCondition[] | null {
    // main's end is the run's, but for exit handlers (found by fuzzing: a global an atexit handler prints was made private).
    if (proc.name === "main" && proc.language === "c") return this.world.exitHandlers ? this.live("the program's exit handlers may read it after main returns") : [];
    return this.deadAtCallers(proc, `global:${globalName(g)}`, assume, (site) => this.deadGlobal(site.caller, site.stmt, g, assume));
  }

  /**
   * Null when values of `v` the procedure leaves at its exit may be read
   * afterwards; else the conditions, in the procedure's symbols, under
   * which they are not (with `assume`: comparisons its callers' walks
   * take as true, of COMMON values the main program sets before any call,
   * which have the same value here: CommonFacts.earlyIn).
   */
  private deadOut(proc: Procedure, v: CommonVar, assume: boolean): RunCondition[] | null {
    if (proc.kind === "program") return [];
    return this.deadAtCallers(proc, `${v.block}@${v.start}`, assume, (site) => this.deadInProcedure(site.caller, site.stmt, v.like, v, assume));
  }

  /** Live after some call of the procedure (`liveAfter` each call statement); unknown callers, a call inside an expression or a recursive cycle: live. */
  private liveAtCallers(proc: Procedure, what: string, liveAfter: (site: CallerSite) => boolean): boolean {
    return this.deadAtCallers(proc, what, false, (site) => (liveAfter(site) ? null : [])) === null;
  }

  /** Dead after every call of the procedure (`deadAfter` each call statement), under the conditions returned, all of values set before any call; else null. */
  private deadAtCallers(proc: Procedure, what: string, assume: boolean, deadAfter: (site: CallerSite) => RunCondition[] | null): RunCondition[] | null {
    const key = `${proc.span.file}:${proc.span.line}:${proc.name}|${what}|${assume}`;
    const hit = this.outMemo.get(key);
    if (hit !== undefined) {
      if (hit === null) this.cause = this.outCause.get(key) ?? null;
      if (this.outAssumable.has(key)) this.assumable = true;
      return hit;
    }
    // Whether making this answer met a point where assuming could part (kept with the answer, for its reuses).
    const outer = this.assumable;
    this.assumable = false;
    // Conservative: a recursive cycle (the value may flow back into the procedure itself).
    if (this.busy.has(key)) return this.live(`${proc.name} is in a cycle of calls (the value may flow back into it)`);
    this.busy.add(key);
    const sites = this.world.sitesOf(proc);
    let out: RunCondition[] | null = sites.length === 0 ? this.live(`${proc.name} is called by no procedure of the files given, so whatever calls it may read it`) : [];
    for (const site of sites) {
      if (out === null) break;
      if (!site.statement) {
        out = this.live(`${proc.name} is called inside an expression (line ${site.stmt.span.line} of ${site.caller.name})`);
        break;
      }
      const d = deadAfter(site);
      // A comparison of the caller's own values (fixed there, not before the loop): not checkable before it.
      out = d === null ? null : d.every((c) => this.world.facts?.earlyIn(c.proc, c.expr)) ? union(out, d) : this.live(`it is dead after the call at line ${site.stmt.span.line} of ${site.caller.name} only under a condition fixed there`);
    }
    this.busy.delete(key);
    this.outMemo.set(key, out);
    if (out === null) this.outCause.set(key, this.cause);
    if (this.assumable) this.outAssumable.add(key);
    this.assumable ||= outer;
    return out;
  }
  private readonly outAssumable = new Set<string>();

  private backward(proc: Procedure): null {
    return this.live(`${proc.name} has a GOTO back to an earlier label, so what runs after the loop is not known`);
  }

  private unfollowed(proc: Procedure, s: Stmt): null {
    return this.live(`what runs after line ${s.span.line} of ${proc.name} is not followed`);
  }

  /** The cause of a walk that found a read: the statement, and the call (and a procedure doall cannot see behind it) when a call's it was. */
  private readBy(proc: Procedure, at: StopPoint | null, summaries: SummaryLookup): void {
    if (!at) {
      this.live(`${proc.name} may read it`);
      return;
    }
    const where = `line ${at.line} of ${proc.name}`;
    if (at.call === undefined) {
      this.live(`it may be read at ${where}`);
      return;
    }
    const sum = summaries(at.call);
    if (!sum) this.live(`${at.call} (called at ${where}) may read it: doall cannot see what ${at.call} does`, { name: at.call, file: proc.span.file, line: at.line });
    else if (sum.unseen) this.live(`${at.call} (called at ${where}) calls ${sum.unseen.name} (${sum.unseen.file}:${sum.unseen.line}), and doall cannot see what ${sum.unseen.name} does`, sum.unseen);
    else this.live(`${at.call} (called at ${where}) may read it`);
  }
}

/** The conditions of both lists, each once. */
function union(a: readonly RunCondition[], b: readonly RunCondition[]): RunCondition[] {
  return [...a, ...b.filter((x) => !a.some((y) => y.proc === x.proc && exprEquals(x.expr, y.expr)))];
}

/** Whether a callee's summary touches the global but gives it no regions (then what it does is not known by element). */
function globalWithoutRegions(sum: ProcedureSummary | undefined, g: Sym): boolean {
  if (!sum || sum.unknown) return true;
  if (sum.regions?.globals.some((x) => sameGlobal(x.sym, g))) return false;
  for (const e of sum.shared.values()) if ((e.use || e.mod) && sameGlobal(e.sym, g)) return true;
  return false;
}

/** A C file-scope variable of plain data (an array or a scalar; not a pointer, nor a struct that may hold one). */
function cGlobal(sym: Sym): boolean {
  return sym.storage === "global" && sym.type.base !== "pointer" && !sym.attrs.pointer && (sym.type.base !== "derived" || sym.type.members !== undefined) && sym.equivalence === undefined;
}

/** A procedure's own array, gone when it returns: not SAVEd (nor C static), not a pointer or target, not in an EQUIVALENCE. */
function localArray(sym: Sym): boolean {
  return sym.storage === "local" && sym.dims.length > 0 && !sym.attrs.save && !sym.attrs.pointer && !sym.attrs.target && !sym.attrs.allocatable && sym.equivalence === undefined && sym.type.base !== "pointer";
}

/** A Fortran dummy array of its own (not a pointer, allocatable or target, not in an EQUIVALENCE). */
function dummyArray(proc: Procedure, sym: Sym): boolean {
  return proc.language === "fortran" && sym.storage === "dummy" && sym.dims.length > 0 && proc.params.includes(sym) && !sym.attrs.pointer && !sym.attrs.target && !sym.attrs.allocatable && sym.equivalence === undefined;
}

function commonVar(proc: Procedure, sym: Sym): CommonVar | null {
  if (sym.storage !== "common" || sym.equivalence !== undefined) return null;
  const ext = memberExtent(proc, sym);
  return ext ? { block: sym.common ?? "", start: ext.start, end: ext.end, like: sym } : null;
}

/** A callee that touches the variable's storage without regions for it (a member it lays out differently). */
function calleeTouchesHidden(s: ReturnType<SummaryLookup>, v: CommonVar): boolean {
  if (!s || s.unknown) return true;
  const eff = s.commons.get(v.block);
  if (!eff) return false;
  const hit = (l: typeof eff.use) => l === "all" || l.some((e) => overlaps(e, v));
  if (!hit(eff.use) && !hit(eff.mod)) return false;
  return !(s.regions?.commons.some((c) => c.block === v.block && c.start === v.start) ?? false);
}

/** Whether the procedure declares COMMON storage over the variable (its block, overlapping its bytes). */
function declaresOverlap(proc: Procedure, v: CommonVar): boolean {
  for (const s of proc.symbols.values()) {
    if (s.storage !== "common" || (s.common ?? "") !== v.block) continue;
    const ext = memberExtent(proc, s);
    if (ext === null || overlaps(ext, v)) return true;
  }
  return false;
}

/** Whether the boxes surely written hold all of the variable (a scalar: any box; an array: its declared bounds). */
function coversAll(sym: Sym, boxes: readonly Box[]): boolean {
  if (sym.dims.length === 0) return boxes.length > 0;
  if (sym.dims.some((d) => !d.upper)) return false;
  const all: Box = sym.dims.map((d) => ({ lo: d.lower, hi: d.upper! }));
  return boxes.some((b) => boxContains(b, all));
}

/**
 * What may run after `s` in the procedure, in order: the rest of its
 * statement list, then (inside a loop) the loop's body again, which may run
 * or not, then what follows the loop, and so on outward. Null when `s` is
 * not found.
 */
function continuation(body: readonly Stmt[], s: Stmt): Stmt[] | null {
  const path = pathTo(body, s);
  if (!path) return null;
  let out: Stmt[] = [];
  for (let k = path.length - 1; k >= 0; k--) {
    const { list, index, owner } = path[k]!;
    out.push(...list.slice(index + 1));
    if (owner && owner.kind === "loop") {
      // An EXIT (C break) of the loop, in this iteration or a later one, goes to what follows the loop: a
      // forward GOTO to a label there, which the walk follows (coverage.ts landings) where any other jump
      // makes every later write unsure (NPB-C LU's ssor breaks out of its time steps once converged).
      const label = `@exit${owner.id}`;
      const again = leaving(owner.body, owner.id, label, owner.span);
      out = leaving(out, owner.id, label, owner.span);
      out.push(maybe(again, owner.span), { kind: "nop", label, span: owner.span });
    }
  }
  return out;
}

/** The statements with each EXIT of loop `id` made a GOTO to `label` (copies where one changes: rewriteBlocks). */
function leaving(stmts: Stmt[], id: number, label: string, span: Stmt["span"]): Stmt[] {
  const exit = (x: Stmt) => x.kind === "exit" && x.loopId === id;
  const rewrite = (list: Stmt[]) => (list.some(exit) ? list.map((x): Stmt => (exit(x) ? { kind: "goto", target: label, span: x.span ?? span, ...(x.label !== undefined ? { label: x.label } : {}) } : x)) : list);
  return rewriteBlocks(stmts, rewrite);
}

/** Statements that may run or not: an IF whose condition is not known. */
function maybe(body: Stmt[], span: Stmt["span"]): IfStmt {
  const cond: Expr = { kind: "unknown", text: "?", span };
  return { kind: "if", cond, then: body, else: [], span };
}

/** The chain of statement lists from the body down to `s`: each list, the index in it, and the statement that owns it. */
function pathTo(list: readonly Stmt[], s: Stmt, owner: Stmt | null = null): { list: readonly Stmt[]; index: number; owner: Stmt | null }[] | null {
  for (let i = 0; i < list.length; i++) {
    const x = list[i]!;
    if (x === s) return [{ list, index: i, owner }];
    for (const b of childBlocks(x)) {
      const p = pathTo(b, s, x);
      if (p) return [{ list, index: i, owner }, ...p];
    }
  }
  return null;
}

