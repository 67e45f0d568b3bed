import type { Expr, Triplet } from "./expr.js";
import type { Type } from "./types.js";

/**
 * Whether two HIR expressions are the same expression: the same kind, the
 * same symbol (by identity, not by name) for every variable, element,
 * section and callee, the same operators and literal values, recursively.
 * Spans and the types the front end attached are ignored: they follow from
 * the rest.
 *
 * It replaces comparing printed text (DESIGN.md: expressions are compared
 * by structure, never by their printed text). Text equality is looser in
 * ways that are unsound for the decisions that used it: two symbols of one
 * procedure may share a name (a C variable in an inner block shadowing an
 * outer one), a Fortran cast prints as its operand, a C logical `.true.`
 * prints as the integer 1.
 *
 * It is syntactic: `f(x)` equals `f(x)` even when f has side effects, so
 * the callers that need equal values also check purity, as before.
 *
 * - Real literals compare by their text as written: `0.1` and `0.1d0` are
 *   different constants in Fortran (single and double precision) although
 *   the HIR parses both to the same JS number. `1.0` and `1.00` are then
 *   "different", which only loses a match (the conservative side).
 * - An `unknown` expression (something the front end could not represent)
 *   equals only itself: nothing is known of what it computes.
 */
export function exprEquals(a: Expr | Triplet, b: Expr | Triplet): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case "int":
    case "logical":
    case "string":
      return b.kind === a.kind && b.value === a.value;
    case "real":
      return b.kind === "real" && b.text === a.text;
    case "var":
      return b.kind === "var" && b.sym === a.sym;
    case "elem":
      return b.kind === "elem" && b.sym === a.sym && listEquals(a.subs, b.subs);
    case "section":
      return b.kind === "section" && b.sym === a.sym && !!b.substring === !!a.substring && listEquals(a.subs, b.subs);
    case "triplet":
      return b.kind === "triplet" && optEquals(a.lo, b.lo) && optEquals(a.hi, b.hi) && optEquals(a.stride, b.stride);
    case "call":
      return b.kind === "call" && b.name === a.name && b.sym === a.sym && !!b.intrinsic === !!a.intrinsic && listEquals(a.args, b.args);
    case "unary":
      return b.kind === "unary" && b.op === a.op && exprEquals(a.operand, b.operand);
    case "binary":
      return b.kind === "binary" && b.op === a.op && exprEquals(a.left, b.left) && exprEquals(a.right, b.right);
    case "cond":
      return b.kind === "cond" && exprEquals(a.cond, b.cond) && exprEquals(a.then, b.then) && exprEquals(a.else, b.else);
    case "member":
      return b.kind === "member" && b.field === a.field && !!b.arrow === !!a.arrow && exprEquals(a.base, b.base) && (a.subs && b.subs ? listEquals(a.subs, b.subs) : !a.subs && !b.subs);
    case "addr":
    case "deref":
      return b.kind === a.kind && exprEquals(a.operand, b.operand);
    case "cast":
      return b.kind === "cast" && typeEquals(a.to, b.to) && exprEquals(a.operand, b.operand);
    case "implied-do":
      return b.kind === "implied-do" && b.index === a.index && listEquals(a.items, b.items) && exprEquals(a.lower, b.lower) && exprEquals(a.upper, b.upper) && optEquals(a.step, b.step);
    case "array-ctor":
      return b.kind === "array-ctor" && listEquals(a.items, b.items);
    case "assign-expr":
      return b.kind === "assign-expr" && b.op === a.op && exprEquals(a.target, b.target) && optEquals(a.value, b.value);
    case "unknown":
      // Conservative: an expression doall could not read is the same only as itself (a === b above).
      return false;
  }
}

function listEquals(a: readonly (Expr | Triplet)[], b: readonly (Expr | Triplet)[]): boolean {
  return a.length === b.length && a.every((x, i) => exprEquals(x, b[i]!));
}

function optEquals(a: Expr | null, b: Expr | null): boolean {
  return a === null || b === null ? a === b : exprEquals(a, b);
}

function typeEquals(a: Type, b: Type): boolean {
  return (
    a.base === b.base &&
    a.bytes === b.bytes &&
    a.charLen === b.charLen &&
    a.typeName === b.typeName &&
    !!a.unsigned === !!b.unsigned &&
    (a.pointee && b.pointee ? typeEquals(a.pointee, b.pointee) : !a.pointee && !b.pointee)
  );
}
