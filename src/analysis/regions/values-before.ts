import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { topLevelIndex } from "../../ir/walk.js";
import { assignedIn } from "./coverage.js";

/**
 * The values local scalars have wherever a walk of a continuation starts:
 * those assigned once in the whole procedure, by an assignment at its top
 * level before the top-level statement that holds `s`. (A liveness walk
 * starting inside x_solve's nest must know that isize = grid_points[0]-1,
 * assigned above the nest, bounds the loops it meets.) Nothing else
 * assigns them — no other statement, no call given them, no pointer to
 * them (`&x` counts as an assignment) — so the value holds from there on.
 */
export function valuesBefore(proc: Procedure, s: Stmt): readonly (readonly [Sym, Expr])[] {
  const top = topLevelIndex(proc.body, s);
  if (top <= 0) return [];
  // The same for every statement under one top-level statement of one body: asked for each array a
  // loop's liveness or privatization follows (issue 16).
  let perBody = known.get(proc.body);
  if (!perBody) known.set(proc.body, (perBody = new Map()));
  let v = perBody.get(top);
  if (!v) perBody.set(top, (v = before(proc, top)));
  return v;
}
const known = new WeakMap<readonly Stmt[], Map<number, readonly (readonly [Sym, Expr])[]>>();

function before(proc: Procedure, top: number): [Sym, Expr][] {
  const candidates = new Map<Sym, { at: number; value: Expr }>();
  for (let k = 0; k < top; k++) {
    const t = proc.body[k]!;
    if (t.kind === "assign" && t.lhs.kind === "var" && local(t.lhs.sym)) {
      if (candidates.has(t.lhs.sym)) candidates.delete(t.lhs.sym);
      else candidates.set(t.lhs.sym, { at: k, value: t.rhs });
    }
  }
  if (candidates.size === 0) return [];
  // Assigned anywhere else (twice above was dropped already): no value.
  const other = new Set<Sym>();
  proc.body.forEach((t, k) => {
    for (const x of assignedIn(t, undefined)) if (candidates.has(x) && candidates.get(x)!.at !== k) other.add(x);
    // The assignment itself: its right-hand side may assign too (x = f(&x) in C).
    if (t.kind === "assign") for (const x of assignedIn({ kind: "expr", expr: t.rhs, span: t.span } as Stmt, undefined)) other.add(x);
  });
  return [...candidates].filter(([x]) => !other.has(x)).map(([x, c]) => [x, c.value]);
}

/** A procedure's own scalar that only its statements can change. */
function local(x: Sym): boolean {
  return x.storage === "local" && x.dims.length === 0 && !x.attrs.save && !x.attrs.pointer && !x.attrs.target && x.equivalence === undefined && x.type.base !== "pointer" && x.type.base !== "derived";
}
