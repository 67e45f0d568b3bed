import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Sym, SymIds, Storage } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";
import type { Span } from "../../source/span.js";

/**
 * The names visible in one program unit: its own symbols, those imported by
 * USE (stored in `syms` under their local name) and, through `parent`, its
 * host's (module procedures and internal procedures see their host).
 */
export class Scope {
  readonly syms = new Map<string, Sym>();
  /** Implicit type per letter a..z; null means no implicit type (IMPLICIT NONE). */
  implicit: (Type | null)[];

  constructor(
    readonly ids: SymIds,
    readonly parent: Scope | null,
    readonly diags: Diagnostic[],
    /** Storage for symbols implicitly declared in this scope ("module" for a module's spec part). */
    readonly defaultStorage: Storage = "local",
  ) {
    this.implicit = parent ? parent.implicit.slice() : defaultImplicit();
  }

  lookup(name: string): Sym | undefined {
    return this.syms.get(name) ?? this.parent?.lookup(name);
  }

  /** The implicit type for a name, or null under IMPLICIT NONE. */
  implicitType(name: string): Type | null {
    const c = name.charCodeAt(0) - 97;
    if (c < 0 || c >= 26) return { base: "real", bytes: 4 };
    return this.implicit[c] ?? null;
  }

  /** A new symbol in this scope. */
  add(name: string, type: Type, storage: Storage, span: Span, explicitType = false): Sym {
    const sym: Sym = { id: this.ids.fresh(), name, type, dims: [], layout: "column-major", storage, attrs: explicitType ? { explicitType } : {}, span };
    this.syms.set(name, sym);
    return sym;
  }

  /**
   * The symbol for a name used but never declared: implicitly typed, local.
   * Under IMPLICIT NONE this is an error, as compilers report it.
   */
  implicitSym(name: string, span: Span, storage: Storage = this.defaultStorage): Sym {
    let t = this.implicitType(name);
    if (!t) {
      this.diags.push({ id: "fortran.no-implicit-type", severity: "error", message: `'${name}' has no type (IMPLICIT NONE is in effect and it is not declared)`, span });
      t = { base: "unknown" };
    }
    return this.add(name, t, storage, span);
  }
}

export function defaultImplicit(): (Type | null)[] {
  const out: (Type | null)[] = [];
  for (let c = 0; c < 26; c++) {
    const letter = String.fromCharCode(97 + c);
    out.push(letter >= "i" && letter <= "n" ? { base: "integer", bytes: 4 } : { base: "real", bytes: 4 });
  }
  return out;
}
