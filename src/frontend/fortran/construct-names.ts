import type { Sym } from "../../ir/symbol.js";
import { INTEGER } from "../../ir/types.js";
import type { Span } from "../../source/span.js";
import type { FTypeSpec } from "./ast.js";
import { lookupName } from "./lower-expr.js";
import type { UnitContext } from "./unit-context.js";

/**
 * Construct entities (F2018 19.4): a FORALL or DO CONCURRENT index, a DO
 * CONCURRENT LOCAL or LOCAL_INIT variable. Each is a new variable with the
 * name as written, distinct from any variable of that name outside the
 * construct, and the name means it only inside (`UnitContext.bound`).
 */

/** A new construct entity for an index: the header's type, else the type the name has outside (F2018 19.4 ¶2). */
export function indexSym(u: UnitContext, name: string, span: Span, type?: FTypeSpec): Sym {
  const outside = lookupName(u, name);
  const bytes = type?.bytes ?? (type?.kind?.k === "int" ? type.kind.value : undefined) ?? (outside?.type.base === "integer" ? outside.type.bytes : undefined);
  return constructSym(u, name, span, bytes !== undefined ? { base: "integer", bytes } : INTEGER);
}

/** A new construct entity shaped like the variable the name means outside (LOCAL, LOCAL_INIT). */
export function localSym(u: UnitContext, outside: Sym, span: Span): Sym {
  const sym = constructSym(u, outside.name, span, outside.type);
  sym.dims = outside.dims;
  sym.layout = outside.layout;
  return sym;
}

function constructSym(u: UnitContext, name: string, span: Span, type: Sym["type"]): Sym {
  const sym: Sym = { id: u.ctx.ids.fresh(), name, type, dims: [], layout: "column-major", storage: "local", attrs: { constructEntity: true }, span };
  // Registered with the unit's symbols (so analyses know it as a local of the unit), under a key
  // no Fortran name can have: it never hides the variable of the same name outside.
  u.scope.syms.set(`${name}%${sym.id}`, sym);
  return sym;
}

/** Runs `fn` with the names bound to construct entities, restoring the outer bindings after. */
export function withBindings<T>(u: UnitContext, bindings: ReadonlyMap<string, Sym>, fn: () => T): T {
  const saved = u.bound;
  u.bound = new Map([...(saved ?? []), ...bindings]);
  try {
    return fn();
  } finally {
    if (saved) u.bound = saved;
    else delete u.bound;
  }
}
