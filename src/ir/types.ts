/**
 * Data types in the language-neutral HIR. Fortran `double precision` and C
 * `double` both become `{ base: "real", bytes: 8 }`; what the analyses need
 * is mostly "is it an integer", "is it floating point" and the element size.
 */
export type BaseType =
  | "integer"
  | "real"
  | "complex"
  | "logical"
  | "character"
  | "derived" // Fortran derived type or C struct/union
  | "pointer" // C pointer (pointee in `pointee`)
  | "void"
  | "unknown";

export interface Type {
  base: BaseType;
  /** Size in bytes of one element when known (Fortran kind / `*n`, C sizeof). */
  bytes?: number;
  /** Character length when known; -1 for assumed length `*(*)`. */
  charLen?: number;
  /** Name of the derived type / struct. */
  typeName?: string;
  /**
   * A C struct or union made of numbers only (no pointer at any depth): their
   * types, in order (`dcomplex`: two doubles). A value of it holds no address,
   * and an access to it may touch only objects of those types (C11 6.5p7).
   */
  members?: Type[];
  /** What a C pointer points to. */
  pointee?: Type;
  /** C `unsigned`. */
  unsigned?: boolean;
}

export const INTEGER: Type = { base: "integer", bytes: 4 };
export const REAL: Type = { base: "real", bytes: 4 };
export const DOUBLE: Type = { base: "real", bytes: 8 };
export const LOGICAL: Type = { base: "logical", bytes: 4 };
export const UNKNOWN_TYPE: Type = { base: "unknown" };

/** A character type whose length is not a constant: deferred (`character(:)`), assumed (`*`) or automatic (`len=m`). */
export function lengthNotConstant(t: Type): boolean {
  return t.base === "character" && (t.charLen === undefined || t.charLen < 0);
}

export function isNumeric(t: Type): boolean {
  return t.base === "integer" || t.base === "real" || t.base === "complex";
}

export function typeToString(t: Type): string {
  switch (t.base) {
    case "pointer":
      return `${t.pointee ? typeToString(t.pointee) : "void"}*`;
    case "character":
      return t.charLen === undefined ? "character" : `character*${t.charLen < 0 ? "(*)" : t.charLen}`;
    case "derived":
      return `type(${t.typeName ?? "?"})`;
    default:
      return t.bytes ? `${t.base}*${t.bytes}` : t.base;
  }
}
