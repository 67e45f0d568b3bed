import type { Sym } from "../ir/symbol.js";
import type { Type } from "../ir/types.js";

/**
 * C's effective-type rule (C11 §6.5 ¶7, "strict aliasing"): an object may
 * be accessed only through an lvalue of its own type (qualifiers and
 * signedness aside), of a struct or union type containing it, or of a
 * character type. So a store through a `double *` cannot change an `int`,
 * and two pointers to different arithmetic types do not point into the
 * same object. gcc and clang assume the same at -O2 (-fstrict-aliasing):
 * a program that breaks the rule is already miscompiled by them.
 *
 * Returns false only when both types are known arithmetic (or pointer)
 * types that cannot access each other: different kinds (integer, real,
 * complex, pointer) or different sizes. Characters (any one-byte
 * integer: the C front end lowers char so, and int8_t/uint8_t are
 * character types in practice), structs, unions, void and unknown types
 * may alias anything.
 */
export function typesMayAlias(a: Type | undefined, b: Type | undefined): boolean {
  if (!a || !b) return true;
  const open = (t: Type) =>
    t.base === "character" || t.base === "derived" || t.base === "void" || t.base === "unknown" || ((t.base === "integer" || t.base === "logical") && (t.bytes === undefined || t.bytes <= 1));
  if (open(a) || open(b)) return true;
  // C has no LOGICAL: a front end may still spell _Bool or a typedef'd flag so; keep it with the integers.
  const kind = (t: Type) => (t.base === "logical" ? "integer" : t.base);
  if (kind(a) !== kind(b)) return false;
  if (a.base === "pointer") return true;
  return a.bytes === undefined || b.bytes === undefined || a.bytes === b.bytes;
}

/**
 * The type of the memory a C reference through `sym` reads or writes: the
 * element type of an array or array parameter (`double q[]` is lowered to
 * an array of double marked `pointer`), the pointee of a pointer scalar;
 * undefined when not known (then anything may be touched).
 */
export function accessedType(sym: Sym): Type | undefined {
  if (sym.type.base === "pointer") return sym.dims.length === 0 ? sym.type.pointee : undefined;
  return sym.type;
}
