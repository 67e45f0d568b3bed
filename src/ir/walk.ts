import type { Expr, Triplet } from "./expr.js";
import type { Loop, Stmt } from "./stmt.js";

/** The statement lists directly nested in a statement (loop body, if branches, ...). */
export function childBlocks(s: Stmt): Stmt[][] {
  switch (s.kind) {
    case "loop":
      return [...(s.init ? [s.init] : []), s.body, ...(s.update ? [s.update] : [])];
    case "if":
      return [s.then, s.else];
    case "switch":
      return s.cases.map((c) => c.body);
    case "block":
      return [s.body];
    default:
      return [];
  }
}

/** The index of the statement of `stmts` that is `s` or holds it (at any depth), or -1. */
export function topLevelIndex(stmts: readonly Stmt[], s: Stmt): number {
  const holds = (t: Stmt): boolean => childBlocks(t).some((b) => b.some((x) => x === s || holds(x)));
  return stmts.findIndex((t) => t === s || holds(t));
}

/**
 * topLevelIndex for many statements: every statement of `stmts`, at any
 * depth, with the index of the one of `stmts` that is it or holds it (a
 * statement not there is absent). One walk, where asking topLevelIndex of
 * each of a loop's dependences walked the body once per end (issue 16:
 * the doacross spans of NPB's long loops).
 */
export function topLevelIndexes(stmts: readonly Stmt[]): Map<Stmt, number> {
  const out = new Map<Stmt, number>();
  stmts.forEach((t, k) => walkStmts([t], (x) => void (out.has(x) || out.set(x, k))));
  return out;
}

/** Visits every statement in pre-order (a statement before the ones nested in it). */
export function walkStmts(stmts: readonly Stmt[], visit: (s: Stmt, parents: readonly Stmt[]) => void): void {
  const parents: Stmt[] = [];
  // childBlocks' lists in its order, without making its array (issue 16: the walks are the analyzer's hottest code).
  const go = (list: readonly Stmt[]): void => {
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      visit(s, parents);
      switch (s.kind) {
        case "loop":
          parents.push(s);
          if (s.init) go(s.init);
          go(s.body);
          if (s.update) go(s.update);
          parents.pop();
          break;
        case "if":
          parents.push(s);
          go(s.then);
          go(s.else);
          parents.pop();
          break;
        case "switch":
          if (s.cases.length) {
            parents.push(s);
            for (const c of s.cases) go(c.body);
            parents.pop();
          }
          break;
        case "block":
          parents.push(s);
          go(s.body);
          parents.pop();
          break;
      }
    }
  };
  go(stmts);
}

export interface LoopInfo {
  loop: Loop;
  /** 1 for an outermost loop. */
  depth: number;
  parent: Loop | null;
}

/** Every loop in source order with its nesting depth and enclosing loop. */
export function collectLoops(stmts: readonly Stmt[]): LoopInfo[] {
  const out: LoopInfo[] = [];
  walkStmts(stmts, (s, parents) => {
    if (s.kind !== "loop") return;
    let parent: Loop | null = null;
    let depth = 1;
    for (let i = parents.length - 1; i >= 0; i--) {
      const p = parents[i]!;
      if (p.kind === "loop") {
        if (!parent) parent = p;
        depth++;
      }
    }
    out.push({ loop: s, depth, parent });
  });
  return out;
}

/**
 * The user's loops (not the implied loops of array assignments, WHERE,
 * FORALL and multi-index DO CONCURRENT: `Loop.implied`) in source order,
 * with depth and enclosing loop counted among user loops only: what
 * reports list and what directives can go on.
 */
export function userLoops(stmts: readonly Stmt[]): LoopInfo[] {
  const out: LoopInfo[] = [];
  walkStmts(stmts, (s, parents) => {
    if (s.kind !== "loop" || s.implied) return;
    let parent: Loop | null = null;
    let depth = 1;
    for (let i = parents.length - 1; i >= 0; i--) {
      const p = parents[i]!;
      if (p.kind === "loop" && !p.implied) {
        if (!parent) parent = p;
        depth++;
      }
    }
    out.push({ loop: s, depth, parent });
  });
  return out;
}

/** The expressions a statement holds directly (not those of nested statements). */
export function stmtExprs(s: Stmt): Expr[] {
  switch (s.kind) {
    case "assign":
      return [s.lhs, s.rhs];
    case "loop":
      return [s.lower, s.upper, s.step, s.cond].filter((e): e is Expr => e !== null);
    case "if":
      return [s.cond];
    case "switch":
      return [
        s.selector,
        ...s.cases.flatMap((c) => [...(c.values ?? []), ...(c.ranges ?? []).flat().filter((x): x is Expr => x !== null)]),
      ];
    case "call":
      return s.args;
    case "io":
      return [...s.controls, ...s.defs, ...s.uses];
    case "computed-goto":
      return [s.index];
    case "arith-if":
      return [s.expr];
    case "return":
      return s.value ? [s.value] : [];
    case "stop":
      return s.code ? [s.code] : [];
    case "allocate":
    case "deallocate":
      return s.stat ? [...s.objects, s.stat] : s.objects;
    case "expr":
      return [s.expr];
    default:
      return [];
  }
}

/** The direct sub-expressions of an expression. */
export function childExprs(e: Expr): Expr[] {
  switch (e.kind) {
    case "elem":
      return e.subs;
    case "section":
      return e.subs.flatMap((s) => (s.kind === "triplet" ? tripletParts(s) : [s]));
    case "call":
      return e.args;
    case "unary":
      return [e.operand];
    case "binary":
      return [e.left, e.right];
    case "cond":
      return [e.cond, e.then, e.else];
    case "member":
      return e.subs ? [e.base, ...e.subs.flatMap((x) => (x.kind === "triplet" ? tripletParts(x) : [x]))] : [e.base];
    case "addr":
    case "deref":
    case "cast":
      return [e.operand];
    case "implied-do":
      return [...e.items, e.lower, e.upper, ...(e.step ? [e.step] : [])];
    case "array-ctor":
      return e.items;
    case "assign-expr":
      return e.value ? [e.target, e.value] : [e.target];
    default:
      return [];
  }
}

function tripletParts(t: Triplet): Expr[] {
  return [t.lo, t.hi, t.stride].filter((x): x is Expr => x !== null);
}

/** Visits an expression tree in pre-order. */
export function walkExpr(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  // The commonest kinds without childExprs' array (issue 16: the walks are the analyzer's hottest code);
  // the same children in the same order.
  switch (e.kind) {
    case "int":
    case "real":
    case "logical":
    case "string":
    case "var":
      return;
    case "binary":
      walkExpr(e.left, visit);
      walkExpr(e.right, visit);
      return;
    case "unary":
    case "addr":
    case "deref":
    case "cast":
      walkExpr(e.operand, visit);
      return;
    case "elem": {
      const subs = e.subs;
      for (let i = 0; i < subs.length; i++) walkExpr(subs[i]!, visit);
      return;
    }
    case "call": {
      const args = e.args;
      for (let i = 0; i < args.length; i++) walkExpr(args[i]!, visit);
      return;
    }
    default: {
      const cs = childExprs(e);
      for (let i = 0; i < cs.length; i++) walkExpr(cs[i]!, visit);
    }
  }
}
