import type { Expr } from "../ir/expr.js";
import type { Procedure } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { sameGlobal } from "../ir/symbol.js";
import { childBlocks, stmtExprs, walkExpr } from "../ir/walk.js";
import { memberExtent, overlaps } from "../analysis/summaries/common-layout.js";
import { callersOf, type CallGraph } from "./call-graph.js";
import type { LoopPlan } from "./loop-plan.js";
import { blockWork, FEW_ENTRIES, GUESS_TRIPS, round, type CalleeWork, type TripLimit } from "./profitability.js";
import { constTrips } from "./trip-count.js";
import { constantElements } from "../ir/constant-elements.js";

/**
 * Statement executions that moving one array element between two cores'
 * caches is taken to cost. Measured on NPB LU class W (gcc 12, 2 cores,
 * OMP_WAIT_POLICY=passive, this project's machine): `jacld` and `jacu`
 * run in parallel over j, and `blts`/`buts` read all of their four 5x5
 * blocks per point serially right after, once per k plane. Those two
 * directives made the run 1.7x slower than serial (5.2 s against 3.1 s),
 * for loops that do about one statement per element they write: there
 * an element moved cost several times the statement that wrote it. The
 * other loops of LU, which do 3 to 4 statements per element the serial
 * sweeps read back, were about even with serial (3.2 s). Four keeps a
 * loop when it does more statements than that per element moved.
 */
export const MOVE_COST = 4;

/**
 * Elements (of 8 bytes) a core's private cache holds: 1 MiB, the L2 of
 * this project's machine (AMD EPYC, 1 MiB per core; recent Intel cores
 * have 1.25 to 2). Only data still in the cache of the core that wrote it
 * moves between caches: what the loop's threads wrote beyond that was
 * evicted to the shared cache or memory, where the serial code reads it
 * at the same cost as if it had written it itself (and the serial code's
 * writes beyond its own cache reach the threads that way too). So at most
 * this many elements move each way per start of the region: NPB LU class
 * A's rhs sweep writes 2.7 million elements of rsd that ssor's serial
 * `blts` reads, but all except a cache's worth come from memory either way.
 */
export const PRIVATE_CACHE_ELEMENTS = 131072;

/** What the pass needs of each file's plan: its loops, how its procedures call one another, and how their work is counted. */
export interface ConsumerContext {
  loops: readonly LoopPlan[];
  graph: CallGraph;
  callee: (p: Procedure) => CalleeWork;
  limit: TripLimit;
}

/** Where an array's elements live, as any procedure can name them. */
type Storage = ({ kind: "common"; block: string; start: number; end: number } | { kind: "global"; sym: Sym } | { kind: "own"; sym: Sym }) & {
  /** Elements it holds (its declared shape's), Infinity when not constant: no code moves more of it than that. */
  size: number;
};

/** How many elements of each storage a piece of code reads and writes per execution. */
interface Volume {
  reads: number;
  writes: number;
}

/**
 * Loops whose directive costs more than it saves because serial code,
 * run between two of their region starts, reads what they write or
 * writes what they read (issue 17: never slower than serial; issue 20 is
 * the pipelining that would keep such loops parallel). A thread's part
 * of the loop's data sits in that thread's cache; serial code runs on
 * the initial thread, which then fetches the other threads' parts (and
 * they fetch the parts the serial code wrote), at every start of the
 * region. Only loops entered repeatedly (more than FEW_ENTRIES times)
 * are judged: a transfer once is paid once; and not a loop that only
 * the guessed calls of a routine no file calls would repeat.
 *
 * Serial code "between two starts" is the rest of the body of the
 * innermost loop around the directive in its procedure, or, when there
 * is none, the rest of the procedure and the rest of the body of the
 * innermost loop around each call of it (one level up). Code inside
 * loops that have directives is not serial (a loop over the same data
 * shares it out much as this one does). Volumes are counted as blockWork
 * counts work: each reference once per execution, times the trip counts
 * around it (a symbolic one at its cap, else GUESS_TRIPS), through calls
 * (their arguments bound to the callee's dummies, COMMON by its bytes, C
 * globals by name), and at most the array's size (each element moves
 * once). Loops are judged against the directives chosen before the pass:
 * one it drops is not serial code for the others. A loop is dropped when the statement executions of
 * one run of it are fewer than MOVE_COST times the elements moved (the
 * smaller of what it writes and what the serial code reads of it, and
 * the other way round, summed over the arrays).
 *
 * Plans are changed in place: the loop's directive goes, with a
 * "not-profitable" reason naming the serial code; loops inside it that
 * were "nested" under it get the same reason. Returns the loops dropped.
 */
export function dropSerialConsumed(files: readonly ConsumerContext[]): LoopPlan[] {
  const emitted = new Set(files.flatMap((f) => f.loops.filter((l) => l.emitted).map((l) => l.loop)));
  const dropped: LoopPlan[] = [];
  for (const f of files) {
    for (const plan of f.loops) {
      if (!plan.emitted) continue;
      const entries = plan.entries ?? 1;
      if (entries <= FEW_ENTRIES) continue;
      // A routine no file given calls is a library entry (entry-counts.ts): its entries are a guess
      // the user has not shown us, and its loops keep the plain rule unless a loop around them repeats them.
      if (!plan.parent && callersOf(f.graph, plan.proc).length === 0) continue;
      const found = serialMoves(plan, f, emitted);
      if (!found) continue;
      const work = blockWork([plan.loop], f.callee(plan.proc), f.limit);
      // Each way, at most what a core's private cache holds moves (PRIVATE_CACHE_ELEMENTS).
      if (work >= MOVE_COST * Math.min(found.moved, 2 * PRIVATE_CACHE_ELEMENTS)) continue;
      // Not taken out of `emitted`: each loop is judged against the directives as chosen before this
      // pass, or one dropped (BT's small boundary loop in compute_rhs) would make the loops next to it
      // look as if serial code surrounded them, and drop them in turn.
      plan.emitted = false;
      plan.profitableIf = null;
      const moving = found.moved > 2 * PRIVATE_CACHE_ELEMENTS ? `moving the ${round(2 * PRIVATE_CACHE_ELEMENTS)} of them that the cores' private caches hold` : "moving them";
      const why = `it is entered about ${round(entries)} times, and each time ${found.where} then reads or writes about ${round(found.moved)} elements of ${found.arrays.join(", ")} that it writes or reads: ${moving} between the threads' caches costs more than the ${round(work)} statement executions it shares out`;
      // A reason's line is in the loop's file: the serial code's, when it is there.
      const at = found.file === plan.proc.span.file ? { line: found.line } : {};
      plan.reasons.push({ kind: "not-profitable", message: `parallel, not profitable: ${why}`, ...at });
      for (const inner of f.loops)
        if (inner.proc === plan.proc)
          inner.reasons = inner.reasons.map((r) => (r.kind === "nested" && r.line === plan.loop.span.line ? { kind: "not-profitable", message: `parallel, not profitable: as for the loop around it at line ${plan.loop.span.line}, ${found.where} reads or writes what it computes`, ...at } : r));
      dropped.push(plan);
    }
  }
  return dropped;
}

interface Moves {
  moved: number;
  arrays: string[];
  where: string;
  /** Where the first serial statement that touches them is. */
  file: string;
  line: number;
}

/** The elements moved per start of the loop's region by the serial code around it, at its worst context; null when none. */
function serialMoves(plan: LoopPlan, f: ConsumerContext, emitted: ReadonlySet<Loop>): Moves | null {
  const proc = plan.proc;
  const walker = new VolumeWalker(f.graph, f.limit, emitted);
  const mine = walker.touched(proc, [plan.loop], new Map(), false);
  if (mine.size === 0) return null;
  const contexts: { proc: Procedure; stmts: Stmt[]; self: Stmt; bound: Map<Sym, Storage> | null }[] = [];
  const parent = plan.parent;
  if (parent) contexts.push({ proc, stmts: parent.body, self: childContaining(parent.body, plan.loop)!, bound: null });
  else {
    contexts.push({ proc, stmts: proc.body, self: childContaining(proc.body, plan.loop)!, bound: null });
    for (const site of callersOf(f.graph, proc)) {
      const around = site.loops[site.loops.length - 1];
      if (!around || site.loops.some((l) => emitted.has(l))) continue;
      const self = childContaining(around.body, site.stmt);
      if (self) contexts.push({ proc: site.caller, stmts: around.body, self, bound: bindArgs(proc, site.stmt.kind === "call" ? site.stmt.args : [], site.caller, new Map()) });
    }
  }
  let worst: Moves | null = null;
  for (const c of contexts) {
    // The loop's storage as this context names it: a dummy as the actual bound to it; a local is nobody else's.
    const here: [Storage, Volume, string][] = [];
    for (const [s, v] of mine) {
      const t = c.bound === null ? s : translate(s, c.bound);
      if (t) here.push([t, v, s.kind === "common" ? nameOf(proc, s) : s.sym.name]);
    }
    if (here.length === 0) continue;
    const others = c.stmts.filter((s) => s !== c.self);
    // Each statement walked once: what it touches names the first one that moves data, and their sum is what all do.
    const each = others.map((s) => walker.touched(c.proc, [s], new Map(), true));
    const theirs = new Map<Storage, Volume>();
    for (const m of each) for (const [t, w] of m) addVolume(theirs, t, w.reads, w.writes);
    let moved = 0;
    const arrays: string[] = [];
    for (const [s, v, name] of here) {
      let m = 0;
      for (const [t, w] of theirs) if (sameStorage(s, t)) m += Math.min(v.writes, w.reads) + Math.min(v.reads, w.writes);
      if (m > 0 && !arrays.includes(name)) arrays.push(name);
      moved += m;
    }
    if (moved === 0 || (worst && worst.moved >= moved)) continue;
    const first = others[each.findIndex((m) => [...m.keys()].some((t) => here.some(([x]) => sameStorage(x, t))))];
    const line = first?.span.line ?? c.self.span.line;
    const where = c.proc === proc ? `the serial code at line ${line}` : `serial code in ${c.proc.name} (${c.proc.span.file}:${line})`;
    worst = { moved, arrays, where: first?.kind === "call" ? `${where}, the call of ${first.name},` : where, file: c.proc.span.file, line };
  }
  return worst;
}

/** The statement of `stmts` that is `target` or holds it. */
function childContaining(stmts: readonly Stmt[], target: Stmt): Stmt | undefined {
  const holds = (s: Stmt): boolean => s === target || childBlocks(s).some((b) => b.some(holds));
  return stmts.find(holds);
}

/**
 * Counts references to arrays, by storage, in code run serially: each
 * reference once per execution, times the trip counts of the loops
 * around it; calls followed into their callees (four levels), loops with
 * a directive skipped.
 */
class VolumeWalker {
  constructor(
    private graph: CallGraph,
    private limit: TripLimit,
    private emitted: ReadonlySet<Loop>,
  ) {}

  touched(proc: Procedure, stmts: readonly Stmt[], bound: Map<Sym, Storage>, skipEmitted: boolean, depth = 0): Map<Storage, Volume> {
    const out = new Map<Storage, Volume>();
    const add = (st: Storage, reads: number, writes: number) => addVolume(out, st, reads, writes);
    const ref = (sym: Sym, times: number, write: boolean) => {
      const st = storageOf(proc, sym, bound);
      if (st) add(st, write ? 0 : times, write ? times : 0);
    };
    const reads = (e: Expr, times: number) =>
      walkExpr(e, (x) => {
        if (x.kind === "elem" || x.kind === "section") ref(x.sym, times, false);
        else if (x.kind === "call" && !x.intrinsic) this.call(proc, x.name, x.args, times, bound, skipEmitted, depth, add);
      });
    const walk = (stmts: readonly Stmt[], times: number) => {
      for (const s of stmts) {
        if (s.kind === "loop") {
          if (skipEmitted && this.emitted.has(s)) continue;
          const trips = constTrips(s) ?? Math.min(GUESS_TRIPS, this.limit(s) ?? GUESS_TRIPS);
          walk(s.body, times * Math.max(1, trips));
          continue;
        }
        if (s.kind === "assign") {
          if (s.lhs.kind === "elem" || s.lhs.kind === "section") {
            ref(s.lhs.sym, times, true);
            for (const sub of s.lhs.subs) if (sub.kind !== "triplet") reads(sub, times);
          }
          reads(s.rhs, times);
          continue;
        }
        if (s.kind === "call") {
          if (!s.intrinsic) this.call(proc, s.name, s.args, times, bound, skipEmitted, depth, add);
          continue;
        }
        for (const e of stmtExprs(s)) reads(e, times);
        for (const b of childBlocks(s)) walk(b, times);
      }
    };
    walk(stmts, 1);
    return out;
  }

  private call(proc: Procedure, name: string, args: readonly Expr[], times: number, bound: Map<Sym, Storage>, skipEmitted: boolean, depth: number, add: (s: Storage, r: number, w: number) => void): void {
    if (depth >= 4) return;
    const callee = this.graph.resolve(name, proc);
    if (callee) {
      if (callee === proc) return;
      for (const [s, v] of this.touched(callee, callee.body, bindArgs(callee, args, proc, bound), skipEmitted, depth + 1)) add(s, v.reads * times, v.writes * times);
      return;
    }
    // A name several files define (NPB 3.3.1 LU's blts.f and blts_vec.f): whichever is linked, so
    // the most any one of them touches of each storage.
    const most = new Map<Storage, Volume>();
    for (const alt of this.graph.alternatives(name, proc) ?? []) {
      if (alt === proc) continue;
      for (const [s, v] of this.touched(alt, alt.body, bindArgs(alt, args, proc, bound), skipEmitted, depth + 1)) {
        const k = [...most.keys()].find((x) => sameStorage(x, s) && sameExtent(x, s));
        if (!k) most.set(s, { ...v });
        else most.set(k, { reads: Math.max(most.get(k)!.reads, v.reads), writes: Math.max(most.get(k)!.writes, v.writes) });
      }
    }
    for (const [s, v] of most) add(s, v.reads * times, v.writes * times);
  }
}

/** The array an argument passes (whole, from an element, as a section, by address), if any. */
function baseSym(e: Expr): Sym | null {
  if (e.kind === "var" || e.kind === "elem" || e.kind === "section") return e.sym.dims.length > 0 || e.sym.type.base === "pointer" ? e.sym : null;
  if (e.kind === "addr" || e.kind === "cast") return baseSym(e.operand);
  return null;
}

/** An array's storage in a procedure (its dummies as `bound` says they were passed); null for a scalar or what cannot be named. */
function storageOf(proc: Procedure, sym: Sym, bound: Map<Sym, Storage>): Storage | null {
  const b = bound.get(sym);
  if (b) return b;
  if (sym.dims.length === 0 && sym.type.base !== "pointer") return null;
  // A pointer has no shape: no bound on what passes through it.
  const size = sym.dims.length ? constantElements(sym) : Infinity;
  if (sym.storage === "common") {
    const e = memberExtent(proc, sym);
    return e ? { kind: "common", block: sym.common ?? "", start: e.start, end: e.end, size } : null;
  }
  if (sym.storage === "global") return { kind: "global", sym, size };
  return { kind: "own", sym, size };
}

/** A storage of the loop's procedure as a caller names it: a dummy bound at the call, COMMON and globals as they are; a local is nobody else's. */
function translate(s: Storage, bound: Map<Sym, Storage>): Storage | null {
  if (s.kind !== "own") return s;
  return bound.get(s.sym) ?? null;
}

/** The callee's dummies bound to the storage of the caller's actual arguments at one call (the caller's own dummies as `bound` says). */
function bindArgs(callee: Procedure, args: readonly Expr[], caller: Procedure, bound: Map<Sym, Storage>): Map<Sym, Storage> {
  const out = new Map<Sym, Storage>();
  callee.params.forEach((p, k) => {
    const a = args[k];
    const base = a ? baseSym(a) : null;
    const st = base ? storageOf(caller, base, bound) : null;
    if (st) out.set(p, st);
  });
  return out;
}

/** Adds reads and writes of a storage to a volume map, each at most the storage's size. */
function addVolume(out: Map<Storage, Volume>, st: Storage, reads: number, writes: number): void {
  for (const [k, v] of out)
    if (sameStorage(k, st) && sameExtent(k, st)) {
      v.reads = Math.min(k.size, v.reads + reads);
      v.writes = Math.min(k.size, v.writes + writes);
      return;
    }
  out.set(st, { reads: Math.min(st.size, reads), writes: Math.min(st.size, writes) });
}

function sameStorage(a: Storage, b: Storage): boolean {
  if (a.kind === "common" && b.kind === "common") return a.block === b.block && overlaps(a, b);
  if (a.kind === "global" && b.kind === "global") return sameGlobal(a.sym, b.sym);
  return a.kind === "own" && b.kind === "own" && a.sym === b.sym;
}

function sameExtent(a: Storage, b: Storage): boolean {
  return a.kind !== "common" || (b.kind === "common" && a.start === b.start && a.end === b.end);
}

/** A COMMON member's name in the loop's procedure. */
function nameOf(proc: Procedure, s: Storage & { kind: "common" }): string {
  for (const m of proc.symbols.values()) if (m.storage === "common" && m.common === s.block && m.dims.length > 0) {
    const e = memberExtent(proc, m);
    if (e && e.start === s.start) return m.name;
  }
  return `/${s.block}/`;
}
