import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";

/**
 * Region sets of one iteration of a loop by brute force: enumerate the
 * paths through the loop body (both ways at every IF; every inner loop
 * 0, 1 or 2 times, or exactly its trip count when `tripsKnown` and its
 * bounds are constants), written directly from the HIR of the random
 * programs (assignments of integer expressions, IF, DO, DO WHILE, EXIT,
 * CYCLE; no GOTO), and take
 *   MOD/USE: what the body's statements write/read (flow-insensitive,
 *   seed 004: "may be written in the range"); EUSE: what some path reads
 *   before writing it; DDEF: what every path that completes the
 *   iteration (reaches the step, directly or by CYCLE) writes.
 * A DO loop whose constant bounds give no iteration counts as one whose
 * trip count is unknown: the merge rules only use "at least one".
 * Returns null when the paths are too many to enumerate.
 */
export interface PathSets {
  mod: Set<Sym>;
  use: Set<Sym>;
  euse: Set<Sym>;
  /** Empty when no path completes the iteration (the analyses say ∅ then; "every path" is vacuous). */
  ddef: Set<Sym>;
  /** Some path completes the iteration. */
  complete: boolean;
}

type Access = { kind: "use" | "def"; sym: Sym; exact: boolean };

class TooMany {}

export function iterationByPaths(l: Loop, tripsKnown: boolean, limit = 20000): PathSets | null {
  const mod = new Set<Sym>();
  const use = new Set<Sym>();
  const euse = new Set<Sym>();
  let ddef: Set<Sym> | null = null;
  let count = 0;
  // A path is the accesses so far; `onEnd` receives it with how the iteration ended.
  const finish = (acc: Access[], complete: boolean) => {
    if (++count > limit) throw new TooMany();
    const defined = new Set<Sym>();
    for (const a of acc) {
      if (a.kind === "use") {
        if (!defined.has(a.sym)) euse.add(a.sym);
      } else if (a.exact) defined.add(a.sym);
    }
    if (complete) ddef = ddef ? new Set([...ddef].filter((s) => defined.has(s))) : defined;
  };
  for (const a of [...syntactic(l.body), ...(l.form === "while" && l.cond ? reads(l.cond) : [])]) (a.kind === "use" ? use : mod).add(a.sym);
  const step: Access[] = l.form === "do" && l.index ? [{ kind: "use", sym: l.index, exact: true }, { kind: "def", sym: l.index, exact: true }] : [];
  const start: Access[] = l.form === "while" && l.cond ? reads(l.cond) : [];
  try {
    walkList(l.body, 0, start, (acc, how) => {
      if (how.kind === "normal" || (how.kind === "cycle" && how.loopId === l.id)) finish([...acc, ...step], true);
      else finish(acc, false); // left the loop: counts for MOD/USE/EUSE only
    });
  } catch (e) {
    if (e instanceof TooMany) return null;
    throw e;
  }
  for (const a of step) (a.kind === "use" ? use : mod).add(a.sym);
  return { mod, use, euse, ddef: ddef ?? new Set(), complete: ddef !== null };

  function walkList(list: readonly Stmt[], i: number, acc: Access[], k: (acc: Access[], how: Ending) => void): void {
    if (i === list.length) return k(acc, { kind: "normal" });
    walkStmt(list[i]!, acc, (acc2, how) => (how.kind === "normal" ? walkList(list, i + 1, acc2, k) : k(acc2, how)));
  }

  function walkStmt(s: Stmt, acc: Access[], k: (acc: Access[], how: Ending) => void): void {
    switch (s.kind) {
      case "assign":
        return k([...acc, ...reads(s.rhs), ...target(s.lhs)], { kind: "normal" });
      case "if": {
        const c = [...acc, ...reads(s.cond)];
        walkList(s.then, 0, c, k);
        walkList(s.else, 0, c, k);
        return;
      }
      case "nop":
        return k(acc, { kind: "normal" });
      case "exit":
        return k(acc, { kind: "exit", loopId: s.loopId! });
      case "cycle":
        return k(acc, { kind: "cycle", loopId: s.loopId! });
      case "loop":
        return walkLoop(s, acc, k);
      default:
        throw new Error(`no paths through ${s.kind}`);
    }
  }

  function walkLoop(inner: Loop, acc: Access[], k: (acc: Access[], how: Ending) => void): void {
    let pre = acc;
    let trips: number[] = [0, 1, 2];
    if (inner.form === "do") {
      pre = [...acc, ...reads(inner.lower!), ...reads(inner.upper!), { kind: "def", sym: inner.index!, exact: true }];
      const lo = evalInt(inner.lower!);
      const hi = evalInt(inner.upper!);
      if (tripsKnown && lo !== undefined && hi !== undefined && hi >= lo) trips = [hi - lo + 1];
    }
    const test: Access[] = inner.form === "while" ? reads(inner.cond!) : [];
    const stepAcc: Access[] = inner.form === "do" ? [{ kind: "use", sym: inner.index!, exact: true }, { kind: "def", sym: inner.index!, exact: true }] : [];
    // Run `left` more iterations, then leave through the failing test.
    const iterate = (a: Access[], left: number): void => {
      const tested = [...a, ...test];
      if (left === 0) return k(tested, { kind: "normal" });
      walkList(inner.body, 0, tested, (a2, how) => {
        if (how.kind === "exit" && how.loopId === inner.id) return k(a2, { kind: "normal" });
        if (how.kind === "normal" || (how.kind === "cycle" && how.loopId === inner.id)) return iterate([...a2, ...stepAcc], left - 1);
        k(a2, how); // EXIT or CYCLE of an outer loop
      });
    };
    for (const t of trips) iterate(pre, t);
  }
}

/** Every access the statements make, whether or not a path reaches them. */
function syntactic(list: readonly Stmt[]): Access[] {
  return list.flatMap((s): Access[] => {
    switch (s.kind) {
      case "assign":
        return [...reads(s.rhs), ...target(s.lhs)];
      case "if":
        return [...reads(s.cond), ...syntactic(s.then), ...syntactic(s.else)];
      case "loop": {
        const head: Access[] = s.form === "do" ? [...reads(s.lower!), ...reads(s.upper!), { kind: "def", sym: s.index!, exact: true }, { kind: "use", sym: s.index!, exact: true }] : reads(s.cond!);
        return [...head, ...syntactic(s.body)];
      }
      default:
        return [];
    }
  });
}

type Ending = { kind: "normal" } | { kind: "exit" | "cycle"; loopId: number };

/** The accesses of evaluating an expression, in order. */
function reads(e: Expr): Access[] {
  switch (e.kind) {
    case "var":
      return [{ kind: "use", sym: e.sym, exact: true }];
    case "elem":
      return [...e.subs.flatMap(reads), { kind: "use", sym: e.sym, exact: false }];
    case "binary":
      return [...reads(e.left), ...reads(e.right)];
    case "unary":
      return reads(e.operand);
    default:
      return [];
  }
}

function target(e: Expr): Access[] {
  if (e.kind === "var") return [{ kind: "def", sym: e.sym, exact: true }];
  if (e.kind === "elem") return [...e.subs.flatMap(reads), { kind: "def", sym: e.sym, exact: false }];
  return [];
}
