import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { childBlocks, childExprs, stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import { assignedInStmts } from "../assigned-in.js";
import { memberExtent } from "./common-layout.js";
import { addMay, anyBox, pointBox, type Box, type Interval } from "../regions/box.js";
import { symBytes } from "./common-layout.js";
import { argumentsWrittenBy, commonRegionsAt, type CallRegions, type CallSiteRef } from "../regions/call-regions.js";
import { Coverage, type CallArrayEffect, type CoverageOptions } from "../regions/coverage.js";
import { factsIn, type CommonFacts } from "../regions/common-facts.js";
import { arrayViews } from "../regions/array-view.js";
import { unchangedIn } from "../regions/unchanged-in.js";
import { backwardTargets } from "../regions/backward-jump.js";
import { indexInterval, projectBox } from "../regions/project.js";
import { takenIn } from "../taken-addresses.js";
import type { ArrayRegions, CommonArrayRegions, ProcedureSummary, RegionSummary } from "./summary.js";
import { lazyRegions, type WalkedRegions } from "./lazy-regions.js";

/**
 * What a call does to the caller's arrays (regions/call-regions.ts): per
 * array the translated regions; an array absent is not touched, unless the
 * call is opaque.
 */
export type CallRegionsOf = (call: CallSiteRef) => CallRegions;

/**
 * The array regions of a procedure (seed 004 §1.1 Case 4): for each array
 * dummy argument and each COMMON array, the boxes it may read (USE) and
 * write (MOD) over all its loops (Case 3, projected over the loops'
 * ranges: regions/project.ts), the boxes it surely writes (DDEF) and those
 * it may read before writing them (EUSE) (regions/coverage.ts over the
 * whole body). Calls inside count through their callees' regions
 * (`callsOf`), so summaries are made bottom-up over the call graph.
 *
 * Bounds are in terms of values fixed during the call: named constants,
 * and dummy arguments and COMMON scalars the procedure (and what it calls)
 * never writes (`modified`). Conservative: an array the procedure reaches
 * in a way not followed here (EQUIVALENCE, a C pointer parameter it moves,
 * an access through a pointer) gets no regions: every element.
 */
export function arrayRegions(proc: Procedure, modified: (s: Sym) => boolean, callsOf: CallRegionsOf, calleeSummary: (name: string) => ProcedureSummary | undefined = () => undefined, assumeBounds = true, facts?: CommonFacts): RegionSummary {
  // Scalars, and arrays for their elements, that keep their values through the call and that a caller can name.
  const fixed = (s: Sym) => (s.storage === "dummy" || s.storage === "common" || s.storage === "global" || s.storage === "module") && s.equivalence === undefined && s.type.base !== "pointer" && !s.attrs.pointer && !modified(s);
  const moved = movedPointers(proc);
  // A C array parameter is a pointer the procedure does not move: its elements are at fixed offsets of what was passed.
  const tracked = (s: Sym) => s.dims.length > 0 && s.equivalence === undefined && !moved.has(s) && !s.attrs.allocatable && (!s.attrs.pointer || (proc.language === "c" && s.storage === "dummy"));
  // A C pointer parameter seen through a pointer to arrays made from it (paramViews): its regions are the view's.
  const views = paramViews(proc);
  const formals = proc.params.map((p) => (tracked(p) ? p : (views.get(p) ?? null)));
  // COMMON scalars too, as rank-0 arrays (a box of no dimension is the scalar): whether a call reads
  // one before writing it, or surely writes it, is what liveness across procedures needs.
  const commonScalar = (s: Sym) => s.dims.length === 0 && s.equivalence === undefined && !s.attrs.pointer && s.type.base !== "pointer" && s.type.base !== "derived";
  const commons = [...proc.symbols.values()].filter((s) => s.storage === "common" && (tracked(s) || commonScalar(s)) && memberExtent(proc, s) !== null);
  // C globals: those it names, and those its callees' regions name (the same symbols within a file).
  const globalSyms = globalsOf(proc, calleeSummary);
  const arrays = [...formals.filter((x): x is Sym => x !== null), ...commons, ...globalSyms];
  const may = mayRegions(proc, new Set(arrays), fixed, callsOf);
  // Conservative: an array a statement function reads is read wherever it is used, before any write.
  const byStatementFunctions = new Set<Sym>();
  for (const sf of proc.statementFunctions.values()) walkExpr(sf.body, (x) => void ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && byStatementFunctions.add(x.sym)));
  // C: arrays a pointer is made from (`double (*wk)[5] = w[k];`): what the pointer reaches is not followed here.
  const pointedInto = proc.language === "c" ? madePointersFrom(proc, new Set(arrays)) : new Set<Sym>();
  const regionsOf = (sym: Sym): ArrayRegions => {
    const m = may.get(sym) ?? { mod: [], use: [], whole: false };
    const n = sym.dims.length;
    // Conservative: every element may be read (first) and written through the pointer; none surely.
    if (pointedInto.has(sym)) return { mod: [anyBox(n)], use: [anyBox(n)], euse: [anyBox(n)], ddef: [] };
    // Not touched at all (most members of a COMMON block, in most procedures): no walk needed.
    if (!m.whole && m.mod.length === 0 && m.use.length === 0 && !byStatementFunctions.has(sym)) return { mod: [], use: [], euse: [], ddef: [] };
    if (byStatementFunctions.has(sym)) return { mod: m.whole ? [anyBox(n)] : m.mod, use: [anyBox(n)], euse: [anyBox(n)], ddef: [] };
    const walk = (of: Sym, readsInBounds: boolean, alsoFixed?: (s: Sym) => boolean) =>
      new Coverage(of, {
        fixed: alsoFixed ? (s) => fixed(s) || alsoFixed(s) : fixed,
        lang: proc.language,
        untaken: (s) => !takenIn(proc).has(s),
        collect: true,
        probeAssume: readsInBounds,
        assumeBounds: readsInBounds && assumeBounds,
        facts: factsIn(facts, proc),
        calls: (call, assume) => {
          const c = callsOf(call);
          const r = c.arrays.get(of);
          return r ? callEffect(r, assume) : c.opaque ? "unknown" : null;
        },
        argWritten: argumentsWrittenBy(calleeSummary),
      });
    // What is read first and surely written: a walk of the whole body, made when first asked (lazy-regions.ts).
    return lazyRegions(m.whole ? [anyBox(n)] : m.mod, m.whole ? [anyBox(n)] : m.use, guarded(n, () => {
      const c = walk(sym, true);
      const ok = c.run(proc.body);
      let euse = ok && !c.exposedAll ? c.exposed : [anyBox(n)];
      if (euse.length > 0) {
        // A vector the body fills and reads as the rows of a matrix a callee works on (array-view.ts: NPB
        // FT's plane): nothing read first when nothing is so in the view.
        const views = arrayViews(proc, sym, proc.body, calleeSummary);
        if (
          views?.every((v) => {
            // A scalar the piece does not change keeps its value through it (fftXYZ's fftblock, set between passes).
            const w = walk(v.view, false, unchangedIn(proc, calleeSummary, v.body));
            return w.run(v.body) && !w.exposedAll && w.exposed.length === 0;
          })
        )
          euse = [];
      }
      return {
        euse,
        // Conservative: boxes made before a walk that gave up may still hold inner loop indices.
        ddef: ok ? c.boxes : [],
        assumed: ok && euse.length > 0 && facts && c.assumable ? assumedEuse(proc, sym, c.options, facts) : undefined,
      };
    }));
  };
  const commonStarts = new Map<Sym, number>();
  for (const s of proc.symbols.values()) {
    const ext = s.storage === "common" ? memberExtent(proc, s) : null;
    if (ext) commonStarts.set(s, ext.start);
  }
  return {
    // A view stands for its parameter: callers place its regions by the view's shape (call-regions.ts).
    dummies: proc.params.map((p) => views.get(p) ?? p),
    commonStarts,
    formals: formals.map((f) => (f ? regionsOf(f) : null)),
    commons: [...commons.map((s) => ({ block: s.common ?? "", start: memberExtent(proc, s)!.start, member: s, regions: regionsOf(s) })), ...passedUp(proc, fixed, calleeSummary, assumeBounds, facts)],
    globals: globalSyms.map((sym) => ({ sym, regions: regionsOf(sym) })),
  };
}

/**
 * The EUSE of a walk again, taking comparisons of fixed values as true
 * (Coverage's `assume`), when all it takes are comparisons of COMMON
 * values set before any call (CommonFacts.earlyIn): they hold or not for
 * the whole run, and a caller can check them before a loop.
 */
/**
 * A walk made when its regions are first read (lazy-regions.ts) runs
 * outside the link's guard around a procedure's summary: should it fail
 * with an error, the conservative answer (every element may be read
 * first, none surely written), as the link's worst summary would have
 * given, rather than a crash in whatever analysis asked.
 */
function guarded(n: number, walk: () => WalkedRegions): () => WalkedRegions {
  return () => {
    try {
      return walk();
    } catch {
      return { euse: [anyBox(n)], ddef: [], assumed: undefined };
    }
  };
}

/** What a call does to the array for a walk: with `assume`, its EUSE under its conditions (ArrayRegions.assumed), with them. */
export function callEffect(r: ArrayRegions, assume: boolean): CallArrayEffect {
  return assume && r.assumed ? { euse: r.assumed.euse, ddef: r.ddef, conditions: r.assumed.conditions } : { euse: r.euse, ddef: r.ddef };
}

function assumedEuse(proc: Procedure, sym: Sym, options: CoverageOptions, facts: CommonFacts): ArrayRegions["assumed"] {
  const c = new Coverage(sym, { ...options, assume: true });
  if (!c.run(proc.body) || c.exposedAll || c.conditions.length + c.carried.length === 0) return undefined;
  if (!c.conditions.every((e) => facts.earlyIn(proc, e))) return undefined;
  return { conditions: [...c.conditions.map((expr) => ({ expr, proc })), ...c.carried], euse: c.exposed };
}

/**
 * The regions of COMMON variables the procedure does not declare but its
 * callees touch (BT's adi calls x_solve, y_solve and z_solve, which share
 * /work_lhs/): the walk over the body sees them only through the calls, as
 * their callees' regions for the member at the same offset say. Without
 * them, a caller of adi would know only that the block is touched.
 */
function passedUp(proc: Procedure, fixed: (s: Sym) => boolean, calleeSummary: (name: string) => ProcedureSummary | undefined, assumeBounds: boolean, facts: CommonFacts | undefined): CommonArrayRegions[] {
  const calls: CallSiteRef[] = [];
  const walk = (list: readonly Stmt[]) => {
    for (const s of list) {
      if (s.kind === "call" && !s.pure) calls.push({ name: s.name, args: s.args, span: s.span });
      for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !x.pure && !x.intrinsic && calls.push({ name: x.name, args: x.args, span: x.span })));
      childBlocks(s).forEach(walk);
    }
  };
  walk(proc.body);
  const found = new Map<string, CommonArrayRegions>();
  for (const c of calls)
    for (const e of calleeSummary(c.name)?.regions?.commons ?? []) {
      const key = `${e.block}@${e.start}`;
      if (found.has(key) || declaresBlock(proc, e.block)) continue;
      found.set(key, e);
    }
  const out: CommonArrayRegions[] = [];
  for (const e of found.values()) {
    const end = e.start + (symBytes(e.member) ?? Infinity);
    const at = (call: CallSiteRef) => commonRegionsAt(proc, call, calleeSummary(call.name), e.block, e.start, end, e.member);
    let mod: Box[] = [];
    let use: Box[] = [];
    let whole = false;
    for (const c of calls) {
      const r = at(c);
      if (r === "unknown") whole = true;
      else if (r) {
        mod = r.mod.reduce(addMay, mod);
        use = r.use.reduce(addMay, use);
      }
    }
    const n = e.member.dims.length;
    const walked = (): WalkedRegions => {
      const cov = new Coverage(e.member, {
        fixed,
        lang: proc.language,
        collect: true,
        probeAssume: true,
        assumeBounds,
        facts: factsIn(facts, proc),
        calls: (call, assume) => {
          const r = at(call);
          return r === null || r === "unknown" ? r : callEffect(r, assume);
        },
      });
      const ok = cov.run(proc.body);
      const euse = ok && !cov.exposedAll ? cov.exposed : [anyBox(n)];
      return { euse, ddef: ok ? cov.boxes : [], assumed: ok && euse.length > 0 && facts && cov.assumable ? assumedEuse(proc, e.member, cov.options, facts) : undefined };
    };
    out.push({ block: e.block, start: e.start, member: e.member, regions: lazyRegions(whole ? [anyBox(n)] : mod, whole ? [anyBox(n)] : use, guarded(n, walked)) });
  }
  return out;
}

function declaresBlock(proc: Procedure, block: string): boolean {
  for (const s of proc.symbols.values()) if (s.storage === "common" && (s.common ?? "") === block) return true;
  return false;
}

interface MayRegions {
  mod: Box[];
  use: Box[];
  /** Accessed in a way that has no box: every element. */
  whole: boolean;
}

/** MOD and USE of each array: every access, its box projected over the loops around it. */
function mayRegions(proc: Procedure, arrays: ReadonlySet<Sym>, fixed: (s: Sym) => boolean, callsOf: CallRegionsOf): Map<Sym, MayRegions> {
  const out = new Map<Sym, MayRegions>();
  const of = (s: Sym) => {
    let r = out.get(s);
    if (!r) out.set(s, (r = { mod: [], use: [], whole: false }));
    return r;
  };
  const loops = new Map<Sym, Interval>();
  // Local integer scalars set by an assignment already passed in a list still being walked, from loop
  // indices and fixed values, and not set again since (nor anywhere in a loop entered since): what they
  // hold there (NPB LU's blts_vec sets istp, iendp for its i loop, and j = l - i in it). Subscripts and
  // bounds are read through them.
  const trackable = trackableScalars(proc);
  const values = new Map<Sym, Expr>();
  const known = (e: Expr) => substituted(e, values);
  const add = (sym: Sym, box: Box | null, kind: "mod" | "use") => {
    if (!arrays.has(sym)) return;
    const r = of(sym);
    if (!box) r.whole = true;
    else r[kind] = addMay(r[kind], projectBox(values.size ? box.map((d) => d && { lo: known(d.lo), hi: known(d.hi) }) : box, loops, fixed));
  };
  // `rhs`: the right-hand side with the values known before the statement (`li = li / 2`).
  const remember = (s: Stmt, rhs: Expr | null): Sym | null => {
    if (s.kind !== "assign" || s.lhs.kind !== "var" || !trackable.has(s.lhs.sym) || !rhs) return null;
    const folded = rhs;
    // A value the constants fix (`li = (1 << 7) / 2` in a call's specialized copy: specialized-regions.ts), whatever its operators.
    const c = evalInt(folded);
    const v: Expr = c === undefined ? folded : { kind: "int", value: c, span: s.rhs.span, type: s.lhs.sym.type };
    let ok = true;
    walkExpr(v, (x) => {
      if (x.kind === "var" && !(x.sym.storage === "parameter" || loops.has(x.sym) || fixed(x.sym))) ok = false;
      if (!(x.kind === "int" || x.kind === "var" || (x.kind === "binary" && (x.op === "+" || x.op === "-" || x.op === "*")) || (x.kind === "unary" && x.op === "-") || (x.kind === "call" && x.intrinsic && ["min", "max", "min0", "max0"].includes(x.name)))) ok = false;
    });
    if (!ok) return null;
    values.set(s.lhs.sym, v);
    return s.lhs.sym;
  };
  const extent = (x: Extract<Expr, { kind: "var" | "section" }>): Box | null => {
    if (x.kind === "section" && x.substring) return null;
    return x.sym.dims.map((d, k) => {
      const sub = x.kind === "section" ? x.subs[k] : undefined;
      const lo = sub ? (sub.kind === "triplet" ? (sub.lo ?? d.lower) : sub) : d.lower;
      const hi = sub ? (sub.kind === "triplet" ? (sub.hi ?? d.upper) : sub) : d.upper;
      return hi ? { lo, hi } : null;
    });
  };
  const call = (c: CallSiteRef) => {
    const regions = callsOf(c);
    for (const [sym, r] of regions.arrays) {
      for (const b of r.mod) add(sym, b, "mod");
      for (const b of r.use) add(sym, b, "use");
    }
    if (regions.opaque) for (const sym of arrays) add(sym, null, "mod");
  };
  const read = (e: Expr): void => {
    switch (e.kind) {
      case "elem":
        add(e.sym, pointBox(e.subs), "use");
        e.subs.forEach(read);
        return;
      case "section":
        add(e.sym, extent(e), "use");
        for (const s of e.subs) for (const q of s.kind === "triplet" ? [s.lo, s.hi, s.stride] : [s]) if (q) read(q);
        return;
      case "var":
        if (e.sym.dims.length > 0 || arrays.has(e.sym)) add(e.sym, extent(e), "use");
        return;
      case "call":
        // A pure function reads its arguments only (a statement function's body is counted below).
        if (e.pure) e.args.forEach(read);
        else {
          e.args.forEach(argument);
          call(e);
        }
        return;
      case "assign-expr":
        if (e.value) read(e.value);
        write(e.target, e.op !== "=");
        return;
      case "deref":
        for (const s of pointed(e.operand)) add(s, null, "use");
        read(e.operand);
        return;
      case "member":
        if (e.arrow) for (const s of pointed(e.base)) add(s, null, "use");
        read(e.base);
        return;
      case "implied-do":
        read(e.lower);
        read(e.upper);
        loops.set(e.index, { lo: e.lower, hi: e.upper });
        e.items.forEach(read);
        loops.delete(e.index);
        return;
      default:
        childExprs(e).forEach(read);
    }
  };
  /** An actual argument: the callee's regions say what it does to an array passed; the subscripts and other values are read. */
  const argument = (a: Expr): void => {
    if (a.kind === "elem") a.subs.forEach(read);
    else if (a.kind === "section") {
      for (const s of a.subs) for (const q of s.kind === "triplet" ? [s.lo, s.hi, s.stride] : [s]) if (q) read(q);
    } else if (a.kind === "var" && a.sym.dims.length > 0) return;
    else if (a.kind === "addr") argument(a.operand);
    else read(a);
  };
  const write = (t: Expr, alsoRead = false): void => {
    if (t.kind === "elem") {
      add(t.sym, pointBox(t.subs), "mod");
      if (alsoRead) add(t.sym, pointBox(t.subs), "use");
      for (const s of t.subs) read(s);
    } else if (t.kind === "var" && t.sym.attrs.pointer && proc.language === "c") {
      // A C pointer set (a view made from a parameter: paramViews), not the elements it points to.
    } else if (t.kind === "section" || t.kind === "var") {
      if (t.sym.dims.length > 0 || arrays.has(t.sym)) add(t.sym, extent(t), "mod");
      if (alsoRead && (t.sym.dims.length > 0 || arrays.has(t.sym))) add(t.sym, extent(t), "use");
      if (t.kind === "section") for (const s of t.subs) for (const q of s.kind === "triplet" ? [s.lo, s.hi, s.stride] : [s]) if (q) read(q);
    } else if (t.kind === "implied-do") {
      const r = { lo: t.lower, hi: t.upper };
      read(t.lower);
      read(t.upper);
      loops.set(t.index, r);
      for (const it of t.items) write(it);
      loops.delete(t.index);
    } else {
      // A component, a dereference: the storage it names is written whole (Conservative).
      for (const s of pointed(t)) add(s, null, "mod");
      read(t);
    }
  };
  const visit = (list: readonly Stmt[]): void => {
    const set: Sym[] = [];
    const back = backwardTargets(list);
    for (const [i, s] of list.entries()) {
      // A label a later jump goes back to: what the statements from it on set is not known there (they may have run).
      if (values.size && back.has(i)) for (const t of list.slice(i)) for (const [x, v] of values) if (definedIn(t).has(x) || mentions(v, definedIn(t))) values.delete(x);
      const rhs = s.kind === "assign" && s.lhs.kind === "var" && trackable.has(s.lhs.sym) ? known(s.rhs) : null;
      // Whatever the statement (or a loop, any iteration of its body) sets no longer holds a value known here,
      // nor does a value computed from it (C may change a loop's index in its body).
      if (values.size) {
        const d = definedIn(s);
        for (const [x, v] of values) if (d.has(x) || mentions(v, d)) values.delete(x);
      }
      if (s.kind === "assign") {
        read(s.rhs);
        write(s.lhs);
        const v = remember(s, rhs);
        if (v) set.push(v);
      } else if (s.kind === "call") {
        s.args.forEach(argument);
        call(s);
      } else if (s.kind === "io") {
        for (const c of s.controls) read(c);
        for (const u of s.uses) read(u);
        for (const d of s.defs) write(d);
      } else if (s.kind === "allocate" || s.kind === "deallocate") {
        for (const o of s.objects) if (o.kind === "var" || o.kind === "elem") add(o.sym, null, "mod");
      } else for (const e of stmtExprs(s)) read(e);
      if (s.kind === "loop") {
        const r = s.index ? indexInterval(s) : null;
        if (s.index && r) loops.set(s.index, values.size ? { lo: known(r.lo), hi: known(r.hi) } : r);
        // Conservative: a loop whose index range is not known makes its accesses cover any value of it.
        else if (s.index) loops.set(s.index, { lo: unknownBound(s), hi: unknownBound(s) });
        for (const b of childBlocks(s)) visit(b);
        if (s.index) loops.delete(s.index);
      } else for (const b of childBlocks(s)) visit(b);
    }
    // Past its list, a value may have been overwritten (the next iteration) or not set (another branch).
    for (const v of set) values.delete(v);
  };
  visit(proc.body);
  return out;
}

/** `e` with the scalars of `values` replaced by what they hold (integer arithmetic, min and max only; other expressions as they are). */
function substituted(e: Expr, values: ReadonlyMap<Sym, Expr>): Expr {
  if (values.size === 0) return e;
  switch (e.kind) {
    case "var":
      return values.get(e.sym) ?? e;
    case "binary": {
      const l = substituted(e.left, values);
      const r = substituted(e.right, values);
      return l === e.left && r === e.right ? e : { ...e, left: l, right: r };
    }
    case "unary": {
      const o = substituted(e.operand, values);
      return o === e.operand ? e : { ...e, operand: o };
    }
    case "call": {
      if (!e.intrinsic) return e;
      const args = e.args.map((a) => substituted(a, values));
      return args.every((a, k) => a === e.args[k]) ? e : { ...e, args };
    }
    default:
      return e;
  }
}

/**
 * Local integer scalars whose value only this procedure's own statements
 * set, where definedIn sees them: not SAVEd or static, not in an
 * EQUIVALENCE, not a pointer, and (C) with no address taken (a pointer
 * could set it unseen).
 */
function trackableScalars(proc: Procedure): Set<Sym> {
  const taken = new Set<Sym>();
  walkStmts(proc.body, (s) => {
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "addr" && walkExpr(x.operand, (y) => void (y.kind === "var" && taken.add(y.sym)))));
  });
  const out = new Set<Sym>();
  for (const s of proc.symbols.values()) if (s.storage === "local" && s.dims.length === 0 && s.type.base === "integer" && s.equivalence === undefined && !s.attrs.pointer && !s.attrs.save && !taken.has(s)) out.add(s);
  return out;
}

/** Whether `e` names one of `syms`. */
function mentions(e: Expr, syms: ReadonlySet<Sym>): boolean {
  let yes = false;
  walkExpr(e, (x) => void ((x.kind === "var" || x.kind === "elem") && syms.has(x.sym) && (yes = true)));
  return yes;
}

const defined = new WeakMap<Stmt, Set<Sym>>();

/** The variables a statement, with every statement inside it, may set (assignedInStmts), once per statement. */
function definedIn(s: Stmt): Set<Sym> {
  let out = defined.get(s);
  if (!out) defined.set(s, (out = assignedInStmts([s])));
  return out;
}

/** An expression no projection accepts (not fixed): a box dimension that uses it becomes any value. */
function unknownBound(s: Stmt): Expr {
  return { kind: "unknown", text: "?", span: s.span };
}

/** The variables a pointer expression is based on: what a store through it may write. */
function pointed(e: Expr): Sym[] {
  const out: Sym[] = [];
  walkExpr(e, (x) => {
    if ((x.kind === "var" || x.kind === "elem") && x.sym.dims.length > 0) out.push(x.sym);
  });
  return out;
}

/**
 * C pointer parameters that the procedure reads only once, at its start, to
 * make a local pointer to arrays it never moves: `dcomplex (*x)[xd1] =
 * (dcomplex (*)[xd1])ox;` in NPB-C FT's Swarztrauber, MG's `double
 * (*u)[n2][n1] = (double (*)[n2][n1])ou;`. Every access to what the caller
 * passed is then an element of that view, at a fixed offset from where the
 * parameter points: the parameter's regions are the view's, in its shape.
 * Anything else (the parameter used again, the view assigned twice or
 * after a statement that reads it, either's address taken, an offset
 * added) is no view.
 */
function paramViews(proc: Procedure): Map<Sym, Sym> {
  const out = new Map<Sym, Sym>();
  if (proc.language !== "c") return out;
  // How often each variable is written, and each parameter named: walked only for a candidate (most functions have none).
  let counts: { writes: Map<Sym, number>; named: Map<Sym, number> } | undefined;
  const countsOf = () => (counts ??= writesAndNames(proc));
  const twice = new Set<Sym>();
  for (const [k, st] of proc.body.entries()) {
    if (st.kind !== "assign" || st.lhs.kind !== "var") continue;
    const v = st.lhs.sym;
    let e = st.rhs;
    while (e.kind === "cast") e = e.operand;
    if (e.kind !== "var" || !proc.params.includes(e.sym) || e.sym.dims.length > 0) continue;
    const p = e.sym;
    if (v.storage !== "local" || !v.attrs.pointer || v.dims.length === 0 || v.equivalence !== undefined) continue;
    // Set once by name, and never through its address (`*pp = q` with `pp = &x` would move it unseen).
    const { writes, named } = countsOf();
    if (writes.get(v) !== 1 || takenIn(proc).has(v)) continue;
    if (writes.get(p) || named.get(p) !== 1 || takenIn(proc).has(p)) continue;
    // Made before anything reads it: the statements before are other such initializations.
    if (proc.body.slice(0, k).some((b) => b.kind !== "assign" || stmtExprs(b).some((x) => mentions(x, new Set([v]))))) continue;
    if (out.has(p)) twice.add(p);
    out.set(p, v);
  }
  for (const p of twice) out.delete(p);
  return out;
}

/** How often each variable is assigned by name in the procedure, and each of its parameters named. */
function writesAndNames(proc: Procedure): { writes: Map<Sym, number>; named: Map<Sym, number> } {
  const writes = new Map<Sym, number>();
  const named = new Map<Sym, number>();
  const wrote = (t: Expr) => t.kind === "var" && writes.set(t.sym, (writes.get(t.sym) ?? 0) + 1);
  walkStmts(proc.body, (st) => {
    if (st.kind === "assign") wrote(st.lhs);
    for (const e of stmtExprs(st))
      walkExpr(e, (x) => {
        if (x.kind === "assign-expr") wrote(x.target);
        if ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && proc.params.includes(x.sym)) named.set(x.sym, (named.get(x.sym) ?? 0) + 1);
      });
  });
  return { writes, named };
}

/** C pointer parameters the procedure moves (`p++`, `p = q`): their accesses are not at fixed offsets of what the caller passed. */
function movedPointers(proc: Procedure): Set<Sym> {
  const out = new Set<Sym>();
  const target = (t: Expr) => {
    if (t.kind === "var") out.add(t.sym);
  };
  walkStmts(proc.body, (s) => {
    if (s.kind === "assign") target(s.lhs);
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "assign-expr" && target(x.target)));
  });
  return out;
}

/**
 * The arrays (of `arrays`) whose address a C assignment or initialization
 * stores (`wk = w[k]` for a pointer to rows, `p = &w[j][0]`, `p = (double
 * *)w + 1`, `s.buf = w`, `p = f(w)`). NPB-C LU's
 * blts reads v[k - 1] and writes v[k] through such pointers; followed
 * only through v's own references, its regions said it touched nothing,
 * and ssor's sweep over k, which carries a dependence through them, was
 * called parallel.
 */
function madePointersFrom(proc: Procedure, arrays: ReadonlySet<Sym>): Set<Sym> {
  const out = new Set<Sym>();
  // An address into the array: its name (it decays), an element of fewer subscripts than its rank, `&`.
  const address = (x: Expr): Sym | null => {
    if (x.kind === "var" && x.sym.dims.length > 0) return x.sym;
    if (x.kind === "elem" && x.subs.length < x.sym.dims.length) return x.sym;
    if (x.kind === "addr" && (x.operand.kind === "var" || x.operand.kind === "elem")) return x.operand.sym;
    return null;
  };
  // Stored anywhere (a pointer variable, a member, an element of an array of pointers).
  // A call's arguments only when its value may be a pointer (it may give back what it was given): what a call
  // does to an array it is passed, its regions already say (`t = dot(w, v, n)`).
  const from = (x: Expr): void => {
    const a = address(x);
    if (a && arrays.has(a)) out.add(a);
    if (x.kind === "call" && x.type && x.type.base !== "pointer" && x.type.base !== "unknown") return;
    childExprs(x).forEach(from);
  };
  walkStmts(proc.body, (s) => {
    if (s.kind === "assign") from(s.rhs);
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "assign-expr" && x.value && from(x.value)));
  });
  return out;
}

/**
 * The C global variables a procedure's regions follow: file-scope arrays
 * and scalars of plain data (not pointers) it names, and those its
 * callees' summaries follow.
 */
function globalsOf(proc: Procedure, calleeSummary: (name: string) => ProcedureSummary | undefined): Sym[] {
  if (proc.language !== "c") return [];
  const out = new Set<Sym>();
  // A struct made of numbers only (types.ts `members`: NPB-C FT's dcomplex) is plain data too.
  const plain = (s: Sym) => s.storage === "global" && s.type.base !== "pointer" && !s.attrs.pointer && (s.type.base !== "derived" || s.type.members !== undefined) && s.equivalence === undefined;
  const walk = (list: readonly Stmt[]) => {
    for (const s of list) {
      for (const e of stmtExprs(s))
        walkExpr(e, (x) => {
          if ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && plain(x.sym)) out.add(x.sym);
          if (x.kind === "call") for (const g of calleeSummary(x.name)?.regions?.globals ?? []) out.add(g.sym);
        });
      if (s.kind === "call") for (const g of calleeSummary(s.name)?.regions?.globals ?? []) out.add(g.sym);
      childBlocks(s).forEach(walk);
    }
  };
  walk(proc.body);
  return [...out];
}
