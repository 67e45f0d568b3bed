import type { Stmt } from "../../ir/stmt.js";
import { childBlocks } from "../../ir/walk.js";
import { jumpLabelsOf } from "../access/jumps.js";

/**
 * Whether a GOTO (computed or arithmetic IF) may jump back to a label
 * before it in statement order: statements before a point could then run
 * again after it, outside its continuation. Forward jumps only skip
 * statements, which the coverage walk allows for (writes after a jump are
 * not sure).
 */
export function hasBackwardJump(stmts: readonly Stmt[]): boolean {
  // Per body: every liveness question asks it of its procedure again (issue 16); statements are not
  // changed after lowering (a variant body is a new list).
  let known = bodies.get(stmts);
  if (known === undefined) bodies.set(stmts, (known = backward(stmts)));
  return known;
}
const bodies = new WeakMap<readonly Stmt[], boolean>();

function backward(stmts: readonly Stmt[]): boolean {
  const order: Stmt[] = [];
  const walk = (l: readonly Stmt[]) =>
    l.forEach((x) => {
      order.push(x);
      childBlocks(x).forEach(walk);
    });
  walk(stmts);
  const at = new Map<string, number>();
  order.forEach((x, k) => x.label !== undefined && at.set(x.label, k));
  return order.some((x, k) => {
    // An unknown label (assigned GOTO, a label doall does not see): anywhere.
    return jumpLabelsOf(x).some((t) => !at.has(t) || at.get(t)! <= k);
  });
}

/**
 * The indices of the statements of `stmts` that a jump in them or in a
 * later statement of the list (at any depth) goes back to: where the walk
 * arrives again, after statements that may have changed any scalar they
 * assign (coverage.ts forgets those values there). An opaque statement
 * (an assigned GOTO) may go back to any label of the list.
 */
export function backwardTargets(stmts: readonly Stmt[]): ReadonlySet<number> {
  let known = targetsOf.get(stmts);
  if (!known) targetsOf.set(stmts, (known = targetsIn(stmts)));
  return known;
}
const targetsOf = new WeakMap<readonly Stmt[], ReadonlySet<number>>();

function targetsIn(stmts: readonly Stmt[]): ReadonlySet<number> {
  const out = new Set<number>();
  const labels = new Map<string, number>();
  stmts.forEach((x, k) => x.label !== undefined && labels.set(x.label, k));
  if (labels.size === 0) return out;
  stmts.forEach((x, k) => {
    const walk = (y: Stmt): void => {
      if (y.kind === "opaque") for (const [, at] of labels) if (at <= k) out.add(at);
      for (const t of jumpLabelsOf(y)) {
        const at = labels.get(t);
        if (at !== undefined && at <= k) out.add(at);
      }
      childBlocks(y).forEach((b) => b.forEach(walk));
    };
    walk(x);
  });
  return out;
}
