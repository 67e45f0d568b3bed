import type { Procedure } from "./program.js";
import type { Stmt } from "./stmt.js";

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
