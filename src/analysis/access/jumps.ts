import type { Loop, Stmt } from "../../ir/stmt.js";
import { childBlocks } from "../../ir/walk.js";

/**
 * Jumps, as far as access patterns care: which labels are jumped to, which
 * loops may end an iteration early (their references are MAY: the paper's
 * Accuracy "under conditionals", §2.2), and which stretches of a statement
 * list are loops built from a backward GOTO (reported as "while loop", the
 * Table 1 category for loops without a loop variable).
 */

/** The labels a statement may jump to (not counting the statements nested in it). */
export function jumpLabelsOf(s: Stmt): string[] {
  switch (s.kind) {
    case "goto":
      return [s.target];
    case "computed-goto":
      return s.targets;
    case "arith-if":
      return s.targets;
    case "call":
      return s.altReturns ?? [];
    case "io":
      return s.jumpLabels;
    default:
      return [];
  }
}

/** Every label some statement of the procedure may jump to. */
export function jumpTargets(body: readonly Stmt[]): Set<string> {
  const out = new Set<string>();
  const go = (list: readonly Stmt[]) => {
    for (const s of list) {
      for (const l of jumpLabelsOf(s)) out.add(l);
      for (const b of childBlocks(s)) go(b);
    }
  };
  go(body);
  return out;
}

const subtreeJumps = new WeakMap<Stmt, Set<string>>();

/** Labels jumped to from anywhere inside `s`. */
export function jumpsWithin(s: Stmt): Set<string> {
  let r = subtreeJumps.get(s);
  if (!r) {
    r = new Set(jumpLabelsOf(s));
    for (const b of childBlocks(s)) for (const c of b) for (const l of jumpsWithin(c)) r.add(l);
    subtreeJumps.set(s, r);
  }
  return r;
}

/** A backward-GOTO loop: statements first..last of one list, repeated by a jump from inside them back to `first`'s label. */
export interface GotoRange {
  first: number;
  last: number;
  label: string;
}

/** The backward-GOTO loops of one statement list, outermost (widest) first. */
export function gotoRanges(list: readonly Stmt[], targets: ReadonlySet<string>): GotoRange[] {
  const out: GotoRange[] = [];
  for (let p = 0; p < list.length; p++) {
    const label = list[p]!.label;
    if (label === undefined || !targets.has(label)) continue;
    let last = -1;
    for (let q = p; q < list.length; q++) if (jumpsWithin(list[q]!).has(label)) last = q;
    if (last >= 0) out.push({ first: p, last, label });
  }
  return out.sort((a, b) => a.first - b.first || b.last - a.last);
}

/**
 * The loops an iteration of which may end before its last statement: a
 * jump inside the loop to a label outside it (or elsewhere in it), EXIT,
 * CYCLE, RETURN, STOP, and statements doall could not represent.
 */
export function disturbedLoops(body: readonly Stmt[]): Set<Loop> {
  const labelLoops = new Map<string, Loop[]>();
  const jumps: { s: Stmt; loops: Loop[] }[] = [];
  const go = (list: readonly Stmt[], loops: Loop[]) => {
    for (const s of list) {
      if (s.label !== undefined) labelLoops.set(s.label, loops);
      if (jumpLabelsOf(s).length || ["return", "stop", "exit", "cycle", "opaque"].includes(s.kind)) jumps.push({ s, loops });
      const inner = s.kind === "loop" ? [...loops, s] : loops;
      for (const b of childBlocks(s)) go(b, inner);
    }
  };
  go(body, []);
  const out = new Set<Loop>();
  const from = (loops: Loop[], k: number) => {
    for (let i = Math.max(0, k); i < loops.length; i++) out.add(loops[i]!);
  };
  for (const { s, loops } of jumps) {
    if (s.kind === "exit" || s.kind === "cycle") {
      if (s.loopId === null) continue; // C break out of a switch
      const k = loops.findIndex((l) => l.id === s.loopId);
      from(loops, k < 0 ? 0 : k);
      continue;
    }
    const labels = jumpLabelsOf(s);
    if (labels.length === 0) {
      from(loops, 0); // return, stop, opaque
      continue;
    }
    for (const l of labels) {
      const there = labelLoops.get(l);
      if (!there) {
        from(loops, 0);
        continue;
      }
      // Loops left by the jump, and the innermost loop holding both ends (part of its iteration is skipped).
      let common = 0;
      while (common < loops.length && common < there.length && loops[common] === there[common]) common++;
      from(loops, common - 1);
    }
  }
  return out;
}
