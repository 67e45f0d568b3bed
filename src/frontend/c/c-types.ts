import { minusOne } from "../../ir/add-const.js";
import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import type { Dim } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";
import type { Span } from "../../source/span.js";

/**
 * C types as the lowering needs them: enough to turn declarators into HIR
 * symbols (element type, dimensions, pointer-ness) and to type expressions
 * (integer vs floating point, what `p->x` is).
 */
export type CType =
  | { k: "prim"; t: Type }
  | { k: "ptr"; to: CType }
  /** `size` null: `[]` (incomplete, or a parameter's first dimension). */
  | { k: "array"; of: CType; size: Expr | null }
  | { k: "func"; ret: CType; params: CType[] | null }
  /** `members`: the types of the numbers it is made of, when it holds nothing else (no pointer at any depth). */
  | { k: "struct"; tag: string; union: boolean; members?: Type[] }
  /** A type name doall does not know (a system header's typedef such as FILE). */
  | { k: "opaque"; name: string };

export const C_INT: CType = { k: "prim", t: { base: "integer", bytes: 4 } };
export const C_DOUBLE: CType = { k: "prim", t: { base: "real", bytes: 8 } };
export const C_VOID: CType = { k: "prim", t: { base: "void" } };
export const C_CHAR: CType = { k: "prim", t: { base: "integer", bytes: 1 } };
export const C_UNKNOWN: CType = { k: "prim", t: { base: "unknown" } };

/** Sizes of the primitive types on LP64 (x86-64 Linux), the usual target. */
export function primitiveType(words: string[]): CType {
  const has = (w: string) => words.includes(w);
  const longs = words.filter((w) => w === "long").length;
  const unsigned = has("unsigned");
  if (has("void")) return C_VOID;
  if (has("_Bool") || has("bool")) return { k: "prim", t: { base: "logical", bytes: 1 } };
  if (has("_Complex") || has("complex")) return { k: "prim", t: { base: "complex", bytes: has("float") ? 8 : 16 } };
  if (has("float")) return { k: "prim", t: { base: "real", bytes: 4 } };
  if (has("double")) return { k: "prim", t: { base: "real", bytes: longs ? 16 : 8 } };
  let bytes = 4;
  if (has("char")) bytes = 1;
  else if (has("short")) bytes = 2;
  else if (longs) bytes = 8;
  const t: Type = { base: "integer", bytes };
  if (unsigned) t.unsigned = true;
  return { k: "prim", t };
}

/** The standard typedef names doall knows without reading the system headers. */
const KNOWN_TYPEDEFS: Record<string, CType> = {
  size_t: { k: "prim", t: { base: "integer", bytes: 8, unsigned: true } },
  ssize_t: { k: "prim", t: { base: "integer", bytes: 8 } },
  ptrdiff_t: { k: "prim", t: { base: "integer", bytes: 8 } },
  intptr_t: { k: "prim", t: { base: "integer", bytes: 8 } },
  uintptr_t: { k: "prim", t: { base: "integer", bytes: 8, unsigned: true } },
  off_t: { k: "prim", t: { base: "integer", bytes: 8 } },
  time_t: { k: "prim", t: { base: "integer", bytes: 8 } },
  clock_t: { k: "prim", t: { base: "integer", bytes: 8 } },
  int8_t: { k: "prim", t: { base: "integer", bytes: 1 } },
  int16_t: { k: "prim", t: { base: "integer", bytes: 2 } },
  int32_t: { k: "prim", t: { base: "integer", bytes: 4 } },
  int64_t: { k: "prim", t: { base: "integer", bytes: 8 } },
  uint8_t: { k: "prim", t: { base: "integer", bytes: 1, unsigned: true } },
  uint16_t: { k: "prim", t: { base: "integer", bytes: 2, unsigned: true } },
  uint32_t: { k: "prim", t: { base: "integer", bytes: 4, unsigned: true } },
  uint64_t: { k: "prim", t: { base: "integer", bytes: 8, unsigned: true } },
  bool: { k: "prim", t: { base: "logical", bytes: 1 } },
};

export function knownTypedef(name: string): CType | undefined {
  return KNOWN_TYPEDEFS[name];
}

/** The HIR type of a value of C type `t` (pointers keep their pointee). */
export function hirType(t: CType): Type {
  switch (t.k) {
    case "prim":
      return t.t;
    case "ptr":
      return { base: "pointer", pointee: hirType(t.to) };
    case "array":
      return { base: "pointer", pointee: hirType(t.of) };
    case "func":
      return hirType(t.ret);
    case "struct":
      return { base: "derived", typeName: t.tag, ...(t.members ? { members: t.members } : {}) };
    case "opaque":
      return { base: "unknown", typeName: t.name };
  }
}

export function isPointerLike(t: CType): boolean {
  return t.k === "ptr" || t.k === "array";
}

/** What `t[i]` has as its type (the element), if t can be subscripted. */
export function elementOf(t: CType): CType | undefined {
  return t.k === "ptr" ? t.to : t.k === "array" ? t.of : undefined;
}

/**
 * How an object of type `t` lowers to an HIR symbol: its element type and
 * dimensions (C bounds 0 .. size-1), and how many leading dimensions are
 * reached through a pointer. `double a[N][M]` has dims [0:N-1, 0:M-1] and
 * none; `double (*a)[M]` and `double *a` have an unknown first extent and
 * one; `double **a` has two (its rows need not be separate objects: Sym's
 * `pointerRows`, which the dependence tests take into account).
 */
export function symbolShape(t: CType, span: Span): { elem: CType; dims: Dim[]; pointerLevels: number } {
  const dims: Dim[] = [];
  let pointerLevels = 0;
  let cur = t;
  for (;;) {
    if (cur.k === "array") {
      dims.push({ lower: { kind: "int", value: 0, span }, upper: cur.size ? minusOne(cur.size) : null });
      cur = cur.of;
    } else if (cur.k === "ptr" && cur.to.k !== "func" && !(cur.to.k === "prim" && cur.to.t.base === "void")) {
      // Conservative: a pointer's extent is unknown, whatever it was allocated with.
      dims.push({ lower: { kind: "int", value: 0, span }, upper: null });
      pointerLevels = dims.length;
      cur = cur.to;
    } else break;
  }
  return { elem: cur, dims, pointerLevels };
}

/** sizeof for the types whose size doall knows (LP64). */
export function sizeOf(t: CType): number | undefined {
  switch (t.k) {
    case "prim":
      return t.t.bytes;
    case "ptr":
      return 8;
    case "array": {
      const n = t.size ? evalInt(t.size) : undefined;
      const e = sizeOf(t.of);
      return n !== undefined && e !== undefined ? n * e : undefined;
    }
    default:
      return undefined;
  }
}
