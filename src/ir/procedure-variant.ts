import type { Procedure } from "./program.js";
import type { Stmt } from "./stmt.js";
import type { Expr } from "./expr.js";

const origins = new WeakMap<Procedure, Procedure>();

/**
 * A procedure with another body, for an analysis of that body in its
 * place (specialized-regions.ts: a copy with a call's constants in): the
 * same symbols and parameters, and, for everything that looks a
 * procedure up (the file it is in, the callees its names reach), the
 * original (originOf).
 */
export function procedureVariant(proc: Procedure, body: Stmt[]): Procedure {
  const v = { ...proc, body };
  origins.set(v, originOf(proc));
  return v;
}

/** The procedure of the program a variant was made from (itself when it is no variant). */
export function originOf(p: Procedure): Procedure {
  return origins.get(p) ?? p;
}

const argOrigins = new WeakMap<readonly Expr[], readonly Expr[]>();

/**
 * Records that a call's copy (its argument list, new) is that call
 * rewritten (array-view.ts gives a vector's calls the view instead): what
 * is known at the call (the constants before it) is known at the copy.
 */
export function copiedCall(copy: readonly Expr[], original: readonly Expr[]): void {
  argOrigins.set(copy, originalCall(original));
}

/** The argument list of the call a copy was made from (itself when it is no copy). */
export function originalCall(args: readonly Expr[]): readonly Expr[] {
  return argOrigins.get(args) ?? args;
}
