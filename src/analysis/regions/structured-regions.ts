import { evalInt } from "../../ir/const-eval.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import { walkStmts } from "../../ir/walk.js";
import type { Cfg } from "../cfg/cfg.js";
import type { Ref } from "../refs/ref.js";
import type { LoopRegions } from "./cfg-regions.js";
import { allIterations, alternative, emptyRegion, sequence, sequenceInto, type RegionSets } from "./region-sets.js";

/**
 * Region analysis as seed 004 §1.1 describes it: start from the
 * references of each statement (basic blocks are sequences of them), then
 * merge bottom-up over the structure of the program with the rules for
 * IF-THEN-ELSE (Case 1), sequence (Case 2) and loops, one iteration then
 * all iterations (Case 3).
 *
 * The rules assume structured control flow. A statement that jumps (GOTO,
 * computed or arithmetic IF, EXIT, CYCLE, RETURN, STOP, ERR=/END=,
 * alternate returns, a C switch that falls through) or a label some jump
 * targets makes `loop` answer null for the loops around it, and the caller
 * uses dataflow over the CFG (cfg-regions.ts) instead. An inner loop whose
 * jumps all stay inside it (an EXIT of that loop, a GOTO to its own
 * terminal statement) is a region with one entry and one exit all the
 * same: its sets come from `fallback` and the merge goes on around it.
 */
export class StructuredRegions {
  private readonly byStmt = new Map<Stmt, Ref[]>();
  private readonly width: number;
  /** Loops already merged, by HIR id. */
  readonly loops = new Map<number, LoopRegions>();
  /** Loops whose sets came from the fallback. */
  readonly fromFallback = new Set<number>();

  constructor(
    private readonly cfg: Cfg,
    /** Sets of a self-contained loop the rules cannot merge (by dataflow). */
    private readonly fallback?: (l: Loop) => LoopRegions,
    private readonly targets: ReadonlySet<string> = jumpTargets(cfg),
  ) {
    this.width = cfg.vars.size;
    for (const r of cfg.refs.refs) {
      if (!r.stmt) continue;
      let list = this.byStmt.get(r.stmt);
      if (!list) this.byStmt.set(r.stmt, (list = []));
      list.push(r);
    }
  }

  /** The one- and all-iteration sets of a loop, or null when its body is not structured. */
  loop(l: Loop): LoopRegions | null {
    const known = this.loops.get(l.id);
    if (known) return known;
    try {
      this.stmt(l);
    } catch (e) {
      if (e instanceof Unstructured) return null;
      throw e;
    }
    return this.loops.get(l.id) ?? null;
  }

  /** The sets of a statement list (a sequence). */
  list(stmts: readonly Stmt[]): RegionSets {
    const r = emptyRegion(this.width);
    for (const s of stmts) {
      if (isLeaf(s)) {
        // A statement that neither branches nor jumps: its accesses extend the sequence directly.
        if (s.label !== undefined && this.targets.has(s.label)) throw new Unstructured();
        this.addAccesses(r, this.refsOf(s));
      } else sequenceInto(r, this.stmt(s));
    }
    return r;
  }

  private stmt(s: Stmt): RegionSets {
    if (s.label !== undefined && this.targets.has(s.label)) throw new Unstructured();
    switch (s.kind) {
      case "if":
        return sequence(this.accesses(this.refsOf(s)), alternative(this.list(s.then), this.list(s.else)));
      case "switch": {
        if (s.fallthrough) throw new Unstructured();
        let alt: RegionSets | null = s.cases.some((c) => c.values === null) ? null : emptyRegion(this.width);
        for (const c of s.cases) {
          const body = this.list(c.body);
          alt = alt ? alternative(alt, body) : body;
        }
        return sequence(this.accesses(this.refsOf(s)), alt ?? emptyRegion(this.width));
      }
      case "block":
        return this.list(s.body);
      case "loop":
        try {
          return this.loopStmt(s);
        } catch (e) {
          if (!(e instanceof Unstructured) || !this.fallback || !selfContained(s, this.targets)) throw e;
          const r = this.fallback(s);
          this.loops.set(s.id, r);
          this.fromFallback.add(s.id);
          return sequence(this.loopHead(s), r.all);
        }
      case "goto":
      case "computed-goto":
      case "arith-if":
      case "return":
      case "stop":
      case "exit":
      case "cycle":
        throw new Unstructured();
      case "io":
        if (s.jumpLabels.length) throw new Unstructured();
        return this.accesses(this.refsOf(s));
      case "call":
        if (s.altReturns?.length) throw new Unstructured();
        return this.accesses(this.refsOf(s));
      default:
        return this.accesses(this.refsOf(s));
    }
  }

  /** What runs before the first iteration: the bounds and index initialization (C: the init statements). */
  private loopHead(l: Loop): RegionSets {
    const cl = this.cfg.loops[this.cfg.loopIndex.get(l.id)!]!;
    const pre = this.refsOf(l).filter((r) => r.block !== cl.header && !cl.latches.includes(r.block));
    return sequence(this.accesses(pre), this.list(l.init ?? []));
  }

  private loopStmt(l: Loop): RegionSets {
    const mine = this.refsOf(l);
    const cl = this.cfg.loops[this.cfg.loopIndex.get(l.id)!]!;
    const role = (r: Ref) => (r.block === cl.header ? "header" : cl.latches.includes(r.block) ? "latch" : "pre");
    const pre = this.loopHead(l);
    const test = this.accesses(mine.filter((r) => role(r) === "header"));
    const body = this.list(l.body);
    // The latch: the DO step (or C update), then a do-until test.
    const step = sequence(sequence(this.accesses(mine.filter((r) => role(r) === "latch" && r.origin === "loop-step")), this.list(l.update ?? [])), this.accesses(mine.filter((r) => role(r) === "latch" && r.origin !== "loop-step")));
    let one: RegionSets;
    let all: RegionSets;
    switch (l.form) {
      case "do":
        one = sequence(body, step);
        all = allIterations(one, minTrips(l));
        break;
      case "while":
        // (test; body; latch)* then the failing test.
        one = sequence(test, sequence(body, step));
        all = sequence(allIterations(one, 0), test);
        break;
      default:
        // do-until and forever: the body runs at least once.
        one = sequence(body, step);
        all = allIterations(one, 1);
    }
    this.loops.set(l.id, { one, all });
    return sequence(pre, all);
  }

  private refsOf(s: Stmt): Ref[] {
    return this.byStmt.get(s) ?? [];
  }

  /** A straight-line sequence of accesses (the leaf of the merges). */
  private accesses(refs: readonly Ref[]): RegionSets {
    const r = emptyRegion(this.width);
    this.addAccesses(r, refs);
    return r;
  }

  /** r := r; accesses (the sequence rule with one access at a time). */
  private addAccesses(r: RegionSets, refs: readonly Ref[]): void {
    for (const ref of refs) {
      if (ref.rmw) continue; // a read that only models a call's possible write
      if (ref.kind === "use") {
        r.use.add(ref.var);
        if (!r.ddef.has(ref.var)) r.euse.add(ref.var);
      } else {
        r.mod.add(ref.var);
        if (ref.exact) r.ddef.add(ref.var);
      }
    }
  }
}

class Unstructured extends Error {}

/** Statements whose references are all there is to them (no branch, loop, block or jump). */
function isLeaf(s: Stmt): boolean {
  switch (s.kind) {
    case "assign":
    case "expr":
    case "nop":
    case "allocate":
    case "deallocate":
    case "opaque":
      return true;
    case "call":
      return !s.altReturns?.length;
    case "io":
      return s.jumpLabels.length === 0;
    default:
      return false;
  }
}

/**
 * Whether every jump inside a loop lands inside it (or is an EXIT/CYCLE of
 * it or of a loop inside it), and no jump from outside lands inside: then
 * the loop is entered at its head and left to the statement after it.
 */
export function selfContained(l: Loop, targets: ReadonlySet<string>): boolean {
  const inner = new Set<number>([l.id]);
  const labels = new Set<string>();
  walkStmts(l.body, (s) => {
    if (s.kind === "loop") inner.add(s.id);
    if (s.label !== undefined) labels.add(s.label);
  });
  let ok = true;
  walkStmts(l.body, (s) => {
    switch (s.kind) {
      case "goto":
        ok &&= labels.has(s.target);
        break;
      case "computed-goto":
      case "arith-if":
        ok &&= s.targets.every((t) => labels.has(t));
        break;
      case "io":
        ok &&= s.jumpLabels.every((t) => labels.has(t));
        break;
      case "call":
        ok &&= (s.altReturns ?? []).every((t) => labels.has(t));
        break;
      case "exit":
      case "cycle":
        ok &&= s.loopId !== null && inner.has(s.loopId);
        break;
      case "return":
      case "stop":
        ok = false;
        break;
    }
  });
  // A label of the loop that a jump names must be named from inside only: count jumps from outside.
  return ok && (l.label === undefined || !targets.has(l.label));
}

/** Iterations a DO loop certainly makes, when its bounds are constants (else 0). */
export function minTrips(l: Loop): number {
  if (l.form !== "do" || !l.lower || !l.upper) return 0;
  const lo = evalInt(l.lower);
  const hi = evalInt(l.upper);
  const st = l.step ? evalInt(l.step) : 1;
  if (lo === undefined || hi === undefined || st === undefined || st === 0) return 0;
  return Math.max(0, Math.floor((hi - lo + st) / st));
}

/** Labels some jump of the procedure names. */
export function jumpTargets(cfg: Cfg): Set<string> {
  const out = new Set<string>();
  walkStmts(cfg.proc.body, (s) => {
    if (s.kind === "goto") out.add(s.target);
    else if (s.kind === "computed-goto" || s.kind === "arith-if") s.targets.forEach((t) => out.add(t));
    else if (s.kind === "io") s.jumpLabels.forEach((t) => out.add(t));
    else if (s.kind === "call") s.altReturns?.forEach((t) => out.add(t));
  });
  return out;
}
