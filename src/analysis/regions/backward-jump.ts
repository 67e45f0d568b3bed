import type { Stmt } from "../../ir/stmt.js";
import { childBlocks } from "../../ir/walk.js";

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
    const targets = x.kind === "goto" ? [x.target] : x.kind === "computed-goto" || x.kind === "arith-if" ? [...x.targets] : [];
    // An unknown label (assigned GOTO, a label doall does not see): anywhere.
    return targets.some((t) => !at.has(t) || at.get(t)! <= k);
  });
}
