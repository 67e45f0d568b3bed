import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import { childBlocks, stmtExprs, walkExpr } from "../../ir/walk.js";
import type { FactWorld } from "./common-facts.js";

/**
 * Whether a procedure may change its dummy argument k: by its text (an
 * assignment, a READ, a DO index, C's ++ and address-of), or by giving it
 * to a call that may (followed `depth` calls down; deeper, or an unknown
 * callee: yes).
 */
export function formalWritten(p: Procedure, k: number, world: FactWorld, depth: number): boolean {
  // Remembered per run (its world resolves names the same way each time) and procedure: the constants
  // of calls, the facts and the specialized regions ask it of the same dummies again and again (issue 16).
  let perWorld = written.get(world);
  if (!perWorld) written.set(world, (perWorld = new WeakMap()));
  let perProc = perWorld.get(p);
  if (!perProc) perWorld.set(p, (perProc = new Map()));
  const key = `${k}/${depth}`;
  let yes = perProc.get(key);
  if (yes === undefined) perProc.set(key, (yes = writtenIn(p, k, world, depth)));
  return yes;
}
const written = new WeakMap<FactWorld, WeakMap<Procedure, Map<string, boolean>>>();

function writtenIn(p: Procedure, k: number, world: FactWorld, depth: number): boolean {
  const d = p.params[k];
  if (!d) return true;
  let yes = false;
  // The storage a target names: not its subscripts, which are only read (`xout(j + (n1 + 1)*k) = ...`
  // leaves n1 alone); through a member or a pointer, what they are made from (conservative).
  const target = (t: Expr): void => {
    if (t.kind === "var" || t.kind === "elem" || t.kind === "section") {
      if (t.sym === d) yes = true;
    } else if (t.kind === "member") target(t.base);
    else walkExpr(t, (x) => void ((x.kind === "var" || x.kind === "elem") && x.sym === d && (yes = true)));
  };
  const walk = (list: readonly Stmt[]) => {
    for (const s of list) {
      if (yes) return;
      if (s.kind === "assign") target(s.lhs);
      if (s.kind === "io") s.defs.forEach(target);
      if (s.kind === "loop" && s.index === d) yes = true;
      const calls: { name: string; args: readonly Expr[]; intrinsic?: boolean }[] = s.kind === "call" ? [s] : [];
      for (const e of stmtExprs(s))
        walkExpr(e, (x) => {
          if (x.kind === "assign-expr") target(x.target);
          if (x.kind === "addr") target(x.operand);
          // An implied DO's index, in an output list too (found by fuzzing: `print *, (k, m = 1, 2)` leaves m = 3).
          if (x.kind === "implied-do" && x.index === d) yes = true;
          if (x.kind === "call" && !x.pure) calls.push(x);
        });
      for (const c of calls)
        c.args.forEach((a, j) => {
          if (yes || !(a.kind === "var" && a.sym === d)) return;
          const callees = c.intrinsic ? null : calleesOf(world, c.name, p);
          if (c.intrinsic || !callees || depth <= 0 || callees.some((callee) => formalWritten(callee, j, world, depth - 1))) yes = true;
        });
      childBlocks(s).forEach(walk);
    }
  };
  walk(p.body);
  return yes;
}

/** The procedures of the run a call may reach: the one its name resolves to, or each of a name several files define; null when none is known. */
export function calleesOf(world: FactWorld, name: string, caller: Procedure): readonly Procedure[] | null {
  const t = world.resolve(name, caller);
  if (t) return [t];
  const alts = world.alternatives?.(name, caller) ?? null;
  return alts && alts.length > 0 ? alts : null;
}
