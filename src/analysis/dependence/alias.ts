import { accessedType, typesMayAlias } from "../effective-types.js";
import type { Sym } from "../../ir/symbol.js";

/**
 * May two different symbols be the same memory? (Needed because a pair of
 * references to different arrays is a dependence problem too when they
 * overlap.)
 *
 * - EQUIVALENCE partners share storage: "may-alias".
 * - Members of one COMMON block are laid out one after the other (storage
 *   sequence association): disjoint while every subscript stays within its
 *   declared bounds, overlapping otherwise ("common").
 * - C pointers (and Fortran POINTER/TARGET objects) may point anywhere:
 *   "may-alias", except, in C, into a declared object of a type they may
 *   not access (the effective-type rule, effective-types.ts): "disjoint".
 *   Two pointers of different types may still reach one allocated object,
 *   whose effective type changes with each store.
 * - Fortran dummy arguments are assumed not to alias each other or COMMON
 *   members: the standard forbids defining an object through one name
 *   while it is accessed through another (F2008 §12.5.2.13). doall relies
 *   on this; C parameters get no such assumption (they are pointers).
 * - Anything else (distinct locals, globals): "disjoint".
 */
/**
 * "same-start" (C pointers only, pointer-alias.ts): at every call the two
 * start at one address or point into different objects, with arrays of
 * one element type but shapes of their own: compared by their addresses.
 */
export type AliasKind = "same" | "same-start" | "disjoint" | "may-alias" | "common";

export function aliasKind(a: Sym, b: Sym): AliasKind {
  if (a === b) return "same";
  if (isPointerLike(a) || isPointerLike(b)) {
    // A Fortran POINTER reaches only TARGETs and other pointers; a C pointer anything. The C
    // front end lowers `double *a` (and array parameters) to an array of double marked
    // `pointer`; row-major layout tells it from a Fortran POINTER.
    const cPointer = isCPointer(a) || isCPointer(b);
    // C11 §6.5 ¶7 (effective-types.ts): a double pointer and an int array are never the same memory.
    // Only where one of them is a declared object, whose effective type is its declared one: two pointers
    // may both reach allocated storage, whose effective type a store changes (found by fuzzing: a malloc'd
    // buffer read as float at i + 1 and written as int at i, only anti-dependences serially).
    const declared = !isPointerLike(a) || !isPointerLike(b);
    if (cPointer) return declared && !typesMayAlias(accessedType(a), accessedType(b)) ? "disjoint" : "may-alias";
    const reach = (p: Sym, q: Sym) => isPointerLike(p) && (isPointerLike(q) || q.attrs.target === true);
    return reach(a, b) || reach(b, a) ? "may-alias" : "disjoint";
  }
  // A Fortran TARGET dummy may be associated with an actual that another TARGET dummy, or a TARGET
  // variable it can see, also names (F2018 15.5.2.13: the no-aliasing rule does not hold for TARGETs; found
  // by fuzzing: `x(i) = y(i) + 1.0` with x given a(2:n) and y a(1:n-1) got a directive).
  if (a.attrs.target && b.attrs.target && (a.storage === "dummy" || b.storage === "dummy")) return "may-alias";
  if (a.equivalence !== undefined && a.equivalence === b.equivalence) return "may-alias";
  if (a.storage === "common" && b.storage === "common" && a.common === b.common) return "common";
  return "disjoint";
}

function isCPointer(s: Sym): boolean {
  return s.type.base === "pointer" || (s.attrs.pointer === true && s.layout === "row-major");
}

function isPointerLike(s: Sym): boolean {
  return s.type.base === "pointer" || s.attrs.pointer === true;
}
